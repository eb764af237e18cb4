import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_LOGO_MAX_MB,
  zBusiness,
  zBusinessList,
  zBusinessMerge,
  zBusinessMergeResult,
  zBusinessPatch,
  zAccountDuplicates,
  zCatalogDuplicates,
  zCatalogMerge,
  zCatalogMergeResult,
  zAccountMerge,
  zAccountMergeResult,
  zVendorDuplicates,
  zVendorMerge,
  zVendorMergeResult,
} from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import {
  getBusiness,
  listBusinesses,
  mergeBusinesses,
  updateBusiness,
} from './businesses-service.js';
import { accountDuplicates, mergeAccounts } from './account-merge.js';
import { catalogDuplicates, mergeCatalog } from './catalog-merge.js';
import { mergeVendors, vendorDuplicates } from './vendor-merge.js';
import { clearBusinessLogo, openBusinessLogo, setBusinessLogo } from './business-logo.js';
import { readUploads } from '../files/read-uploads.js';

const zParams = z.object({ id: z.string().min(1).max(40) });
const tags = ['businesses'];

/** Businesses (issue 47): signed-in callers see and change only the businesses they own. */
export function businessRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/businesses',
    {
      schema: {
        tags,
        summary: 'The businesses the caller owns, each with its sites',
        response: { 200: zBusinessList },
      },
    },
    async (req) => ({ items: await listBusinesses(ctx, currentUser(req).user.id) }),
  );
  r.get(
    '/api/businesses/:id',
    {
      schema: {
        tags,
        summary: 'A business the caller owns',
        params: zParams,
        response: { 200: zBusiness },
      },
    },
    async (req) => getBusiness(ctx, currentUser(req).user.id, req.params.id),
  );
  r.patch(
    '/api/businesses/:id',
    {
      schema: {
        tags,
        summary: "The business's profile; its TAN is every site's",
        params: zParams,
        body: zBusinessPatch,
        response: { 200: zBusiness },
      },
    },
    async (req) => updateBusiness(ctx, currentUser(req).user.id, req.params.id, req.body),
  );
  r.post(
    '/api/businesses/:id/merge',
    {
      schema: {
        tags,
        summary: "Bring other businesses' sites into this one (preview: say what would change)",
        params: zParams,
        body: zBusinessMerge,
        response: { 200: zBusinessMergeResult },
      },
    },
    async (req) => mergeBusinesses(ctx, currentUser(req).user.id, req.params.id, req.body),
  );
  r.get(
    '/api/businesses/:id/vendor_duplicates',
    {
      schema: {
        tags,
        summary: "The business's vendors that look like one party (same GSTIN, or same name)",
        params: zParams,
        response: { 200: zVendorDuplicates },
      },
    },
    async (req) => vendorDuplicates(ctx, currentUser(req).user.id, req.params.id),
  );
  r.post(
    '/api/businesses/:id/vendor_merges',
    {
      schema: {
        tags,
        summary: 'Merge vendors into one, every record and figure kept (preview: say what moves)',
        params: zParams,
        body: zVendorMerge,
        response: { 200: zVendorMergeResult },
      },
    },
    async (req) => mergeVendors(ctx, currentUser(req).user.id, req.params.id, req.body),
  );
  // The logo the business's PDFs carry (issue 47): the owner sets and clears it.
  r.put(
    '/api/businesses/:id/logo',
    {
      schema: {
        tags,
        summary: `Set the logo: multipart, one PNG or JPEG \`file\` of at most ${BUSINESS_LOGO_MAX_MB} MB`,
        consumes: ['multipart/form-data'],
        params: zParams,
        response: { 200: zBusiness },
      },
    },
    async (req) => {
      const userId = currentUser(req).user.id;
      await setBusinessLogo(ctx, userId, req.params.id, () =>
        readUploads(req, ctx.config.maxUploadMb),
      );
      return getBusiness(ctx, userId, req.params.id);
    },
  );
  r.delete(
    '/api/businesses/:id/logo',
    {
      schema: { tags, summary: 'Remove the logo', params: zParams, response: { 200: zBusiness } },
    },
    async (req) => {
      const userId = currentUser(req).user.id;
      await clearBusinessLogo(ctx, userId, req.params.id);
      return getBusiness(ctx, userId, req.params.id);
    },
  );
  // Read with the session (not public like avatars): the owner and the members of its sites.
  r.get(
    '/api/businesses/:id/logo',
    {
      schema: {
        tags,
        summary:
          "The logo (PNG or JPEG), for the owner and every active member of the business's sites",
        params: zParams,
      },
    },
    async (req, reply) => {
      const file = await openBusinessLogo(ctx, currentUser(req).user.id, req.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
  r.get(
    '/api/businesses/:id/account_duplicates',
    {
      schema: {
        tags,
        summary: "The business's money accounts that look like one (type, number or name)",
        params: zParams,
        response: { 200: zAccountDuplicates },
      },
    },
    async (req) => accountDuplicates(ctx, currentUser(req).user.id, req.params.id),
  );
  r.post(
    '/api/businesses/:id/account_merges',
    {
      schema: {
        tags,
        summary: 'Merge money accounts into one, balances summed (preview: say what moves)',
        params: zParams,
        body: zAccountMerge,
        response: { 200: zAccountMergeResult },
      },
    },
    async (req) => mergeAccounts(ctx, currentUser(req).user.id, req.params.id, req.body),
  );
  r.get(
    '/api/businesses/:id/catalog_duplicates',
    {
      schema: {
        tags,
        summary: "The business's items and services that look like one (same name and unit)",
        params: zParams,
        response: { 200: zCatalogDuplicates },
      },
    },
    async (req) => catalogDuplicates(ctx, currentUser(req).user.id, req.params.id),
  );
  r.post(
    '/api/businesses/:id/catalog_merges',
    {
      schema: {
        tags,
        summary: 'Merge items (or services) into one, every record kept (preview: say what moves)',
        params: zParams,
        body: zCatalogMerge,
        response: { 200: zCatalogMergeResult },
      },
    },
    async (req) => mergeCatalog(ctx, currentUser(req).user.id, req.params.id, req.body),
  );
}
