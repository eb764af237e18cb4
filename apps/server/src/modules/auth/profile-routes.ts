import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zProfileUpdate, zUser, type ProfileUpdate } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sniffFileKind, type FileStore } from '../../platform/files.js';
import { refuseUnsafeText } from '../../platform/text-guard.js';
import * as auth from './auth-service.js';

const AVATARS = 'avatars';

/** PATCH /api/me takes JSON, or multipart with name, phone and an `avatar` image. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch('/api/me', { schema: { tags: ['me'], response: { 200: zUser } } }, async (req) => {
    const { user } = currentUser(req);
    let fields: Record<string, unknown> = {};
    let avatar: string | undefined;
    if (req.isMultipart()) {
      for await (const part of req.parts()) {
        refuseUnsafeText(req, {
          [part.fieldname]: part.type === 'file' ? part.filename : part.value,
        });
        if (part.type === 'file') {
          if (part.fieldname !== 'avatar') {
            await part.toBuffer();
            continue;
          }
          const data = await part.toBuffer().catch(() => {
            throw new AppError('FILE_TOO_LARGE', { max_mb: ctx.config.maxUploadMb });
          });
          const kind = sniffFileKind(data);
          if (!kind || kind === 'pdf')
            throw new AppError('INVALID_FILE_TYPE', { file: part.filename });
          avatar = await files.save(AVATARS, kind, data);
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    } else {
      fields = (req.body ?? {}) as Record<string, unknown>;
    }
    const parsed = zProfileUpdate.safeParse(fields);
    if (!parsed.success) {
      const data: Record<string, { code: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        data[issue.path.join('.') || '_'] ??= { code: issue.code, message: issue.message };
      }
      throw new AppError('VALIDATION_FAILED', data);
    }
    const previous = user.avatar;
    const updated = await auth.updateMe(ctx, user.id, {
      ...(parsed.data as ProfileUpdate),
      avatar,
    });
    if (avatar && previous) await files.remove(AVATARS, previous);
    return updated;
  });

  // Avatars are public by unguessable name, so an <img> can show them without a bearer token.
  r.get(
    '/api/avatars/:name',
    {
      config: { access: { auth: 'public' } },
      schema: { tags: ['me'], params: z.object({ name: z.string().max(40) }) },
    },
    async (req, reply) => {
      const file = await files.open(AVATARS, req.params.name);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
}
