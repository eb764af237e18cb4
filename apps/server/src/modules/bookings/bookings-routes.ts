import type { FastifyInstance } from 'fastify';
import {
  zServiceBooking,
  zServiceBookingCreate,
  zServiceBookingListQuery,
  zServiceBookingUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import * as bookings from './bookings-service.js';

/** Routes of service bookings (expand: service, vendor). */
export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'service_bookings',
    entity: 'service bookings',
    tag: 'service bookings',
    record: zServiceBooking,
    list: { query: zServiceBookingListQuery, run: bookings.listBookings },
    create: { body: zServiceBookingCreate, run: bookings.createBooking, idempotent: true },
    get: bookings.getBooking,
    update: { body: zServiceBookingUpdate, run: bookings.updateBooking },
    remove: bookings.deleteBooking,
  });
}
