#!/usr/bin/env node
// After an install: keeps the better-sqlite3 binary this machine compiled in npm's prebuild cache
// (`<npm cache>/_prebuilds`, where prebuild-install keeps what it downloads), under the name its
// download would have. The next install of the same version for the same Node ABI on this machine
// (a fresh clone, a CI run) then finds it there and unpacks it instead of compiling SQLite again,
// which costs about a minute of CPU here: the prebuilt download cannot be reached from this
// network. A different version, Node ABI, platform or architecture has another name and is
// compiled as before. Plain Node: it runs from `postinstall` and never fails an install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where prebuild-install looks for the package's prebuilt tarball, or null when it cannot tell. */
export function cachedTarballPath(requireFrom = createRequire(path.join(root, 'package.json'))) {
  const pkgDir = path.dirname(requireFrom.resolve('better-sqlite3/package.json'));
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const fromPkg = createRequire(path.join(pkgDir, 'package.json'));
  const util = fromPkg(fromPkg.resolve('prebuild-install/util'));
  // The options prebuild-install's rc.js gives on glibc Linux, macOS and Windows (musl: `libc`).
  const url = util.getDownloadUrl({
    pkg,
    runtime: 'node',
    abi: process.versions.modules,
    platform: process.platform,
    arch: process.arch,
    libc: process.env.LIBC ?? '',
    'tag-prefix': 'v',
  });
  return { pkgDir, url, file: util.cachedPrebuild(url) };
}

function main() {
  let target;
  try {
    target = cachedTarballPath();
  } catch {
    return; // better-sqlite3 or prebuild-install not installed: nothing to keep.
  }
  const binary = path.join(target.pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (fs.existsSync(target.file) || !fs.existsSync(binary)) return;
  // The layout of the project's own release tarballs: build/Release/better_sqlite3.node.
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-prebuild-'));
  try {
    fs.mkdirSync(path.join(staging, 'build', 'Release'), { recursive: true });
    fs.copyFileSync(binary, path.join(staging, 'build', 'Release', 'better_sqlite3.node'));
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    // Written under a temporary name and renamed, so a concurrent install never reads half a file.
    const partial = `${target.file}.${process.pid}.tmp`;
    const tar = spawnSync('tar', ['-czf', partial, '-C', staging, 'build'], { stdio: 'ignore' });
    if (tar.status === 0) fs.renameSync(partial, target.file);
    else fs.rmSync(partial, { force: true });
  } catch {
    // Only a cache: an install never fails for it.
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
