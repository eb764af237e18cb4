// node --test: the locale merge (scripts/merge-locales.mjs) on a throwaway web folder. Issue 41
// split the strings into one file per group and language (locales/<language>/<group>.json), so
// fragments now fold into those files instead of locales/en.json and hi.json.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { groupFile, mergeLocales, mergeTrees } from '../merge-locales.mjs';

const write = (file, value) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
};
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('merging locale fragments', () => {
  let web;
  beforeEach(() => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
    write(path.join(web, 'locales/en/nav.json'), { nav: { home: 'Home' } });
    write(path.join(web, 'locales/en/profile.json'), { profile: { title: 'Profile' } });
    write(path.join(web, 'locales/hi/nav.json'), { nav: { home: 'होम' } });
    write(path.join(web, 'locales/hi/profile.json'), { profile: { title: 'प्रोफ़ाइल' } });
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
    assert.deepEqual(read(path.join(web, 'locales/en/profile.json')), {
      profile: { title: 'Profile', sessions: 'Sessions' },
    });
    assert.deepEqual(read(path.join(web, 'locales/en/nav.json')), { nav: { home: 'Home' } });
    assert.equal(read(path.join(web, 'locales/hi/profile.json')).profile.sessions, 'सत्र');
    assert.equal(fs.existsSync(path.join(web, 'features/profile/locales')), false);
  });

  it('applies fragments in feature order and leaves a folder with other files', () => {
    write(path.join(web, 'features/a/locales/en.json'), { nav: { home: 'A' } });
    write(path.join(web, 'features/b/locales/en.json'), { nav: { home: 'B' } });
    fs.writeFileSync(path.join(web, 'features/b/locales/notes.txt'), 'keep');
    mergeLocales(web);
    assert.equal(read(path.join(web, 'locales/en/nav.json')).nav.home, 'B');
    assert.equal(fs.existsSync(path.join(web, 'features/b/locales/notes.txt')), true);
  });

  it('changes nothing without fragments', () => {
    const before = fs.readFileSync(path.join(web, 'locales/en/nav.json'), 'utf8');
    assert.deepEqual(mergeLocales(web), []);
    assert.deepEqual(JSON.parse(before), read(path.join(web, 'locales/en/nav.json')));
  });

  it('puts a new group of a fragment in a file of its own, named after it', () => {
    assert.equal(groupFile('purchaseOrders'), 'purchase-orders.json');
    write(path.join(web, 'features/purchase-orders/locales/en.json'), {
      purchaseOrders: { title: 'Purchase orders' },
      nav: { purchaseOrders: 'Purchase orders' },
    });
    mergeLocales(web);
    assert.deepEqual(read(path.join(web, 'locales/en/purchase-orders.json')), {
      purchaseOrders: { title: 'Purchase orders' },
    });
    assert.deepEqual(read(path.join(web, 'locales/en/nav.json')), {
      nav: { home: 'Home', purchaseOrders: 'Purchase orders' },
    });
  });

  it('splits a whole-language file (as kept before issue 41) into its groups and removes it', () => {
    write(path.join(web, 'locales/en.json'), {
      nav: { home: 'Home page', tags: 'Tags' },
      stockReports: { title: 'Stock reports' },
    });
    const merged = mergeLocales(web);
    assert.deepEqual(merged, ['locales/en.json']);
    assert.equal(fs.existsSync(path.join(web, 'locales/en.json')), false);
    assert.deepEqual(read(path.join(web, 'locales/en/nav.json')), {
      nav: { home: 'Home page', tags: 'Tags' },
    });
    assert.deepEqual(read(path.join(web, 'locales/en/stock-reports.json')), {
      stockReports: { title: 'Stock reports' },
    });
    assert.deepEqual(read(path.join(web, 'locales/en/profile.json')), {
      profile: { title: 'Profile' },
    });
  });
});
