import { inject } from 'vitest';

/** A server the suite shares: its address and DATA_DIR (mail outbox under outbox/). */
export interface SharedServer {
  baseUrl: string;
  /** Empty when unknown (an external E2E_BASE_URL without E2E_DATA_DIR). */
  dataDir: string;
}

/**
 * Which of global-setup's per-worker resources this test file uses: Vitest numbers its workers
 * 1…maxWorkers (VITEST_POOL_ID) and a file runs in one worker, so two files that run side by side
 * never share a server or a browser, and a worker's next file finds both already started.
 */
function slot(count: number): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return ((Number.isInteger(id) && id > 0 ? id : 1) - 1) % count;
}

/** This worker's built server (global-setup.ts starts one per worker). */
export function workerServer(): SharedServer {
  const servers = inject('servers');
  const server = servers[slot(servers.length)];
  if (!server) throw new Error('e2e/global-setup.ts provided no server');
  return server;
}

/** This worker's Chromium (a Playwright browser server), or undefined to launch one per file. */
export function workerBrowserEndpoint(): string | undefined {
  const endpoints = inject('browserEndpoints');
  return endpoints.length > 0 ? endpoints[slot(endpoints.length)] : undefined;
}
