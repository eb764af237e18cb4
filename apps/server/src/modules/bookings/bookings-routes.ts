import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zListResult,
  zServiceBooking,
  zServiceBookingCreate,
  zServiceBookingListQuery,
  zServiceBookingUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as bookings from './bookings-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['service bookings'];
/** expand: service, vendor. */
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

/** Routes of service bookings (helper S2). */
export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/service_bookings';
  const access = (permission: 'canRead' | 'canCreate' | 'canUpdate' | 'canDelete') =>
    ({ access: { auth: 'site', permission, entity: 'service bookings' } }) as const;

  r.get(
    base,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zServiceBookingListQuery,
        response: { 200: zListResult(zServiceBooking) },
      },
    },
    async (req) => bookings.listBookings(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: access('canCreate'),
      schema: {
        tags: doc,
        params: zSiteParams,
        body: zServiceBookingCreate,
        response: { 201: zServiceBooking },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await bookings.createBooking(siteScope(req, ctx), req.body, idempotencyKey(req))),
  );

  r.get(
    `${base}/:id`,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zServiceBooking },
      },
    },
    async (req) =>
      bookings.getBooking(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.patch(
    `${base}/:id`,
    {
      config: access('canUpdate'),
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zServiceBookingUpdate,
        response: { 200: zServiceBooking },
      },
    },
    async (req) => bookings.updateBooking(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    { config: access('canDelete'), schema: { tags: doc, params: zRecordParams } },
    async (req, reply) => {
      await bookings.deleteBooking(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
