import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (mail outbox under outbox/); empty when unknown. */
    dataDir: string;
  }
}

/**
 * Starts the built server on a free port over a fresh data directory (or uses E2E_BASE_URL, with
 * E2E_DATA_DIR, when set) and hands both to the tests: `inject('baseUrl')`, `inject('dataDir')`.
 * Its sites get the unlimited Basic plan, so feature tests are not cut short by Free's caps; the
 * plan-limit test starts its own server on Free (e2e/subscription.e2e.ts).
 */
export default async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return;
  }
  const server = await startBuiltServer({ DEFAULT_PLAN: 'Basic' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
