#!/usr/bin/env node
// Prints the JavaScript the first page load fetches (index.html's scripts and module preloads),
// gzipped — the figure issue 7 asks the build to show (target: 170 KB for the login page).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((match) => match[1]));
let raw = 0;
let gz = 0;
for (const file of files) {
  const body = fs.readFileSync(path.join(dist, file));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`initial JavaScript: ${files.size} files, ${kb(raw)} (${kb(gz)} gzipped)`);
