import { mergeLocaleFiles, type LocaleTree } from './merge';

/** Every Hindi string, as one module: lib/i18n.ts fetches it when Hindi is chosen. */
const hindi: LocaleTree = mergeLocaleFiles(
  import.meta.glob<LocaleTree>('./hi/*.json', { eager: true, import: 'default' }),
);

export default hindi;
