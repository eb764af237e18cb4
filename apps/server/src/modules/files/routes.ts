import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { FileStore } from '../../platform/files.js';

/** Uploads and downloads of record files (API.md "Files"). */
export function fileRoutes(_app: FastifyInstance, _ctx: AppContext, _files: FileStore): void {
  // Filled in by issue 3.
}
