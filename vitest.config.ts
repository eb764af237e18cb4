import { defineConfig } from 'vitest/config';

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
