#!/usr/bin/env node
// Makes a fresh clone runnable with one command: installs dependencies when they are missing or
// older than the lock file, and (with --build) builds the server and web app when their sources
// are newer than the build. Plain Node, no dependencies, so it runs before `npm install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wantBuild = process.argv.includes('--build');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file under the given paths (skipping build output). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      const base = path.basename(p);
      if (base === 'node_modules' || base === 'dist') return;
      for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    } else if (stat.mtimeMs > max) {
      max = stat.mtimeMs;
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return max;
}

/** True when a package resolves from the given workspace (wherever npm hoisted it). */
function resolvable(workspace, name) {
  try {
    createRequire(path.join(root, workspace, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const marker = path.join(root, 'node_modules', '.package-lock.json');
const needsInstall =
  !fs.existsSync(marker) ||
  mtime(path.join(root, 'package-lock.json')) > mtime(marker) ||
  !resolvable('apps/server', 'better-sqlite3') ||
  !resolvable('apps/web', 'vite') ||
  !resolvable('.', 'vitest');
if (needsInstall) {
  console.log('Installing dependencies (npm install)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['install', '--no-audit', '--no-fund']);
}

if (wantBuild) {
  const shared = ['packages/domain/src', 'package-lock.json'];
  const serverOut = path.join(root, 'apps/server/dist/main.js');
  if (newest(['apps/server/src', 'apps/server/build.mjs', ...shared]) > mtime(serverOut)) {
    console.log('Building the server…');
    run(process.execPath, ['apps/server/build.mjs']);
  }
  const webOut = path.join(root, 'apps/web/dist/index.html');
  if (
    newest([
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...shared,
    ]) > mtime(webOut)
  ) {
    console.log('Building the web app…');
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', 'apps/web']);
  }
}
