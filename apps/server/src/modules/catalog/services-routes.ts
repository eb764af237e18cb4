import type { FastifyInstance } from 'fastify';
import {
  zService,
  zServiceCreate,
  zServiceListQuery,
  zServiceUpdate,
  zServiceStats,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import * as services from './services-service.js';

/** Routes of services (expand: tags), and a service's figures for its page. */
export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, services.services, {
    record: zService,
    query: zServiceListQuery,
    create: zServiceCreate,
    update: zServiceUpdate,
    stats: { response: zServiceStats, run: services.serviceStats },
  });
}
