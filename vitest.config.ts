import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server test files that change module state at import or leave it changed: a record type
 * registered before the app's modules load (registry), the tx-events subscriber list replaced.
 */
const SERVER_ISOLATED = ['test/registry.test.ts', 'src/platform/tx-events.test.ts'];

// `npm test` runs every project but e2e (which needs a browser: `npm run test:e2e`).
export default defineConfig({
  test: {
    // The server suites wait on HTTP, PostgreSQL and child processes more than on the CPU: two
    // files at a time keep both cores of a CI machine busy (the default there is one).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_ISOLATED],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker's files share one module graph: the app (Fastify, Kysely, every module) is
          // loaded once per worker rather than once per file, which cut a 9-file run from 149 s
          // to 67 s on a busy 2-core machine. Each file still builds its own app over its own
          // database, and buildApp reinstalls the process-wide pieces (tx-events subscribers).
          isolate: false,
        },
      },
      {
        // The files that change module state the others read: a module graph of their own each.
        test: {
          name: 'server-isolated',
          root: './apps/server',
          include: SERVER_ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web',
      {
        // Web components rendered with Testing Library in happy-dom: what a form or a page shows
        // and checks needs no real browser (the e2e suite keeps the journeys through one).
        test: {
          name: 'web-components',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
