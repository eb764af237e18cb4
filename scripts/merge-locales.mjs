#!/usr/bin/env node
// Folds feature locale fragments (apps/web/src/features/<area>/locales/{en,hi}.json) into
// apps/web/src/locales/en.json and hi.json, then deletes the fragments.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `b` over `a`, key by key; nested objects merge, anything else replaces. */
export function mergeTrees(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = typeof v === 'object' && typeof out[k] === 'object' ? mergeTrees(out[k], v) : v;
  }
  return out;
}

/** Folds every fragment under `web/features/*` into `web/locales`; returns the files merged. */
export function mergeLocales(web, log = () => undefined) {
  const merged = [];
  for (const language of ['en', 'hi']) {
    const mainFile = path.join(web, 'locales', `${language}.json`);
    let tree = JSON.parse(fs.readFileSync(mainFile, 'utf8'));
    for (const feature of fs.readdirSync(path.join(web, 'features')).sort()) {
      const file = path.join(web, 'features', feature, 'locales', `${language}.json`);
      if (!fs.existsSync(file)) continue;
      tree = mergeTrees(tree, JSON.parse(fs.readFileSync(file, 'utf8')));
      fs.rmSync(file);
      const dir = path.dirname(file);
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
      const name = path.relative(web, file);
      merged.push(name);
      log(`merged ${name}`);
    }
    fs.writeFileSync(mainFile, `${JSON.stringify(tree, null, 2)}\n`);
  }
  return merged;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  mergeLocales(web, console.log);
}
