import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away before answering, at most. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads and discards what is left of a request body. A 413 is decided on the Content-Length or
 * the first megabyte; answering and closing the socket while the client is still writing makes
 * many clients (Node's http, curl without Expect) fail with EPIPE/ECONNRESET before they read
 * the answer, so the JSON error never arrives. Draining first lets them finish sending and read
 * it. Bounded in bytes and time so a client cannot hold the connection forever.
 */
export function drainRequestBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}
