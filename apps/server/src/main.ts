import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { limitHeapGrowth } from './platform/heap-growth.js';

limitHeapGrowth();

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await buildApp(config);

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
