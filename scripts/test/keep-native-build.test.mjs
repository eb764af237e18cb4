import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cachedTarballPath } from '../keep-native-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('names the tarball as prebuild-install would download it for this Node', () => {
  const require = createRequire(path.join(root, 'package.json'));
  const { version } = require('better-sqlite3/package.json');
  const { url, file } = cachedTarballPath();
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  assert.equal(path.basename(url), name);
  // prebuild-install's cache: <npm cache>/_prebuilds/<6 hex of sha512(url)>-<file name>.
  assert.match(path.basename(file), new RegExp(`^[0-9a-f]{6}-${name.replace(/\./g, '\\.')}$`));
  assert.equal(path.basename(path.dirname(file)), '_prebuilds');
});
