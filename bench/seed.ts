/**
 * The benchmark's books, written through the service layer (the same code the API runs: totals,
 * quotas, allocations, credit notes and the audit trail), deterministic for a given scale.
 * Full scale (issue 9): 50 sites; one large site with 100 000 deliveries (1–5 lines, ≈300 000
 * lines), 50 000 payments with allocations (some with a credit note), 2 000 vendors, 5 000 items,
 * 20 000 service bookings, vendor returns and credit notes, over five years.
 */
import {
  zAccountCreate,
  zCreditNoteCreate,
  zItemCreate,
  zDeliveryCreate,
  zPaymentCreate,
  zServiceBookingCreate,
  zVendorReturnCreate,
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
import { scopeFor } from '../apps/server/src/platform/scope.js';

export const PASSWORD = 'bench-secret-123';

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
  /** Vendors with unpaid deliveries and an active credit note, for the payment scenario. */
  counts: Record<string, number>;
  seconds: number;
}

/** Mulberry32: small, fast and the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const START = Date.UTC(2021, 11, 1);
const SPAN_DAYS = 5 * 365;
const dateOf = (day: number) => new Date(START + day * DAY).toISOString().slice(0, 10);

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
  const rand = random(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);

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

    // The other sites: small, each owner may own three (the Basic plan).
    let others = size.sites - 1;
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
        const vendor = await vendors.createVendor(scopeFor(ctx, small.id, extra.user.id), {
          name: 'Local vendor',
        });
        const item = await items.createItem(scopeFor(ctx, small.id, extra.user.id), {
          name: 'Cement',
          unit: 'bag',
        });
        for (let d = 0; d < 20; d += 1) {
          await deliveries.createDelivery(
            scopeFor(ctx, small.id, extra.user.id),
            zDeliveryCreate.parse({
              vendor: vendor.id,
              delivery_date: dateOf(Math.floor(rand() * SPAN_DAYS)),
              delivery_items: [{ item: item.id, quantity: 10, unit_price: 385 }],
            }),
          );
        }
      }
    }
    log(`  ${size.sites - 1} small sites`);

    const vendorIds: string[] = [];
    await pool(size.vendors, width, async (i) => {
      const v = await vendors.createVendor(scopeFor(ctx, siteId, userId), {
        name: `Vendor ${String(i).padStart(4, '0')}`,
        phone: `98${String(10_000_000 + i).slice(0, 8)}`,
      });
      vendorIds[i] = v.id;
    });
    const itemIds: string[] = [];
    const units = ['bag', 'kg', 'cft', 'nos', 'MT', 'brass', 'rft', 'sqft'] as const;
    await pool(size.items, width, async (i) => {
      const unit = units[i % units.length]!;
      const item = await items.createItem(
        scopeFor(ctx, siteId, userId),
        zItemCreate.parse({ name: `Item ${String(i).padStart(5, '0')}`, unit }),
      );
      itemIds[i] = item.id;
    });
    const serviceIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const service = await services.createService(scopeFor(ctx, siteId, userId), {
        name: `Service ${i}`,
        category: pick(['labor', 'equipment', 'transport'] as const),
        unit: pick(['hour', 'day'] as const),
        standard_rate: 500 + i * 10,
        is_active: true,
      });
      serviceIds.push(service.id);
    }
    const account = await accounts.createAccount(
      scopeFor(ctx, siteId, userId),
      zAccountCreate.parse({ name: 'HDFC current', type: 'bank', opening_balance: 50_000_000 }),
    );
    log(`  ${size.vendors} vendors, ${size.items} items, 50 services`);

    // A tenth of the deliveries go to vendor 0 (the busiest): its ledger is the long one.
    const vendorOf = (i: number) => (i % 10 === 0 ? vendorIds[0]! : pick(vendorIds));
    const unpaid = new Map<string, { id: string; due: number }[]>();
    const lineOf: { id: string; vendor: string; quantity: number; price: number }[] = [];
    const t0 = Date.now();
    await pool(size.deliveries, width, async (i) => {
      const vendor = vendorOf(i);
      const lines = 1 + Math.floor(rand() * 5);
      const delivery = await deliveries.createDelivery(
        scopeFor(ctx, siteId, userId),
        zDeliveryCreate.parse({
          vendor,
          delivery_date: dateOf(Math.floor((i / size.deliveries) * SPAN_DAYS)),
          delivery_reference: `GRN-${i + 1}`,
          delivery_items: Array.from({ length: lines }, () => ({
            item: pick(itemIds),
            quantity: 1 + Math.floor(rand() * 100),
            unit_price: 10 + Math.floor(rand() * 900),
          })),
        }),
      );
      count('deliveries');
      counts.lines = (counts.lines ?? 0) + lines;
      const list = unpaid.get(vendor) ?? [];
      list.push({ id: delivery.id, due: delivery.total_amount });
      unpaid.set(vendor, list);
      if (i % 97 === 0) {
        const line = delivery.delivery_items?.[0];
        if (line)
          lineOf.push({ id: line.id, vendor, quantity: line.quantity, price: line.unit_price });
      }
      if (i > 0 && i % 20_000 === 0)
        log(`  ${i} deliveries (${Math.round(i / ((Date.now() - t0) / 1000))}/s)`);
    });
    log(`  ${size.deliveries} deliveries in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    await pool(size.bookings, width, async (i) => {
      await bookings.createBooking(
        scopeFor(ctx, siteId, userId),
        zServiceBookingCreate.parse({
          service: pick(serviceIds),
          vendor: pick(vendorIds),
          start_date: dateOf(Math.floor((i / size.bookings) * SPAN_DAYS)),
          duration: 1 + Math.floor(rand() * 40),
          unit_rate: 500 + Math.floor(rand() * 1500),
        }),
      );
      count('bookings');
    });
    log(`  ${size.bookings} service bookings`);

    // Credit notes by hand, oldest first per vendor (a payment uses the oldest first).
    const notes = new Map<string, { id: string; balance: number }[]>();
    for (let i = 0; i < size.creditNotes; i += 1) {
      const vendor = i % 5 === 0 ? vendorIds[0]! : pick(vendorIds);
      const note = await creditNotes.createCreditNote(
        scopeFor(ctx, siteId, userId),
        zCreditNoteCreate.parse({
          vendor,
          credit_amount: 100 + Math.floor(rand() * 2000),
          issue_date: dateOf(Math.floor((i / size.creditNotes) * SPAN_DAYS)),
          reference: `CN-${i + 1}`,
        }),
      );
      const list = notes.get(vendor) ?? [];
      list.push({ id: note.id, balance: note.balance });
      notes.set(vendor, list);
      count('credit notes');
    }

    // Payments: up to three of the vendor's oldest unpaid deliveries, its credit notes first.
    const payable = [...unpaid.keys()];
    await pool(size.payments, width, async (i) => {
      const vendor = i % 10 === 0 ? vendorIds[0]! : pick(payable);
      const queue = unpaid.get(vendor) ?? [];
      const targets = queue.splice(0, 1 + Math.floor(rand() * 3));
      if (targets.length === 0) return;
      const allocations = targets.map((t) => ({ delivery: t.id, amount: t.due }));
      const amount = Math.round(allocations.reduce((sum, a) => sum + a.amount, 0) * 100) / 100;
      // The vendor's credit notes go first, oldest first (the rules let account money in only
      // once no usable note has balance left).
      const open = notes.get(vendor) ?? [];
      const uses: { credit_note: string; amount: number }[] = [];
      let remaining = amount;
      while (remaining > 0 && open.length > 0 && uses.length < 10) {
        const head = open[0]!;
        const take = Math.min(head.balance, remaining);
        uses.push({ credit_note: head.id, amount: take });
        head.balance = Math.round((head.balance - take) * 100) / 100;
        remaining = Math.round((remaining - take) * 100) / 100;
        if (head.balance <= 0) open.shift();
      }
      try {
        await payments.createPayment(
          scopeFor(ctx, siteId, userId),
          zPaymentCreate.parse({
            vendor,
            account: remaining > 0 ? account.id : null,
            amount,
            payment_date: dateOf(
              Math.min(SPAN_DAYS, Math.floor((i / size.payments) * SPAN_DAYS) + 7),
            ),
            reference: `UTR${100000 + i}`,
            delivery_allocations: allocations,
            ...(uses.length > 0 ? { credit_note_allocations: uses } : {}),
          }),
        );
        count('payments');
      } catch (error) {
        count(`payments refused: ${(error as { code?: string }).code ?? String(error)}`);
      }
    });
    log(`  ${counts.payments ?? 0} payments`);

    for (let i = 0; i < size.returns && i < lineOf.length; i += 1) {
      const line = lineOf[i]!;
      try {
        await returns.createVendorReturn(
          scopeFor(ctx, siteId, userId),
          zVendorReturnCreate.parse({
            vendor: line.vendor,
            return_date: dateOf(SPAN_DAYS),
            reason: 'damaged',
            items: [
              {
                delivery_item: line.id,
                quantity_returned: Math.min(1, line.quantity),
                return_rate: line.price,
                condition: 'damaged',
              },
            ],
          }),
        );
        count('returns');
      } catch (error) {
        count(`returns refused: ${(error as { code?: string }).code ?? String(error)}`);
      }
    }
    log(`  ${counts.returns ?? 0} vendor returns`);
    // Fresh statistics, as a database that has been running has them (autovacuum on PostgreSQL,
    // the server's hourly PRAGMA optimize on SQLite): the planner picks the indexes it would.
    // On PostgreSQL VACUUM also sets the visibility map autovacuum would have set, without which
    // no index-only scan (the balance and dashboard sums) is possible.
    await sql.raw(pg ? 'vacuum analyze' : 'analyze').execute(ctx.db.kysely);
    return {
      email,
      siteId,
      busiestVendor: vendorIds[0]!,
      counts,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await app.close();
  }
}
