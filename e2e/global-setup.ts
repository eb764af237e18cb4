import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/server';
import type { SharedServer } from './support/worker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, by VITEST_POOL_ID: use `workerServer()` (support/worker.ts). */
    servers: SharedServer[];
    /** One Chromium per worker (Playwright browser servers): `launchBrowser()` connects. */
    browserEndpoints: string[];
    /** The first worker's server, for specs written before `workerServer()`: prefer that. */
    baseUrl: string;
    /** Its DATA_DIR (mail outbox under outbox/); empty when unknown. */
    dataDir: string;
  }
}

/**
 * Starts, for each Vitest worker, the built server on a free port over a fresh data directory and
 * a Chromium, so each test file connects to what its worker already has instead of starting its
 * own (a file's tests still register their own accounts and sites). With E2E_BASE_URL (and
 * E2E_DATA_DIR) every worker uses that server. Its sites get the unlimited Basic plan, so feature
 * tests are not cut short by Free's caps; the plan-limit test starts its own server on Free
 * (e2e/subscription.e2e.ts), as do the files that need a server configured differently.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  const servers: BuiltServer[] = [];
  const browsers: BrowserServer[] = [];
  const stop = async () => {
    await Promise.allSettled([
      ...servers.map((server) => server.stop()),
      ...browsers.map((browser) => browser.close()),
    ]);
  };
  try {
    const external = process.env.E2E_BASE_URL;
    const started = Array.from({ length: workers }, async () => {
      const browser = await chromium.launchServer({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      });
      browsers.push(browser);
      if (!external) servers.push(await startBuiltServer({ DEFAULT_PLAN: 'Basic' }));
    });
    await Promise.all(started);
    const shared: SharedServer[] = external
      ? [{ baseUrl: external.replace(/\/$/, ''), dataDir: process.env.E2E_DATA_DIR ?? '' }]
      : servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir }));
    project.provide('servers', shared);
    project.provide('baseUrl', shared[0]!.baseUrl);
    project.provide('dataDir', shared[0]!.dataDir);
    project.provide(
      'browserEndpoints',
      browsers.map((browser) => browser.wsEndpoint()),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
