import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zCreditNote,
  zCreditNoteCreate,
  zCreditNoteListQuery,
  zCreditNoteUpdate,
  zListResult,
  zVendorRefund,
  zVendorRefundListQuery,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as notes from './credit-notes-service.js';
import * as refunds from './refunds-service.js';
import { siteScope } from '../../platform/scope.js';

const zGetQuery = z.object({ expand: z.string().max(200).optional() });
/** Refunds and credit notes are money: reading them needs canViewFinancials (API.md). */
const financial = { access: { auth: 'site', permission: 'canViewFinancials' } } as const;
const can = (permission: 'canCreate' | 'canUpdate' | 'canDelete') =>
  ({ access: { auth: 'site', permission, entity: 'credit notes' } }) as const;

/** Credit notes (CRUD; balance and status are the server's) and the read-only refunds list. */
export function creditNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/vendor_credit_notes';
  const refundBase = '/api/sites/:siteId/vendor_refunds';
  const doc = ['credit notes'];
  const one = { tags: doc, params: zRecordParams, response: { 200: zCreditNote } };

  r.get(
    base,
    {
      config: financial,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zCreditNoteListQuery,
        response: { 200: zListResult(zCreditNote) },
      },
    },
    async (req) => notes.listCreditNotes(siteScope(req, ctx), req.query),
  );
  r.post(
    base,
    {
      config: can('canCreate'),
      schema: {
        tags: doc,
        params: zSiteParams,
        body: zCreditNoteCreate,
        response: { 201: zCreditNote },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await notes.createCreditNote(siteScope(req, ctx), req.body)),
  );
  r.get(
    `${base}/:id`,
    { config: financial, schema: { ...one, querystring: zGetQuery } },
    async (req) =>
      notes.getCreditNote(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );
  r.patch(
    `${base}/:id`,
    { config: can('canUpdate'), schema: { ...one, body: zCreditNoteUpdate } },
    async (req) => notes.updateCreditNote(siteScope(req, ctx), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    { config: can('canDelete'), schema: { tags: doc, params: zRecordParams } },
    async (req, reply) => {
      await notes.deleteCreditNote(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    refundBase,
    {
      config: financial,
      schema: {
        tags: ['refunds'],
        params: zSiteParams,
        querystring: zVendorRefundListQuery,
        response: { 200: zListResult(zVendorRefund) },
      },
    },
    async (req) => refunds.listRefunds(siteScope(req, ctx), req.query),
  );
  r.get(
    `${refundBase}/:id`,
    {
      config: financial,
      schema: {
        tags: ['refunds'],
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zVendorRefund },
      },
    },
    async (req) =>
      refunds.getRefund(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );
}
