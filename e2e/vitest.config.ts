import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: a real server (apps/server/dist) and the built web app, driven in Chromium
 * through playwright-core. Two files at a time (E2E_WORKERS): global-setup starts one server and
 * one Chromium per worker, which the worker's files reuse (support/worker.ts); each spec registers
 * its own account and site and opens its own browser contexts. Most of a spec's time is spent
 * waiting on the browser, so two overlap well even on a 2-core machine. Generous timeouts for a
 * cold browser.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
