import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: a real server (apps/server/dist) and the built web app, driven in Chromium
 * through playwright-core. Two files at a time (E2E_WORKERS): global-setup starts one server and
 * one Chromium per worker, which the worker's files reuse (support/worker.ts); each spec registers
 * its own account and site and opens its own browser contexts. A worker keeps about one core
 * busy (its Chromium, its server and itself): pinned to one core, four specs took 225 s with one
 * worker and 237 s with two, so more workers than cores gain nothing and the suite is made faster
 * by asking less of the browser. Generous timeouts for a cold browser.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/support/failure-setup.ts'],
    fileParallelism: true,
    // A worker's files share its module cache: each file would otherwise import (and transform)
    // playwright-core, axe-core and the support modules anew, about 2 s a file. The support
    // modules keep no state between files (a spec's accounts, sites and contexts are its own).
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // CI machines have run the suite three times slower than a developer's (see E2E_TIMEOUT_MS).
    testTimeout: process.env.CI === 'true' ? 240_000 : 120_000,
    hookTimeout: process.env.CI === 'true' ? 240_000 : 120_000,
    teardownTimeout: 30_000,
    // expect.poll waits what a locator waits (Playwright's 30 s), not Vitest's 1 s: a poll that
    // reads the page after a reload or a webhook must outlast a busy CI machine's slow render.
    expect: { poll: { timeout: 30_000 } },
  },
});
