import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import allEnglish from './all-en';
import allHindi from './all-hi';
import type { LocaleTree } from './merge';

// Issue 41: the strings are split by feature, one file per group and language
// (locales/en/deliveries.json, locales/hi/deliveries.json …), merged at load, so two features
// never edit the same file.
const here = path.dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['en', 'hi'] as const;

function files(language: string): string[] {
  return fs
    .readdirSync(path.join(here, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
}

function read(language: string, file: string): LocaleTree {
  return JSON.parse(fs.readFileSync(path.join(here, language, file), 'utf8')) as LocaleTree;
}

function leaves(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

describe('locale files', () => {
  it('are one folder per language, with no single file of every string left', () => {
    for (const language of LANGUAGES) {
      expect(fs.existsSync(path.join(here, `${language}.json`)), `${language}.json`).toBe(false);
      expect(files(language).length).toBeGreaterThan(10);
    }
  });

  it('has the same files in both languages, named in kebab-case after the group they hold', () => {
    expect(files('hi')).toEqual(files('en'));
    for (const file of files('en')) {
      expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/);
      const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(Object.keys(read('en', file)).map(kebab), file).toContain(file.replace(/\.json$/, ''));
    }
  });

  it('gives each file the same keys in both languages', () => {
    for (const file of files('en')) {
      expect(leaves(read('hi', file)).sort(), file).toEqual(leaves(read('en', file)).sort());
    }
  });

  it('defines every string in exactly one file', () => {
    for (const language of LANGUAGES) {
      const owner = new Map<string, string>();
      const twice: string[] = [];
      for (const file of files(language)) {
        for (const key of leaves(read(language, file))) {
          const first = owner.get(key);
          if (first) twice.push(`${language}: ${key} in ${first} and ${file}`);
          else owner.set(key, file);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('merges every file into what the app loads', () => {
    for (const [language, loaded] of [
      ['en', allEnglish],
      ['hi', allHindi],
    ] as const) {
      const expected = files(language).flatMap((file) => leaves(read(language, file)));
      expect(leaves(loaded).sort()).toEqual(expected.sort());
    }
    expect(Object.keys(allEnglish)).toContain('deliveries');
    expect(allHindi).toHaveProperty('nav.deliveries');
  });
});
