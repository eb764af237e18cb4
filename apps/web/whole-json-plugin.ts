import fs from 'node:fs';

/**
 * `import('./x.json?all')`: the whole JSON file as a module of its own, so that named imports of
 * a few keys from `./x.json` elsewhere stay small (lib/i18n.ts: the first page's strings).
 */
export const wholeJson = {
  name: 'siteledger-whole-json',
  enforce: 'pre' as const,
  load(this: { addWatchFile(file: string): void }, id: string) {
    if (!id.endsWith('.json?all')) return null;
    const file = id.slice(0, -'?all'.length);
    this.addWatchFile(file);
    return `export default JSON.parse(${JSON.stringify(fs.readFileSync(file, 'utf8'))});`;
  },
};
