import type { FastifyInstance } from 'fastify';
import {
  zQuotation,
  zQuotationCreate,
  zQuotationListQuery,
  zQuotationUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { quotations } from './quotations-service.js';

/** Routes of quotations (expand: vendor, item, service). */
export function quotationRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, quotations, {
    record: zQuotation,
    query: zQuotationListQuery,
    create: zQuotationCreate,
    update: zQuotationUpdate,
  });
}
