import type { FastifyInstance } from 'fastify';
import { zVendor, zVendorCreate, zVendorListQuery, zVendorUpdate } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import * as vendors from './vendors-service.js';

/** Routes of vendors (expand: tags). */
export function vendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'vendors',
    entity: 'vendors',
    tag: 'vendors',
    record: zVendor,
    list: { query: zVendorListQuery, run: vendors.listVendors },
    create: { body: zVendorCreate, run: vendors.createVendor },
    get: vendors.getVendor,
    update: { body: zVendorUpdate, run: vendors.updateVendor },
    remove: vendors.deleteVendor,
  });
}
