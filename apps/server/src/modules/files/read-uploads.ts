import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { refuseUnsafeText } from '../../platform/text-guard.js';
import type { Upload } from './files-service.js';

const FIELD = 'file';

/**
 * Reads every `file` part of a multipart request into memory (other parts are skipped). A part
 * above the size limit (@fastify/multipart's `fileSize`) → 413 FILE_TOO_LARGE naming that file.
 */
export async function readUploads(req: FastifyRequest, maxMb: number): Promise<Upload[]> {
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', {
      file: { code: 'required', message: 'Send the files as multipart/form-data, field "file"' },
    });
  }
  const uploads: Upload[] = [];
  for await (const part of req.parts()) {
    // A field name or file name with a NUL is refused like any other text (issue 17).
    refuseUnsafeText(req, { [part.fieldname]: part.type === 'file' ? part.filename : part.value });
    if (part.type !== 'file') continue;
    if (part.fieldname !== FIELD) {
      part.file.resume();
      continue;
    }
    try {
      uploads.push({ filename: part.filename, data: await part.toBuffer() });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', { file: part.filename, max_mb: maxMb });
      }
      throw error;
    }
  }
  return uploads;
}
