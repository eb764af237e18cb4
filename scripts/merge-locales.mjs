#!/usr/bin/env node
// Folds strings into the per-feature locale files, apps/web/src/locales/<language>/<group>.json
// (issue 41: one file per top-level group, e.g. `deliveries` in deliveries.json,
// `purchaseOrders` in purchase-orders.json):
// - a whole-language file apps/web/src/locales/<language>.json, as every string was kept before
//   issue 41 (a branch from then brings one back when it is merged): each of its groups replaces
//   that group in its file; the whole file is then deleted;
// - feature fragments (apps/web/src/features/<area>/locales/<language>.json): each group is merged
//   key by key into its file; the fragments are then deleted.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en', 'hi'];

/** `b` over `a`, key by key; nested objects merge, anything else replaces. */
export function mergeTrees(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = typeof v === 'object' && typeof out[k] === 'object' ? mergeTrees(out[k], v) : v;
  }
  return out;
}

/** The file a top-level group lives in: `purchaseOrders` → `purchase-orders.json`. */
export function groupFile(group) {
  return `${group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, tree) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
};

/**
 * Writes each group of `tree` into its file under `folder`: `replace` puts the group in whole
 * (a whole-language file holds all of it), otherwise it is merged over what the file has.
 */
function foldGroups(folder, tree, replace) {
  for (const [group, value] of Object.entries(tree)) {
    const file = path.join(folder, groupFile(group));
    const current = fs.existsSync(file) ? readJson(file) : {};
    const next = replace ? { ...current, [group]: value } : mergeTrees(current, { [group]: value });
    writeJson(file, next);
  }
}

/** Folds whole-language files and feature fragments under `web`; returns the files folded. */
export function mergeLocales(web, log = () => undefined) {
  const merged = [];
  const done = (file) => {
    const name = path.relative(web, file);
    merged.push(name);
    log(`merged ${name}`);
  };
  for (const language of LANGUAGES) {
    const folder = path.join(web, 'locales', language);
    const whole = path.join(web, 'locales', `${language}.json`);
    if (fs.existsSync(whole)) {
      foldGroups(folder, readJson(whole), true);
      fs.rmSync(whole);
      done(whole);
    }
    const features = path.join(web, 'features');
    if (!fs.existsSync(features)) continue;
    for (const feature of fs.readdirSync(features).sort()) {
      const file = path.join(features, feature, 'locales', `${language}.json`);
      if (!fs.existsSync(file)) continue;
      foldGroups(folder, readJson(file), false);
      fs.rmSync(file);
      const dir = path.dirname(file);
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
      done(file);
    }
  }
  return merged;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  mergeLocales(web, console.log);
}
