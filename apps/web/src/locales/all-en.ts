import { mergeLocaleFiles, type LocaleTree } from './merge';

/**
 * Every English string, as one module: lib/i18n.ts imports it after the first paint, so the
 * bundler makes it a chunk of its own (the first page carries only the groups it needs).
 */
const english: LocaleTree = mergeLocaleFiles(
  import.meta.glob<LocaleTree>('./en/*.json', { eager: true, import: 'default' }),
);

export default english;
