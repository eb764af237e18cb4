/**
 * The benchmark's books, written through the service layer (the same code the API runs: totals,
 * quotas, allocations, credit notes and the audit trail), deterministic for a given scale.
 * Full scale (issue 9): 50 sites; one large site with 100 000 deliveries (1–5 lines, ≈300 000
 * lines), 50 000 payments with allocations (some with a credit note), 2 000 vendors, 5 000 items,
 * 20 000 service bookings, vendor returns and credit notes, and its stock (seed-stock.ts:
 * 50 000 consumptions, 100 counts) and its budget (seed-budget.ts: a line for every tenth item,
 * 40 more across the other cost heads), over the five years up to the
 * business day it runs on. What is written is planned first (`seed-plan.ts`); every planned
 * record must land and none may be dated after that day, or the seed fails.
 */
import {
  zAccountCreate,
  zCreditNoteCreate,
  zItemCreate,
  zDeliveryCreate,
  zPaymentCreate,
  zServiceBookingCreate,
  zVendorReturnCreate,
  toPaise,
} from '@siteledger/domain';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import * as accounts from '../apps/server/src/modules/accounts/accounts-service.js';
import * as auth from '../apps/server/src/modules/auth/auth-service.js';
import * as bookings from '../apps/server/src/modules/bookings/bookings-service.js';
import * as items from '../apps/server/src/modules/catalog/items-service.js';
import * as services from '../apps/server/src/modules/catalog/services-service.js';
import * as deliveries from '../apps/server/src/modules/deliveries/deliveries-service.js';
import * as payments from '../apps/server/src/modules/payments/create-payment.js';
import * as creditNotes from '../apps/server/src/modules/returns/credit-notes-service.js';
import * as returns from '../apps/server/src/modules/returns/returns-service.js';
import * as sites from '../apps/server/src/modules/sites/sites-service.js';
import * as vendors from '../apps/server/src/modules/vendors/vendors-service.js';
import { businessToday } from '../apps/server/src/platform/business-time.js';
import { scopeFor } from '../apps/server/src/platform/scope.js';
import { planSeed, random, SPAN_DAYS } from './seed-plan.js';
import { seedBudget } from './seed-budget.js';
import { seedStock } from './seed-stock.js';
import { SeedTally } from './seed-tally.js';

export const PASSWORD = 'bench-secret-123';
/**
 * Part of the seed cache's key (bench/databases.ts): raise it whenever the seed writes other
 * data, so a run never reuses a database seeded the old way. 2: every payment lands, no future dates.
 * 3: the large site's stock (consumption, counts, minimum levels; seed-stock.ts).
 * 4: the large site's budget (seed-budget.ts).
 */
export const SEED_VERSION = 4;

export interface SeedSize {
  sites: number;
  deliveries: number;
  payments: number;
  vendors: number;
  items: number;
  bookings: number;
  creditNotes: number;
  returns: number;
}

export const FULL: SeedSize = {
  sites: 50,
  deliveries: 100_000,
  payments: 50_000,
  vendors: 2_000,
  items: 5_000,
  bookings: 20_000,
  creditNotes: 2_000,
  returns: 1_000,
};

export function scaled(factor: number): SeedSize {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * factor));
  return {
    sites: n(FULL.sites, 3),
    deliveries: n(FULL.deliveries, 200),
    payments: n(FULL.payments, 100),
    vendors: n(FULL.vendors, 20),
    items: n(FULL.items, 50),
    bookings: n(FULL.bookings, 50),
    creditNotes: n(FULL.creditNotes, 10),
    returns: n(FULL.returns, 5),
  };
}

export interface SeedResult {
  email: string;
  siteId: string;
  /** The vendor with the most deliveries (a tenth of them). */
  busiestVendor: string;
  /** Records landed, by type (and `lines`: delivery lines). */
  counts: Record<string, number>;
  /** Records planned, by type: every one must land. */
  intended: Record<string, number>;
  /** The seed's business day and the latest date of each dated column (none after it). */
  today: string;
  latest: Record<string, string | null>;
  seconds: number;
}

const DAY = 86_400_000;

