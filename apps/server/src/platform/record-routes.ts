import {
  recordTypeOf,
  ruleAreaOf,
  zListResult,
  type Guard,
  type RecordTypeDef,
} from '@siteledger/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.js';
import { idempotencyKey } from './idempotency.js';
import type { RecordService } from './record-service.js';
import { expandSet, zRecordParams, zSiteParams } from './route-params.js';
import { siteScope, type SiteScope } from './scope.js';

/** `?expand=` of a single record's read. */
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/**
 * A site record type's five routes (API.md "Site records"), on
 * `/api/sites/:siteId/<collection>[/:id]`: the list, create (201), one record (`?expand=`),
 * update and delete (204), each with its permission (spec part 6) and zod schemas, so
 * `/api/openapi.json` documents them. Leave a part out and its route is not there; routes of
 * its own (stats, actions) a module registers beside these.
 */
export interface RecordRoutes<
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  /**
   * The record type's registry entry (issue 41): collection, entity, OpenAPI tag and each route's
   * permission come from it. A module may instead name its `collection` (then its entry is looked
   * up; `entity` and `tag` given here win).
   */
  type?: RecordTypeDef;
  collection?: string;
  /** Named in a refusal: "Permission denied: Cannot update <entity>". */
  entity?: string;
  /** The OpenAPI tag. */
  tag?: string;
  record: R;
  list?: { query: Q; run: (scope: SiteScope, query: z.output<Q>) => Promise<Page<z.output<R>>> };
  create?: {
    body: C;
    run: (scope: SiteScope, body: z.output<C>, key: string | null) => Promise<z.output<R>>;
    /** Reads `Idempotency-Key` (a create a phone may queue and send again). */
    idempotent?: boolean;
  };
  get?: (scope: SiteScope, id: string, expand: Set<string>) => Promise<z.output<R>>;
  update?: {
    body: U;
    run: (scope: SiteScope, id: string, body: z.output<U>) => Promise<z.output<R>>;
  };
  remove?: (scope: SiteScope, id: string) => Promise<void>;
}

export function recordRoutes<
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, ctx: AppContext, spec: RecordRoutes<R, Q, C, U>): void {
  // The zod compilers set on the app validate and serialize with these schemas; the handlers'
  // types come from the spec (a type provider cannot infer through the generic schemas).
  type One = { Params: { id: string }; Querystring: { expand?: string } };
  const type = spec.type ?? (spec.collection ? recordTypeOf(spec.collection) : undefined);
  const collection = spec.collection ?? type?.collection;
  const entity = spec.entity ?? type?.entity;
  const tag = spec.tag ?? type?.tag;
  if (!collection || !entity || !tag) {
    throw new Error(`recordRoutes: ${collection ?? '?'} is not in the record-type registry`);
  }
  const base = `/api/sites/:siteId/${collection}`;
  const tags = [tag];
  const guards = type?.permissions;
  // Payments and accounts: the business's role settings may widen or narrow the guard (issue 47).
  const area = ruleAreaOf(collection);
  const access = (action: 'read' | 'create' | 'update' | 'delete', fallback: Guard) => {
    const guard = guards?.[action] ?? fallback;
    return guard === 'owner'
      ? ({ access: { auth: 'site', ownerOnly: `${action} ${entity}` } } as const)
      : ({
          access: { auth: 'site', permission: guard, entity, ...(area ? { area } : {}) },
        } as const);
  };
  const { list, create, get, update, remove } = spec;

  if (list) {
    app.get<{ Querystring: z.output<Q> }>(
      base,
      {
        config: access('read', 'canRead'),
        schema: {
          tags,
          params: zSiteParams,
          querystring: list.query,
          response: { 200: zListResult(spec.record) },
        },
      },
      async (req) => list.run(siteScope(req, ctx), req.query as z.output<Q>),
    );
  }
  if (create) {
    app.post<{ Body: z.output<C> }>(
      base,
      {
        config: access('create', 'canCreate'),
        schema: { tags, params: zSiteParams, body: create.body, response: { 201: spec.record } },
      },
      async (req, reply) => {
        const key = (create.idempotent ?? type?.idempotent) ? idempotencyKey(req) : null;
        return reply
          .status(201)
          .send(await create.run(siteScope(req, ctx), req.body as z.output<C>, key));
      },
    );
  }
  if (get) {
    app.get<One>(
      `${base}/:id`,
      {
        config: access('read', 'canRead'),
        schema: {
          tags,
          params: zRecordParams,
          querystring: zGetQuery,
          response: { 200: spec.record },
        },
      },
      async (req) => get(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
    );
  }
  if (update) {
    app.patch<{ Params: { id: string }; Body: z.output<U> }>(
      `${base}/:id`,
      {
        config: access('update', 'canUpdate'),
        schema: { tags, params: zRecordParams, body: update.body, response: { 200: spec.record } },
      },
      async (req) => update.run(siteScope(req, ctx), req.params.id, req.body as z.output<U>),
    );
  }
  if (remove) {
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      { config: access('delete', 'canDelete'), schema: { tags, params: zRecordParams } },
      async (req, reply) => {
        await remove(siteScope(req, ctx), req.params.id);
        return reply.status(204).send();
      },
    );
  }
}

/** The schemas of a record service's routes; leave `create` or `update` out to register none. */
export interface ServiceSchemas<
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  record: R;
  query: Q;
  create?: C;
  update?: U;
  /** `GET /<collection>/:id/stats`: a record's figures for its page (readers may see them). */
  stats?: { response: z.ZodType; run: (scope: SiteScope, id: string) => Promise<unknown> };
}

/**
 * The five routes of a record type run by the generic record service (record-service.ts): its
 * registry entry (the service's `type`) gives collection, entity, tag and permissions.
 */
export function recordServiceRoutes<
  R extends z.ZodType,
  Q extends z.ZodType,
  // Left out: no such route, and the service's own create/update is not asked about.
  C extends z.ZodType = z.ZodNever,
  U extends z.ZodType = z.ZodNever,
>(
  app: FastifyInstance,
  ctx: AppContext,
  service: RecordService<z.output<R>, z.output<C>, z.output<U>, z.output<Q>>,
  schemas: ServiceSchemas<R, Q, C, U>,
): void {
  const { record, query, create, update, stats } = schemas;
  recordRoutes(app, ctx, {
    type: service.type,
    record,
    list: { query, run: service.list },
    ...(create ? { create: { body: create, run: service.create } } : {}),
    get: service.get,
    ...(update ? { update: { body: update, run: service.update } } : {}),
    remove: service.remove,
  });
  if (stats) {
    app.get<{ Params: { id: string } }>(
      `/api/sites/:siteId/${service.type.collection}/:id/stats`,
      {
        config: { access: { auth: 'site', permission: 'canRead' } },
        schema: {
          tags: [service.type.tag],
          params: zRecordParams,
          response: { 200: stats.response },
        },
      },
      async (req) => stats.run(siteScope(req, ctx), req.params.id),
    );
  }
}
