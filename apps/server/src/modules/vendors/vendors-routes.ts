import type { FastifyInstance } from 'fastify';
import { zVendor, zVendorCreate, zVendorListQuery, zVendorUpdate } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { vendors } from './vendors-service.js';

/** Routes of vendors (expand: tags). */
export function vendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, vendors, {
    record: zVendor,
    query: zVendorListQuery,
    create: zVendorCreate,
    update: zVendorUpdate,
  });
}
