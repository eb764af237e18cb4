#!/usr/bin/env node
// Prints the JavaScript a first visit to /login fetches, gzipped — the figure issue 7 asks the
// build to show (target: 170 KB). That is index.html's scripts plus everything they import
// statically, plus the lazily loaded login route and its static imports. `--max <KB>` fails the
// build above the given size.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const assets = path.join(dist, 'assets');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** Chunk file names a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(file) {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) {
    found.add(`/assets/${match[1]}`);
  }
  return found;
}

function closure(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) queue.push(next);
  }
  return seen;
}

const entry = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const loginChunk = fs.readdirSync(assets).find((name) => /^login-page-[\w-]+\.js$/.test(name));
const roots = [...entry, ...(loginChunk ? [`/assets/${loginChunk}`] : [])];
const files = closure(roots);
// Plain scripts in index.html outside assets/ (the theme snippet) load too.
for (const match of html.matchAll(/<script[^>]+src="(\/[^"/]+\.js)"/g)) files.add(match[1]);

let raw = 0;
let gz = 0;
for (const file of files) {
  const body = fs.readFileSync(path.join(dist, file));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `initial JavaScript of /login: ${files.size} files, ${kb(raw)} (${kb(gz)} gzipped; target 170 KB)`,
);
if (!loginChunk) console.log('  (no separate login-page chunk: the login page is in the entry)');
if (process.argv.includes('--list')) {
  for (const file of [...files].sort()) {
    const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    console.log(`  ${kb(size).padStart(9)}  ${file}`);
  }
}
const maxAt = process.argv.indexOf('--max');
if (maxAt > 0 && gz / 1024 > Number(process.argv[maxAt + 1])) {
  console.error(`initial JavaScript above ${process.argv[maxAt + 1]} KB gzipped`);
  process.exit(1);
}
