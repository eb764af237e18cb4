import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeleteReach } from '../db/delete-reach.js';
import { isSharedTable } from '../db/site-scope.js';
import { CHANGED_HEADER, changedCollections, collectionsChanged } from './changed-collections.js';
import type { EventBus, RecordEvent } from './events.js';
import type { SiteChanges, SiteWrites } from './site-changes.js';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The writing tab's `X-Client-Id`, when it sent a well-formed one. */
export function clientOf(request: FastifyRequest): string | null {
  const value = request.headers['x-client-id'];
  return typeof value === 'string' && CLIENT_ID.test(value) ? value : null;
}

/** The id a create answered with, read from the serialized JSON payload. */
function idIn(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/**
 * What a successful site write changed, read off its route:
 * `/api/sites/:siteId/<collection>[/:id[/<step>]]` (and the site's own `/api/sites/:id/...`).
 * POST to a collection creates; DELETE of a record deletes; anything else updates the record.
 */
export function describeWrite(
  request: FastifyRequest,
  payload: unknown,
): { siteId: string; event: RecordEvent } | null {
  const url = request.routeOptions.url;
  const siteId = request.siteAccess?.siteId;
  if (!url || !siteId || !WRITE_METHODS.has(request.method)) return null;
  const parts = url.split('/').filter(Boolean); // ['api', 'sites', ':siteId', 'deliveries', ':id']
  if (parts[0] !== 'api' || parts[1] !== 'sites') return null;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const rest = parts.slice(3);
  const collection = rest[0] ?? 'sites';
  const recordParam = rest[1]?.startsWith(':') ? rest[1].slice(1) : null;
  const recordId = recordParam ? (params[recordParam] ?? null) : rest.length === 0 ? siteId : null;
  let action: RecordEvent['action'] = 'update';
  if (request.method === 'POST' && rest.length === 1) action = 'create';
  if (request.method === 'DELETE' && rest.length === 2 && recordParam) action = 'delete';
  if (request.method === 'POST' && rest.length === 0) return null;
  const id = action === 'create' ? idIn(payload) : recordId;
  const client = clientOf(request);
  const step = request.method === 'POST' && recordParam && rest.length === 3 ? rest[2] : undefined;
  return {
    siteId,
    event: {
      collection,
      action,
      id,
      user: request.auth?.user.id ?? null,
      // Only when a tab named itself: other clients see the event as it always was.
      ...(client ? { client } : {}),
      ...(step ? { step } : {}),
    },
  };
}

/**
 * What the request's committed writes changed, table by table, for kept list totals here and on
 * other instances. A delete also changes the tables its foreign keys reach (`reach`: ON DELETE
 * CASCADE / SET NULL); `undefined` (anything may have changed) when the request ran outside a
 * tracked scope.
 */
export function siteWritesOf(request: FastifyRequest, reach: DeleteReach): SiteWrites | undefined {
  const written = request.writtenTables;
  if (!written) return undefined;
  const writes: Record<string, string[] | null> = {};
  for (const [table, columns] of written.columns) writes[table] = columns ? [...columns] : null;
  for (const table of written.deleted) {
    for (const other of reach.get(table) ?? []) writes[other] = null;
  }
  return writes;
}

/**
 * Publishes a record event for every successful write to a site, once its handler has finished,
 * and moves the site's change version on every write answer (before the client can read again).
 */
export function registerRecordEvents(
  app: FastifyInstance,
  bus: EventBus,
  changes: SiteChanges,
  reach: DeleteReach,
  siblings: (siteId: string) => Promise<readonly string[]>,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const siteId = request.siteAccess?.siteId;
    const writes = siteWritesOf(request, reach);
    if (siteId && WRITE_METHODS.has(request.method)) changes.changed(siteId, writes);
    if (reply.statusCode >= 200 && reply.statusCode < 300 && WRITE_METHODS.has(request.method)) {
      // What the write's committed transactions changed (issue 41): its answer and its event say.
      const changed = changedCollections(request);
      reply.header(CHANGED_HEADER, changed.join(','));
      const write = describeWrite(request, payload);
      if (write) {
        bus.publish(write.siteId, { ...write.event, changed }, writes);
        await tellSiblings(bus, changes, write, writes, siblings);
        tellOtherSites(bus, changes, write, request.writtenTables?.otherSites);
      }
    }
    return payload;
  });
}

/**
 * A write on one site that changed another site's rows (TDS recomputed over the sites sharing a
 * TAN: noteOtherSite) tells that site as an update of those tables, so its live views read again
 * and its kept figures (dashboard, ledger, list totals) are computed anew.
 */
function tellOtherSites(
  bus: EventBus,
  changes: SiteChanges,
  write: { siteId: string; event: RecordEvent },
  others: ReadonlyMap<string, ReadonlySet<string>> | undefined,
): void {
  for (const [site, tables] of others ?? []) {
    if (site === write.siteId || tables.size === 0) continue;
    const names = [...tables].sort();
    // Which columns moved is not noted: every count over those tables is taken again.
    const siteWrites: SiteWrites = Object.fromEntries(names.map((table) => [table, null]));
    changes.changed(site, siteWrites);
    bus.publish(
      site,
      {
        collection: names[0]!,
        action: 'update',
        id: null,
        user: write.event.user,
        ...(write.event.client ? { client: write.event.client } : {}),
        changed: collectionsChanged(names),
      },
      siteWrites,
    );
  }
}

/**
 * A write to what a business's sites share (a vendor, a tag: issue 47) changes what the other
 * sites of the business show too: their live views and kept totals hear of it, as of that part.
 */
async function tellSiblings(
  bus: EventBus,
  changes: SiteChanges,
  write: { siteId: string; event: RecordEvent },
  writes: SiteWrites | undefined,
  siblings: (siteId: string) => Promise<readonly string[]>,
): Promise<void> {
  if (!writes) return;
  const shared = Object.keys(writes).filter(isSharedTable);
  if (shared.length === 0) return;
  const sharedWrites = Object.fromEntries(shared.map((table) => [table, writes[table] ?? null]));
  const changed = collectionsChanged(shared);
  // A write to the master itself (a vendor made) is the same event there; any other write (a
  // payment moving a shared account's balance) is news of the master alone — the payment is not
  // the other site's to show or notify of.
  const event: RecordEvent = isSharedTable(write.event.collection)
    ? { ...write.event, changed }
    : {
        collection: shared[0]!,
        action: 'update',
        id: null,
        user: write.event.user,
        ...(write.event.client ? { client: write.event.client } : {}),
        changed,
      };
  for (const other of await siblings(write.siteId)) {
    changes.changed(other, sharedWrites);
    bus.publish(other, event, sharedWrites);
  }
}
