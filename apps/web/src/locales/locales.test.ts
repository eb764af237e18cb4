import { describe, expect, it } from 'vitest';
import en from './en.json';
import hi from './hi.json';

type Tree = { [key: string]: string | Tree };

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
