// node --test: the locale fragment merge (scripts/merge-locales.mjs) on a throwaway web folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { mergeLocales, mergeTrees } from '../merge-locales.mjs';

const write = (file, value) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
};
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('merging locale fragments', () => {
  let web;
  beforeEach(() => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
    write(path.join(web, 'locales/en.json'), {
      nav: { home: 'Home' },
      profile: { title: 'Profile' },
    });
    write(path.join(web, 'locales/hi.json'), {
      nav: { home: 'होम' },
      profile: { title: 'प्रोफ़ाइल' },
    });
    fs.mkdirSync(path.join(web, 'features/other'), { recursive: true });
  });
  afterEach(() => fs.rmSync(web, { recursive: true, force: true }));

  it('merges nested keys and lets a fragment replace a string', () => {
    assert.deepEqual(mergeTrees({ a: { b: '1', c: '2' } }, { a: { c: '3', d: '4' } }), {
      a: { b: '1', c: '3', d: '4' },
    });
    assert.deepEqual(mergeTrees({ a: 'x' }, { a: { b: 'y' } }), { a: { b: 'y' } });
  });

  it('folds each feature’s fragments into both languages and removes them', () => {
    write(path.join(web, 'features/profile/locales/en.json'), {
      profile: { sessions: 'Sessions' },
    });
    write(path.join(web, 'features/profile/locales/hi.json'), { profile: { sessions: 'सत्र' } });
    const merged = mergeLocales(web);
    assert.equal(merged.length, 2);
    assert.deepEqual(read(path.join(web, 'locales/en.json')), {
      nav: { home: 'Home' },
      profile: { title: 'Profile', sessions: 'Sessions' },
    });
    assert.equal(read(path.join(web, 'locales/hi.json')).profile.sessions, 'सत्र');
    assert.equal(fs.existsSync(path.join(web, 'features/profile/locales')), false);
  });

  it('applies fragments in feature order and leaves a folder with other files', () => {
    write(path.join(web, 'features/a/locales/en.json'), { nav: { home: 'A' } });
    write(path.join(web, 'features/b/locales/en.json'), { nav: { home: 'B' } });
    fs.writeFileSync(path.join(web, 'features/b/locales/notes.txt'), 'keep');
    mergeLocales(web);
    assert.equal(read(path.join(web, 'locales/en.json')).nav.home, 'B');
    assert.equal(fs.existsSync(path.join(web, 'features/b/locales/notes.txt')), true);
  });

  it('changes nothing without fragments', () => {
    const before = fs.readFileSync(path.join(web, 'locales/en.json'), 'utf8');
    assert.deepEqual(mergeLocales(web), []);
    assert.deepEqual(JSON.parse(before), read(path.join(web, 'locales/en.json')));
  });
});
