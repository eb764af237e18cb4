/**
 * Which committed write is noticed, and by whom. Runs on the instance that served the write,
 * after its answer went (notices-hook.ts), so each write is noticed once however many instances
 * share the database; never to the person who made the change.
 */
import type { RecordEvent } from '../../platform/events.js';
import type { AppContext } from '../../platform/context.js';
import { deliver } from './notices-deliver.js';
import * as repo from './notices-repo.js';

const num = (value: unknown) => Number(value ?? 0);

async function vendorName(ctx: AppContext, id: string): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('vendors')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? '';
}

async function materialRequest(ctx: AppContext, siteId: string, event: RecordEvent) {
  if (!event.id) return;
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('material_requests')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (!row) return;
  const facts = {
    site: await repo.siteName(db, siteId),
    actor: (event.user && (await repo.person(db, event.user))?.name) || null,
    link: `${ctx.config.publicUrl}/material-requests/${row.id}`,
    neededBy: row.needed_by,
  };
  const submitted =
    (event.step === 'submit' || event.action === 'create') && row.status === 'submitted';
  if (submitted) {
    const owners = await repo.membersIn(db, siteId, ['owner'], event.user);
    await deliver(ctx, owners, 'request_submitted', (t) => t.requestSubmitted(facts));
    return;
  }
  if (event.step !== 'approve' && event.step !== 'reject') return;
  if (!row.created_by || row.created_by === event.user) return;
  const requester = await repo.person(db, row.created_by);
  if (!requester) return;
  await deliver(ctx, [requester], 'request_decided', (t) =>
    t.requestDecided({
      ...facts,
      approved: event.step === 'approve',
      reason: row.decision_notes,
    }),
  );
}

async function purchaseOrder(ctx: AppContext, siteId: string, event: RecordEvent) {
  if (event.step !== 'issue' || !event.id) return;
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('purchase_orders')
    .select(['id', 'number', 'vendor', 'total_amount', 'status'])
    .where('site_id', '=', siteId)
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (!row) return;
  const facts = {
    site: await repo.siteName(db, siteId),
    actor: (event.user && (await repo.person(db, event.user))?.name) || null,
    link: `${ctx.config.publicUrl}/purchase-orders/${row.id}`,
    number: row.number,
    vendor: await vendorName(ctx, row.vendor),
    total: num(row.total_amount),
  };
  const people = await repo.membersIn(db, siteId, ['owner', 'accountant'], event.user);
  await deliver(ctx, people, 'po_issued', (t) => t.poIssued(facts));
}

/** A delivery or service booking just created: its total (paise) and vendor. */
async function bill(ctx: AppContext, siteId: string, event: RecordEvent) {
  if (event.action !== 'create' || !event.id) return;
  const db = ctx.db.kysely;
  const found =
    event.collection === 'deliveries'
      ? await db
          .selectFrom('deliveries')
          .select(['id', 'vendor', 'total_amount as total'])
          .where('site_id', '=', siteId)
          .where('id', '=', event.id)
          .executeTakeFirst()
      : await db
          .selectFrom('service_bookings')
          .select((eb) => [
            'id',
            'vendor',
            eb(
              eb(eb('total_amount', '+', eb.ref('cgst_amount')), '+', eb.ref('sgst_amount')),
              '+',
              eb.ref('igst_amount'),
            ).as('total'),
          ])
          .where('site_id', '=', siteId)
          .where('id', '=', event.id)
          .executeTakeFirst();
  if (!found) return;
  const total = num(found.total);
  const people = await repo.membersIn(db, siteId, ['owner', 'accountant'], event.user);
  if (people.length === 0) return;
  const delivery = event.collection === 'deliveries';
  const facts = {
    site: await repo.siteName(db, siteId),
    actor: (event.user && (await repo.person(db, event.user))?.name) || null,
    link: `${ctx.config.publicUrl}/${delivery ? 'deliveries' : 'service-bookings'}/${found.id}`,
    what: delivery ? ('delivery' as const) : ('service_booking' as const),
    vendor: await vendorName(ctx, found.vendor),
    total,
  };
  await deliver(
    ctx,
    people,
    'bill_over_amount',
    (t) => t.billOverAmount(facts),
    (choice) => total > choice.amount,
  );
}

/** Sends what a committed write of a site sets off, if anything. */
export async function noticeWrite(
  ctx: AppContext,
  siteId: string,
  event: RecordEvent,
): Promise<void> {
  switch (event.collection) {
    case 'material_requests':
      return materialRequest(ctx, siteId, event);
    case 'purchase_orders':
      return purchaseOrder(ctx, siteId, event);
    case 'deliveries':
    case 'service_bookings':
      return bill(ctx, siteId, event);
    default:
      return;
  }
}
