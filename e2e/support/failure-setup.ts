// Vitest setup file of the e2e project: a failed test prints where its open pages were.
import { afterEach } from 'vitest';
import { reportOpenPages } from './failure-report';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await reportOpenPages(name);
});
