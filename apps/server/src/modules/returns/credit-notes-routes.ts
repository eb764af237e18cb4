import type { FastifyInstance } from 'fastify';
import {
  zCreditNote,
  zCreditNoteCreate,
  zCreditNoteListQuery,
  zCreditNoteUpdate,
  zVendorRefund,
  zVendorRefundListQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import * as notes from './credit-notes-service.js';
import * as refunds from './refunds-service.js';

/**
 * Credit notes (CRUD; balance and status are the server's) and the read-only refunds list.
 * Refunds and credit notes are money: reading them needs canViewFinancials (the registry's).
 */
export function creditNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'vendor_credit_notes',
    record: zCreditNote,
    list: { query: zCreditNoteListQuery, run: notes.listCreditNotes },
    create: { body: zCreditNoteCreate, run: notes.createCreditNote },
    get: notes.getCreditNote,
    update: { body: zCreditNoteUpdate, run: notes.updateCreditNote },
    remove: notes.deleteCreditNote,
  });
  recordRoutes(app, ctx, {
    collection: 'vendor_refunds',
    record: zVendorRefund,
    list: { query: zVendorRefundListQuery, run: refunds.listRefunds },
    get: refunds.getRefund,
  });
}