/** Runs `work` for 0..count-1 with `width` in flight (PostgreSQL gains from overlap). */
async function pool(count: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function seed(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  size: SeedSize,
  log: (line: string) => void,
): Promise<SeedResult> {
  const started = Date.now();
  const config = loadConfig({
    ...env,
    DEFAULT_PLAN: 'Basic',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT: '0',
  });
  const { app, ctx } = await buildApp(config, { logger: { level: 'error' } });
  const pg = Boolean(env.DATABASE_URL);
  const width = pg ? 8 : 1;
  // The span ends on the business day the seed runs (the server's "today"): nothing later.
  const today = businessToday(config.timezone);
  const end = Date.parse(`${today}T00:00:00Z`);
  const dateOf = (day: number) =>
    new Date(end - (SPAN_DAYS - 1 - Math.min(day, SPAN_DAYS - 1)) * DAY).toISOString().slice(0, 10);
  const plan = planSeed(size);
  // The small sites and the services draw from their own stream, apart from the plan's.
  const rand = random(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const tally = new SeedTally();
  const attempt = tally.attempt.bind(tally);
  Object.assign(tally.intended, {
    vendors: size.vendors,
    items: size.items,
    services: 50,
    deliveries: plan.deliveries.length,
    'service bookings': plan.bookings.length,
    'credit notes': plan.notes.length,
    payments: plan.payments.length,
    'vendor returns': plan.returns.length,
  });
  const counts = tally.counts;

  try {
    const email = 'owner@bench.siteledger.in';
    const owner = await auth.register(
      ctx,
      {
        name: 'Bench Owner',
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        legal_accepted: true,
      },
      { ip: '127.0.0.1', userAgent: null },
      'bearer',
    );
    const userId = owner.user.id;
    const site = await sites.createSite(ctx, userId, {
      name: 'Green Valley Towers (5 years)',
      total_units: 240,
      total_planned_area: 180_000,
    });
    const siteId = site.id;
    const scope = scopeFor(ctx, siteId, userId);

    // The other sites: small, each owner may own three (the Basic plan).
    let others = size.sites - 1;
    tally.intended['small-site deliveries'] = others * 20;
    for (let o = 0; others > 0; o += 1) {
      const extra = await auth.register(
        ctx,
        {
          name: `Owner ${o}`,
          email: `owner${o}@bench.siteledger.in`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          legal_accepted: true,
        },
        { ip: '127.0.0.1', userAgent: null },
        'bearer',
      );
      for (let s = 0; s < 3 && others > 0; s += 1, others -= 1) {
        const small = await sites.createSite(ctx, extra.user.id, {
          name: `Site ${o}-${s}`,
          total_units: 10,
          total_planned_area: 5000,
        });
        const smallScope = scopeFor(ctx, small.id, extra.user.id);
        const vendor = await vendors.createVendor(smallScope, { name: 'Local vendor' });
        const item = await items.createItem(smallScope, { name: 'Cement', unit: 'bag' });
        for (let d = 0; d < 20; d += 1) {
          const day = Math.floor(rand() * SPAN_DAYS);
          await attempt('small-site deliveries', () =>
            deliveries.createDelivery(
              smallScope,
              zDeliveryCreate.parse({
                vendor: vendor.id,
                delivery_date: dateOf(day),
                delivery_items: [{ item: item.id, quantity: 10, unit_price: 385 }],
              }),
            ),
          );
        }
      }
    }
    log(`  ${size.sites - 1} small sites`);

    const vendorIds: string[] = [];
    await pool(size.vendors, width, async (i) => {
      const v = await attempt('vendors', () =>
        vendors.createVendor(scope, {
          name: `Vendor ${String(i).padStart(4, '0')}`,
          phone: `98${String(10_000_000 + i).slice(0, 8)}`,
        }),
      );
      if (v) vendorIds[i] = v.id;
    });
    const itemIds: string[] = [];
    const units = ['bag', 'kg', 'cft', 'nos', 'MT', 'brass', 'rft', 'sqft'] as const;
    await pool(size.items, width, async (i) => {
      const unit = units[i % units.length]!;
      const item = await attempt('items', () =>
        items.createItem(
          scope,
          zItemCreate.parse({ name: `Item ${String(i).padStart(5, '0')}`, unit }),
        ),
      );
      if (item) itemIds[i] = item.id;
    });
    const serviceIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const category = pick(['labor', 'equipment', 'transport'] as const);
      const unit = pick(['hour', 'day'] as const);
      const service = await attempt('services', () =>
        services.createService(scope, {
          name: `Service ${i}`,
          category,
          unit,
          standard_rate: 500 + i * 10,
          is_active: true,
        }),
      );
      if (service) serviceIds[i] = service.id;
    }
    const account = await accounts.createAccount(
      scope,
      zAccountCreate.parse({ name: 'HDFC current', type: 'bank', opening_balance: 50_000_000 }),
    );
    log(`  ${size.vendors} vendors, ${size.items} items, 50 services`);

    const deliveryIds: string[] = [];
    const returned = new Set(plan.returns.map((r) => r.delivery));
    const firstLines = new Map<number, { id: string; quantity: number; price: number }>();
    const t0 = Date.now();
    await pool(plan.deliveries.length, width, async (i) => {
      const planned = plan.deliveries[i]!;
      const delivery = await attempt('deliveries', () =>
        deliveries.createDelivery(
          scope,
          zDeliveryCreate.parse({
            vendor: vendorIds[planned.vendor],
            delivery_date: dateOf(planned.day),
            delivery_reference: `GRN-${i + 1}`,
            delivery_items: planned.lines.map((line) => ({
              item: itemIds[line.item],
              quantity: line.quantity,
              unit_price: line.price,
            })),
          }),
        ),
      );
      if (!delivery) return;
      // The payments are planned on these totals: a difference would refuse them later.
      if (toPaise(delivery.total_amount) !== planned.total)
        throw new Error(`delivery ${i}: total ${delivery.total_amount}, planned ${planned.total}`);
      deliveryIds[i] = delivery.id;
      tally.add('lines', planned.lines.length);
      const line = delivery.delivery_items?.[0];
      if (line && returned.has(i))
        firstLines.set(i, { id: line.id, quantity: line.quantity, price: line.unit_price });
      if (i > 0 && i % 20_000 === 0)
        log(`  ${i} deliveries (${Math.round(i / ((Date.now() - t0) / 1000))}/s)`);
    });
    log(`  ${counts.deliveries ?? 0} deliveries in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    await pool(plan.bookings.length, width, async (i) => {
      const planned = plan.bookings[i]!;
      await attempt('service bookings', () =>
        bookings.createBooking(
          scope,
          zServiceBookingCreate.parse({
            service: serviceIds[planned.service],
            vendor: vendorIds[planned.vendor],
            start_date: dateOf(planned.day),
            duration: planned.duration,
            unit_rate: planned.rate,
          }),
        ),
      );
    });
    log(`  ${counts['service bookings'] ?? 0} service bookings`);

    // Credit notes and payments in date order. Each vendor's run one after another (its payments
    // spend its notes oldest first, as planned); different vendors' overlap on PostgreSQL.
    const noteIds: string[] = [];
    const writeNote = async (index: number) => {
      const planned = plan.notes[index]!;
      const note = await attempt('credit notes', () =>
        creditNotes.createCreditNote(
          scope,
          zCreditNoteCreate.parse({
            vendor: vendorIds[planned.vendor],
            credit_amount: planned.amount / 100,
            issue_date: dateOf(planned.day),
            reference: `CN-${index + 1}`,
          }),
        ),
      );
      if (note) noteIds[index] = note.id;
    };
    const writePayment = async (index: number) => {
      const planned = plan.payments[index]!;
      const notes = planned.notes.map((u) => ({
        credit_note: noteIds[u.note],
        amount: u.amount / 100,
      }));
      await attempt('payments', () =>
        payments.createPayment(
          scope,
          zPaymentCreate.parse({
            vendor: vendorIds[planned.vendor],
            account: planned.fromAccount > 0 ? account.id : null,
            amount: planned.amount / 100,
            payment_date: dateOf(planned.day),
            reference: `UTR${100000 + index}`,
            delivery_allocations: planned.deliveries.map((a) => ({
              delivery: deliveryIds[a.delivery],
              amount: a.amount / 100,
            })),
            ...(notes.length > 0 ? { credit_note_allocations: notes } : {}),
          }),
        ),
      );
    };
    const tails = new Map<number, Promise<void>>();
    await pool(plan.money.length, width, async (e) => {
      const event = plan.money[e]!;
      const vendor = (event.kind === 'note' ? plan.notes : plan.payments)[event.index]!.vendor;
      // Taken synchronously, in event order: the vendor's previous event is always the tail.
      const run = (tails.get(vendor) ?? Promise.resolve()).then(() =>
        event.kind === 'note' ? writeNote(event.index) : writePayment(event.index),
      );
      tails.set(vendor, run);
      await run;
    });
    log(`  ${counts['credit notes'] ?? 0} credit notes, ${counts.payments ?? 0} payments`);

    for (const planned of plan.returns) {
      const line = firstLines.get(planned.delivery);
      await attempt('vendor returns', () =>
        returns.createVendorReturn(
          scope,
          zVendorReturnCreate.parse({
            vendor: vendorIds[plan.deliveries[planned.delivery]!.vendor],
            return_date: dateOf(planned.day),
            reason: 'damaged',
            items: [
              {
                delivery_item: line?.id,
                quantity_returned: Math.min(1, line?.quantity ?? 1),
                return_rate: line?.price,
                condition: 'damaged',
              },
            ],
          }),
        ),
      );
    }
    log(`  ${counts['vendor returns'] ?? 0} vendor returns`);

    await seedStock({
      scope,
      plan,
      itemIds,
      deliveryIds,
      dateOf,
      pool: (count, work) => pool(count, width, work),
      tally,
      log,
    });
    await seedBudget({ scope, itemIds, tally, log });

    // Fresh statistics, as a database that has been running has them (autovacuum on PostgreSQL,
    // the server's hourly PRAGMA optimize on SQLite): the planner picks the indexes it would.
    // On PostgreSQL VACUUM also sets the visibility map autovacuum would have set, without which
    // no index-only scan (the balance and dashboard sums) is possible.
    await sql.raw(pg ? 'vacuum analyze' : 'analyze').execute(ctx.db.kysely);

    // Intended against landed, and the latest dates: a shortfall or a future date fails the seed.
    const latest = await tally.check(ctx.db.kysely, today, log);
    return {
      email,
      siteId,
      busiestVendor: vendorIds[0]!,
      counts,
      intended: tally.intended,
      today,
      latest,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await app.close();
  }
}
