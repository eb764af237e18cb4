import type { FastifyInstance } from 'fastify';
import {
  zServiceBooking,
  zServiceBookingCreate,
  zServiceBookingListQuery,
  zServiceBookingUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { bookings } from './bookings-service.js';

/** Routes of service bookings (expand: service, vendor). */
export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, bookings, {
    record: zServiceBooking,
    query: zServiceBookingListQuery,
    create: zServiceBookingCreate,
    update: zServiceBookingUpdate,
  });
}
