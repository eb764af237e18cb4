import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zMaterialRequest,
  zMaterialRequestApprove,
  zMaterialRequestCreate,
  zMaterialRequestListQuery,
  zMaterialRequestReject,
  zMaterialRequestUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as requests from './material-requests-service.js';

const tags = ['material requests'];
const owner = (what: string) => ({ access: { auth: 'site', ownerOnly: what } }) as const;
const can = (permission: 'canCreate' | 'canUpdate') =>
  ({ access: { auth: 'site', permission, entity: 'material requests' } }) as const;

/** Material requests (API.md "Material requests and purchase orders") and their actions. */
export function materialRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A supervisor on a phone may raise one offline: the queue sends it again with its key
  // (the registry entry is `idempotent`).
  recordServiceRoutes(app, ctx, requests.materialRequests, {
    record: zMaterialRequest,
    query: zMaterialRequestListQuery,
    create: zMaterialRequestCreate,
    update: zMaterialRequestUpdate,
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/material_requests/:id';
  const one = { tags, params: zRecordParams, response: { 200: zMaterialRequest } };
  r.post(`${base}/submit`, { config: can('canCreate'), schema: one }, async (req) =>
    requests.submitMaterialRequest(siteScope(req, ctx), req.params.id),
  );
  r.post(
    `${base}/approve`,
    {
      config: owner('approve material requests'),
      schema: { ...one, body: zMaterialRequestApprove.nullish() },
    },
    async (req) =>
      requests.approveMaterialRequest(siteScope(req, ctx), req.params.id, req.body ?? {}),
  );
  r.post(
    `${base}/reject`,
    { config: owner('reject material requests'), schema: { ...one, body: zMaterialRequestReject } },
    async (req) => requests.rejectMaterialRequest(siteScope(req, ctx), req.params.id, req.body),
  );
  r.post(`${base}/close`, { config: can('canUpdate'), schema: one }, async (req) =>
    requests.closeMaterialRequest(siteScope(req, ctx), req.params.id),
  );
}
