import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the WAL's new pages into the database file. */
const INTERVAL_MS = 200;

/**
 * Runs in the worker thread, with its own connection to the same file. A PASSIVE checkpoint never
 * waits for the writer or the readers: it copies what it can and leaves the rest for next time.
 * Plain CommonJS text, so the bundled server needs no second entry file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let timer = null;
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
    db.close();
    parentPort.close();
    return;
  }
  timer = setTimeout(tick, workerData.interval);
};
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
timer = setTimeout(tick, workerData.interval);
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the request path. By default the connection that commits the
 * 1000th page of the WAL copies the WAL into the database and syncs it, inside that request: on
 * the benchmark's create-delivery load that made a commit 0.8–1.0 ms instead of 0.37 ms
 * (bench/ANALYSIS.md). Here the writer never checkpoints (`wal_autocheckpoint = 0`) and a worker
 * thread does it every 200 ms. Should the worker fail, the writer checkpoints again as before, so
 * the WAL never grows without bound.
 */
export function startCheckpointer(
  file: string,
  writer: { pragma(source: string): unknown },
  onFailure: (message: string) => void,
): Checkpointer {
  writer.pragma('wal_autocheckpoint = 0');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, interval: INTERVAL_MS },
  });
  // The server's shutdown, not this thread, decides when the process ends.
  worker.unref();
  let stopping = false;
  const fallBack = (message: string) => {
    if (stopping) return;
    stopping = true;
    writer.pragma('wal_autocheckpoint = 1000');
    onFailure(message);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) fallBack(message.failed);
  });
  worker.on('error', (error) => fallBack(error.message));
  worker.on('exit', (code) => fallBack(`checkpointer exited (${code})`));
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
