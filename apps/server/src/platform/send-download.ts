import type { FastifyReply } from 'fastify';
import type { Download } from '../documents/download.js';

/**
 * Sends a file answer (an export, a report, an invoice PDF): its type and name, never sniffed
 * or cached, the body streamed as it is made. `onSent` runs once the last byte was handed to
 * the connection ('finish'); a client that disconnects half-way closes the response without it.
 */
export function sendDownload(reply: FastifyReply, file: Download) {
  const { onSent } = file;
  if (onSent) {
    reply.raw.once('finish', () => {
      onSent().catch((error: unknown) => reply.log.error({ err: error }, 'export not recorded'));
    });
  }
  return reply
    .type(file.contentType)
    .header('content-disposition', file.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}
