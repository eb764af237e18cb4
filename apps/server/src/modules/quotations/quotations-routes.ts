import type { FastifyInstance } from 'fastify';
import {
  zQuotation,
  zQuotationCreate,
  zQuotationListQuery,
  zQuotationUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import * as quotations from './quotations-service.js';

/** Routes of quotations (expand: vendor, item, service). */
export function quotationRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'quotations',
    entity: 'quotations',
    tag: 'quotations',
    record: zQuotation,
    list: { query: zQuotationListQuery, run: quotations.listQuotations },
    create: { body: zQuotationCreate, run: quotations.createQuotation },
    get: quotations.getQuotation,
    update: { body: zQuotationUpdate, run: quotations.updateQuotation },
    remove: quotations.deleteQuotation,
  });
}
