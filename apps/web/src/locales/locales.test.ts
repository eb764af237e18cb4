import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import enMain from './all-en';
import hiMain from './all-hi';

type Tree = { [key: string]: string | Tree };

// Feature fragments (features/<area>/locales/*.json) count as part of the locale files.
const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');
function withFragments(base: Tree, language: string): Tree {
  const merge = (a: Tree, b: Tree): Tree => {
    const out: Tree = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const e = out[k];
      out[k] = typeof v === 'object' && typeof e === 'object' ? merge(e, v) : v;
    }
    return out;
  };
  let tree = base;
  for (const feature of fs.readdirSync(featuresDir)) {
    const file = path.join(featuresDir, feature, 'locales', `${language}.json`);
    if (fs.existsSync(file)) tree = merge(tree, JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
  }
  return tree;
}
const en = withFragments(enMain as Tree, 'en');
const hi = withFragments(hiMain as Tree, 'hi');

/** Every leaf key as a dotted path, e.g. "nav.dashboard". */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valuesOf(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : valuesOf(value),
  );
}

describe('locales', () => {
  const enKeys = keysOf(en as Tree).sort();
  const hiKeys = keysOf(hi as Tree).sort();

  it('en.json and hi.json have exactly the same keys', () => {
    const missingInHi = enKeys.filter((key) => !hiKeys.includes(key));
    const missingInEn = hiKeys.filter((key) => !enKeys.includes(key));
    expect({ missingInHi, missingInEn }).toEqual({ missingInHi: [], missingInEn: [] });
  });

  it('has no empty translations', () => {
    expect(valuesOf(en as Tree).filter((value) => !value.trim())).toEqual([]);
    expect(valuesOf(hi as Tree).filter((value) => !value.trim())).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([key, value]): [string, string][] =>
        typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`),
      );
    const hiMap = new Map(flat(hi as Tree));
    const mismatched = flat(en as Tree)
      .filter(
        ([key, value]) =>
          hiMap.has(key) && placeholders(value) !== placeholders(hiMap.get(key) ?? ''),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
