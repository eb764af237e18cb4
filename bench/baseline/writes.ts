/**
 * The write half of the baseline (issue 22): the statements the server sends for POST
 * …/deliveries (10 lines) and POST …/payments (allocations, a credit note, the account's share),
 * in one transaction each, with the raw driver — no framework, no session, no validation beyond
 * what the writes need. The statement list follows deliveries-service.ts createDelivery and
 * create-payment.ts createPayment: the plan's usage row (plan-limits.ts consumeQuota), the
 * reference checks, the row locks (PostgreSQL only, as db/locking.ts), the inserts, the paid
 * amounts, balances and statuses recomputed in SQL, the account posting, the audit row with its
 * snapshot (platform/audit.ts), then the record read back for the answer. No Idempotency-Key is
 * sent by the bench, so neither side writes an idempotency row. The user is the `x-user-id`
 * header (the bench's signed-in user): created_by must name a real user.
 */
import path from 'node:path';
import {
  allocationState,
  creditNoteStatusForBalance,
  deliveryPaymentStatus,
  toPaise,
} from '@siteledger/domain';
import Database from 'better-sqlite3';
import pg from 'pg';
import { newId, nowIso } from '../../apps/server/src/db/ids.js';
import { deliveryTotals, lineAmounts } from '../../apps/server/src/modules/deliveries/totals.js';
import { businessMonth } from '../../apps/server/src/platform/business-time.js';

type Row = Record<string, unknown>;

/** One transaction's statements, `?` placeholders on both databases. */
interface Tx {
  all(sql: string, params: unknown[]): Promise<Row[]>;
  run(sql: string, params: unknown[]): Promise<number>;
  /** ` for update` (or the given lock) on PostgreSQL, nothing on SQLite. */
  lock(kind?: string): string;
}

