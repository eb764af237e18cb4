import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zBudgetImportQuery, zBudgetImportResult } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { zSiteParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { readUploads } from '../files/read-uploads.js';
import { commitBudgetImport, MAX_IMPORT_MB, previewBudgetImport } from './budget-import-service.js';

/**
 * POST /api/sites/{siteId}/budget_lines/import (issue 45, BOQ import): multipart, field `file`
 * (CSV or XLSX). `?preview=true` answers what would be created; without it the valid rows are
 * created (201). Owners only, like every budget write.
 */
export function budgetImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/sites/:siteId/budget_lines/import',
    {
      config: { access: { auth: 'site', ownerOnly: 'create budget lines' } },
      schema: {
        tags: ['budget_lines'],
        summary: 'Import budget lines from a BOQ (CSV or XLSX), with a preview',
        consumes: ['multipart/form-data'],
        params: zSiteParams,
        querystring: zBudgetImportQuery,
        response: { 200: zBudgetImportResult, 201: zBudgetImportResult },
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const key = idempotencyKey(req);
      const [file, ...more] = await readUploads(req, MAX_IMPORT_MB);
      if (!file || more.length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          file: { code: 'required', message: 'Send one CSV or XLSX file, field "file"' },
        });
      }
      if (req.query.preview === 'true') return previewBudgetImport(scope, file);
      return reply.status(201).send(await commitBudgetImport(scope, file, key));
    },
  );
}