export interface Writer {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** SQLite: one writable connection with the server's pragmas (db/database.ts), one writer at once. */
export function sqliteWriter(dataDir: string): Writer {
  const db = new Database(path.join(dataDir, 'siteledger.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const tx: Tx = {
    all: (sql, params) => Promise.resolve(prepare(sql).all(...params) as Row[]),
    run: (sql, params) => Promise.resolve(prepare(sql).run(...params).changes),
    lock: () => '',
  };
  // The server's writer is a mutex around one connection too (db/sqlite-driver.ts).
  let queue: Promise<unknown> = Promise.resolve();
  return {
    transaction<T>(work: (t: Tx) => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        // Immediate: the server's writer is the only one on its file, but here the server's
        // connections share it, and a deferred read-then-write could fail with SQLITE_BUSY.
        prepare('begin immediate').run();
        try {
          const result = await work(tx);
          prepare('commit').run();
          return result;
        } catch (error) {
          if (db.inTransaction) prepare('rollback').run();
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/** PostgreSQL: a pool of 10 (the server's default), named prepared statements. */
export function pgWriter(url: string): Writer {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map<string, { name: string; text: string }>();
  const named = (sql: string) => {
    let entry = names.get(sql);
    if (!entry) {
      let i = 0;
      entry = { name: `w${names.size}`, text: sql.replace(/\?/g, () => `$${++i}`) };
      names.set(sql, entry);
    }
    return entry;
  };
  return {
    async transaction<T>(work: (t: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const tx: Tx = {
        all: async (sql, params) => (await client.query({ ...named(sql), values: params })).rows,
        run: async (sql, params) =>
          (await client.query({ ...named(sql), values: params })).rowCount ?? 0,
        lock: (kind = 'for update') => ` ${kind}`,
      };
      try {
        await client.query('begin');
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const timezone = process.env.TIMEZONE ?? 'Asia/Kolkata';
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** An answer other than 200: the status and why (a refusal, not a failure of the baseline). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** plan-limits.ts take(): the subscription, the plan's cap row, the month's usage row, the count. */
async function consumeQuota(tx: Tx, siteId: string, resource: 'deliveries' | 'payments') {
  const [sub] = await tx.all(
    `select s.*, l.cap as cap from site_subscriptions s
     left join plan_limits l on l.plan_id = s.plan_id and l.resource = ?
     where s.site_id = ?`,
    [resource, siteId],
  );
  if (!sub) throw new Refusal(403, 'no subscription');
  const period = businessMonth(timezone);
  const now = nowIso();
  await tx.run(
    `insert into plan_usage (id, site_id, resource, period_start, period_end, count, created,
     updated) values (?, ?, ?, ?, ?, 0, ?, ?)
     on conflict (site_id, period_start, resource) do nothing`,
    [newId(), siteId, resource, period.start, period.end, now, now],
  );
  // A cap row of null (or none) is unlimited.
  const cap = sub.cap === null || sub.cap === undefined ? null : Number(sub.cap);
  const changed = await tx.run(
    `update plan_usage set count = count + ?, updated = ?
     where site_id = ? and period_start = ? and resource = ?${cap !== null ? ' and count <= ?' : ''}`,
    [1, now, siteId, period.start, resource, ...(cap !== null ? [cap - 1] : [])],
  );
  if (changed !== 1) throw new Refusal(403, 'limit reached');
}

/** platform/audit.ts auditCreated: the new record's snapshot as the row's changes. */
async function audit(
  tx: Tx,
  siteId: string,
  userId: string,
  entity: string,
  id: string,
  after: Row,
) {
  await tx.run(
    `insert into audit_log (id, site_id, user_id, at, entity, record_id, action, changes)
     values (?, ?, ?, ?, ?, ?, 'create', ?)`,
    [newId(), siteId, userId, nowIso(), entity, id, JSON.stringify(after)],
  );
}

export interface DeliveryBody {
  vendor: string;
  delivery_date: string;
  delivery_reference?: string;
  notes?: string;
  tax_amount?: number;
  round_off?: number;
  delivery_items: { item: string; quantity: number; unit_price: number; notes?: string }[];
}

/** POST …/deliveries: the delivery, its lines and totals, the usage counter, the audit row. */
export async function createDelivery(
  writer: Writer,
  siteId: string,
  userId: string,
  input: DeliveryBody,
): Promise<Row> {
  const now = nowIso();
  const id = newId();
  const lineIds = input.delivery_items.map(() => newId()).sort();
  const lines = input.delivery_items.map((line, i) => ({
    id: lineIds[i]!,
    item: line.item,
    ...lineAmounts(line.quantity, line.unit_price, `delivery_items.${i}.total_amount`),
    notes: line.notes || null,
  }));
  const totals = deliveryTotals(
    lines.reduce((sum, line) => sum + line.total_amount, 0),
    toPaise(input.tax_amount ?? 0),
    toPaise(input.round_off ?? 0),
    0,
  );
  return writer.transaction(async (tx) => {
    await consumeQuota(tx, siteId, 'deliveries');
    const vendor = await tx.all('select id from vendors where site_id = ? and id = ?', [
      siteId,
      input.vendor,
    ]);
    if (vendor.length === 0) throw new Refusal(400, 'unknown vendor');
    const items = [...new Set(lines.map((l) => l.item))];
    const known = await tx.all(
      `select id from items where site_id = ? and id in (${marks(items.length)})`,
      [siteId, ...items],
    );
    if (known.length !== items.length) throw new Refusal(400, 'unknown item');
    await tx.run(
      `insert into deliveries (id, site_id, vendor, delivery_date, delivery_reference, notes,
       photos, items_total, tax_amount, round_off, total_amount, payment_status, paid_amount,
       created_by, created, updated) values (${marks(16)})`,
      [
        id,
        siteId,
        input.vendor,
        input.delivery_date,
        input.delivery_reference || null,
        input.notes || null,
        '[]',
        totals.items_total,
        totals.tax_amount,
        totals.round_off,
        totals.total_amount,
        totals.payment_status,
        0,
        userId,
        now,
        now,
      ],
    );
    await tx.run(
      `insert into delivery_items (id, site_id, delivery, item, quantity, unit_price,
       total_amount, notes, created_by, created, updated)
       values ${lines.map(() => `(${marks(11)})`).join(', ')}`,
      lines.flatMap((l) => [
        l.id,
        siteId,
        id,
        l.item,
        l.quantity,
        l.unit_price,
        l.total_amount,
        l.notes,
        userId,
        now,
        now,
      ]),
    );
    const [row] = await tx.all('select * from deliveries where id = ?', [id]);
    const snapshotLines = await tx.all(
      'select item, quantity, unit_price, total_amount from delivery_items where delivery = ? order by id',
      [id],
    );
    await audit(tx, siteId, userId, 'deliveries', id, { ...row, lines: snapshotLines });
    // The answer, read back as the server does after its transaction.
    const delivery_items = await tx.all(
      'select * from delivery_items where site_id = ? and delivery = ? order by id',
      [siteId, id],
    );
    return { ...row, delivery_items };
  });
}

export interface PaymentBody {
  vendor: string;
  account?: string;
  amount: number;
  payment_date: string;
  reference?: string;
  notes?: string;
  delivery_allocations?: { delivery: string; amount: number }[];
  credit_note_allocations?: { credit_note: string; amount: number }[];
}

/**
 * POST …/payments: the locks (notes, deliveries, account), the payment, its allocations and
 * credit-note usage, the deliveries' paid amounts and statuses, the notes' balances and
 * statuses, the account debit and balance, the usage counter, the audit row.
 */
export async function createPayment(
  writer: Writer,
  siteId: string,
  userId: string,
  input: PaymentBody,
): Promise<Row> {
  const amount = toPaise(input.amount);
  const targets = (input.delivery_allocations ?? []).map((a) => ({
    id: a.delivery,
    amount: toPaise(a.amount),
  }));
  const uses = (input.credit_note_allocations ?? []).map((a) => ({
    id: a.credit_note,
    amount: toPaise(a.amount),
  }));
  const allocated = targets.reduce((sum, t) => sum + t.amount, 0);
  const accountAmount = amount - uses.reduce((sum, u) => sum + u.amount, 0);
  const targetIds = [...new Set(targets.map((t) => t.id))].sort();
  const noteIds = [...new Set(uses.map((u) => u.id))].sort();
  const id = newId();
  return writer.transaction(async (tx) => {
    await consumeQuota(tx, siteId, 'payments');
    const [vendor] = await tx.all('select id, name from vendors where site_id = ? and id = ?', [
      siteId,
      input.vendor,
    ]);
    if (!vendor) throw new Refusal(400, 'unknown vendor');
    if (input.account) {
      const found = await tx.all('select id from accounts where site_id = ? and id = ?', [
        siteId,
        input.account,
      ]);
      if (found.length === 0) throw new Refusal(400, 'unknown account');
    }
    await tx.all(
      `select * from vendor_credit_notes where site_id = ? and vendor = ?
       and (status = 'active'${noteIds.length ? ` or id in (${marks(noteIds.length)})` : ''})
       order by id${tx.lock()}`,
      [siteId, vendor.id, ...noteIds],
    );
    // Read and locked as the server does; its dues rule is a comparison in JS, left out so the
    // bench can pay its targets again (the statements stay the same).
    if (targetIds.length)
      await tx.all(
        `select id, vendor, total_amount, paid_amount from deliveries
           where site_id = ? and id in (${marks(targetIds.length)}) order by id${tx.lock()}`,
        [siteId, ...targetIds],
      );
    const lockAccount = `select * from accounts where site_id = ? and id = ?${tx.lock('for no key update')}`;
    const accountPays = accountAmount > 0 && !!input.account;
    if (input.account) await tx.all(lockAccount, [siteId, input.account]);
    const now = nowIso();
    await tx.run(
      `insert into payments (id, site_id, vendor, account, amount, payment_date, reference, notes,
       allocation_state, created_by, created, updated) values (${marks(12)})`,
      [
        id,
        siteId,
        vendor.id,
        accountPays ? input.account : null,
        amount,
        input.payment_date,
        input.reference || null,
        input.notes || null,
        allocationState(amount, allocated),
        userId,
        now,
        now,
      ],
    );
    if (targets.length) {
      const rowIds = targets.map(() => newId()).sort();
      await tx.run(
        `insert into payment_allocations (id, site_id, payment, delivery, service_booking,
         allocated_amount, created_by, created, updated)
         values ${targets.map(() => `(${marks(9)})`).join(', ')}`,
        targets.flatMap((t, i) => [rowIds[i], siteId, id, t.id, null, t.amount, userId, now, now]),
      );
    }
    if (uses.length) {
      const usageIds = uses.map(() => newId()).sort();
      await tx.run(
        `insert into credit_note_usage (id, site_id, credit_note, used_amount, used_date, payment,
         vendor, description, created_by, created, updated)
         values ${uses.map(() => `(${marks(11)})`).join(', ')}`,
        uses.flatMap((u, i) => [
          usageIds[i],
          siteId,
          u.id,
          u.amount,
          input.payment_date,
          id,
          vendor.id,
          `Payment to ${String(vendor.name)}`,
          userId,
          now,
          now,
        ]),
      );
    }
    if (targetIds.length) {
      const inIds = `site_id = ? and id in (${marks(targetIds.length)})`;
      await tx.run(
        `update deliveries set paid_amount = coalesce((select sum(a.allocated_amount)
         from payment_allocations a where a.delivery = deliveries.id), 0) where ${inIds}`,
        [siteId, ...targetIds],
      );
      const paid = await tx.all(
        `select id, total_amount, paid_amount, payment_status from deliveries where ${inIds}`,
        [siteId, ...targetIds],
      );
      for (const row of paid) {
        const status = deliveryPaymentStatus(Number(row.total_amount), Number(row.paid_amount));
        await tx.run('update deliveries set payment_status = ?, updated = ? where id = ?', [
          status,
          now,
          row.id,
        ]);
      }
    }
    if (noteIds.length) {
      const inIds = `site_id = ? and id in (${marks(noteIds.length)})`;
      await tx.run(
        `update vendor_credit_notes set balance = credit_amount - coalesce((select
         sum(u.used_amount) from credit_note_usage u
         where u.credit_note = vendor_credit_notes.id), 0) where ${inIds}`,
        [siteId, ...noteIds],
      );
      const notes = await tx.all(
        `select id, balance, status from vendor_credit_notes where ${inIds}`,
        [siteId, ...noteIds],
      );
      for (const note of notes) {
        await tx.run('update vendor_credit_notes set status = ?, updated = ? where id = ?', [
          creditNoteStatusForBalance(Number(note.balance)),
          now,
          note.id,
        ]);
      }
    }
    if (accountPays) {
      // account-postings.ts postTransaction: lock, the debit row, the balance moved.
      await tx.all(lockAccount, [siteId, input.account]);
      await tx.run(
        `insert into account_transactions (id, site_id, account, type, amount, transaction_date,
         description, reference, notes, vendor, payment, vendor_refund, transaction_category,
         created_by, created, updated) values (${marks(16)})`,
        [
          newId(),
          siteId,
          input.account,
          'debit',
          accountAmount,
          input.payment_date,
          `Payment to ${String(vendor.name)}`,
          input.reference || null,
          null,
          vendor.id,
          id,
          null,
          'payment',
          userId,
          now,
          now,
        ],
      );
      await tx.run(
        'update accounts set current_balance = current_balance + ? where site_id = ? and id = ?',
        [-accountAmount, siteId, input.account],
      );
    }
    const [row] = await tx.all('select * from payments where id = ?', [id]);
    const allocations = await tx.all(
      'select delivery, service_booking, allocated_amount from payment_allocations where payment = ? order by id',
      [id],
    );
    const credit_notes = await tx.all(
      'select credit_note, used_amount from credit_note_usage where payment = ? order by id',
      [id],
    );
    await audit(tx, siteId, userId, 'payments', id, { ...row, allocations, credit_notes });
    return { ...row, allocations, credit_notes };
  });
}
