/**
 * The integrity check (issue 10): every invariant the books rely on, over a whole database.
 * Each check is one SQL query returning the rows that break it (plus a little arithmetic in JS
 * where the domain package owns the rule), so it runs on SQLite and PostgreSQL alike and on a
 * large database without loading it. Used by `npm run check-integrity` and after every server
 * test suite.
 */
import { isSharedTable } from '../db/site-scope.js';
import { sql, type Kysely } from 'kysely';
import {
  allocationState,
  bookingPaymentStatus,
  creditNoteStatusForBalance,
  deliveryPaymentStatus,
  rateFromStored,
  splitGst,
  lineTotalPaise,
} from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import { counted, linkKeys, siteReferences } from './references.js';
import { purchasingChecks } from './purchasing-checks.js';
import { stockChecks } from './stock-checks.js';
import { billingChecks } from './billing-checks.js';
import { overriddenHeads } from './tax-override-checks.js';
import { creditNoteChecks } from './credit-note-checks.js';
import { subcontractChecks } from './subcontract-checks.js';
import { labourChecks } from './labour-checks.js';
import { budgetChecks } from './budget-checks.js';
import { pettyChecks } from './petty-checks.js';
import { businessChecks } from './business-checks.js';

export interface Violation {
  check: string;
  table: string;
  id: string;
  detail: string;
}

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

async function references(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const keys = linkKeys();
  for (const [table, column, target] of await siteReferences(db)) {
    const key = keys[table] ? sql.ref(`t.${keys[table]}`) : sql.ref('t.id');
    // A shared master (issue 47) may be another site's of the same business; anything else
    // must be the record's own site's.
    const elsewhere = isSharedTable(target)
      ? sql`coalesce((select ts.business_id from sites ts where ts.id = t.site_id), t.site_id)
          <> coalesce((select xs.business_id from sites xs where xs.id = x.site_id), x.site_id)`
      : sql`x.site_id <> t.site_id`;
    const found = await rows(
      db,
      sql`select ${key} as id, t.site_id as site, x.id as target, x.site_id as target_site
        from ${sql.table(table)} t
        left join ${sql.table(target)} x on x.id = ${sql.ref(`t.${column}`)}
        where ${sql.ref(`t.${column}`)} is not null
          and (x.id is null or ${elsewhere})`,
    );
    for (const r of found) {
      out.push({
        check: r.target === null ? 'orphan reference' : 'cross-site reference',
        table,
        id: s(r.id),
        detail: `${column} → ${target}${r.target === null ? ' (missing)' : ` of site ${s(r.target_site)}`}`,
      });
    }
  }
  // A payment pays its own vendor's bills with its own vendor's credit notes.
  const vendorMismatch = await rows(
    db,
    sql`select x.id as id, 'payment_allocations' as tbl from payment_allocations x
        join payments p on p.id = x.payment
        left join deliveries d on d.id = x.delivery
        left join service_bookings b on b.id = x.service_booking
        where coalesce(d.vendor, b.vendor) <> p.vendor
      union all
      select u.id, 'credit_note_usage' from credit_note_usage u
        join vendor_credit_notes c on c.id = u.credit_note
        left join payments p on p.id = u.payment
        where c.vendor <> u.vendor or (p.id is not null and p.vendor <> u.vendor)
      union all
      select ri.id, 'vendor_return_items' from vendor_return_items ri
        join vendor_returns vr on vr.id = ri.vendor_return
        join delivery_items di on di.id = ri.delivery_item
        join deliveries d on d.id = di.delivery
        where d.vendor <> vr.vendor`,
  );
  for (const r of vendorMismatch) {
    out.push({
      check: 'vendor mismatch',
      table: s(r.tbl),
      id: s(r.id),
      detail: 'links records of two vendors',
    });
  }
  // Allocations name exactly one bill.
  const bad = await rows(
    db,
    sql`select id from payment_allocations
        where (delivery is null) = (service_booking is null) or allocated_amount <= 0`,
  );
  for (const r of bad) {
    out.push({
      check: 'allocation shape',
      table: 'payment_allocations',
      id: s(r.id),
      detail: 'needs one bill and a positive amount',
    });
  }
  return out;
}

async function money(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  for (const r of await rows(
    db,
    sql`select a.id, a.current_balance as balance, a.opening_balance + coalesce((select sum(case
        when t.type = 'credit' then t.amount else -t.amount end) from account_transactions t
        where t.account = a.id), 0) as expected from accounts a`,
  )) {
    if (n(r.balance) !== n(r.expected))
      push(
        'account balance',
        'accounts',
        r.id,
        `balance ${n(r.balance)} ≠ opening ± transactions ${n(r.expected)}`,
      );
  }

  for (const r of await rows(
    db,
    sql`select c.id, c.balance, c.status, c.credit_amount - coalesce((select sum(u.used_amount)
        from credit_note_usage u where u.credit_note = c.id), 0) as expected
        from vendor_credit_notes c`,
  )) {
    if (n(r.balance) !== n(r.expected))
      push(
        'credit note balance',
        'vendor_credit_notes',
        r.id,
        `balance ${n(r.balance)} ≠ amount − usage ${n(r.expected)}`,
      );
    if (n(r.balance) < 0)
      push('credit note balance', 'vendor_credit_notes', r.id, 'negative balance');
    if (s(r.status) !== creditNoteStatusForBalance(n(r.balance)))
      push(
        'credit note status',
        'vendor_credit_notes',
        r.id,
        `status ${s(r.status)} for balance ${n(r.balance)}`,
      );
  }

  for (const r of await rows(
    db,
    sql`select d.id, d.items_total, d.tax_amount, d.round_off, d.total_amount, d.paid_amount,
        d.reverse_charge, d.tds_amount,
        d.payment_status, d.cgst_amount + d.sgst_amount + d.igst_amount as heads, d.tax_overrides,
        coalesce((select sum(i.cgst_amount + i.sgst_amount + i.igst_amount)
          from delivery_items i where i.delivery = d.id), 0) as line_heads,
        (select count(i.gst_rate) from delivery_items i where i.delivery = d.id) as rated,
        coalesce((select sum(i.total_amount) from delivery_items i where i.delivery = d.id), 0) as lines,
        coalesce((select sum(x.allocated_amount) from payment_allocations x where x.delivery = d.id), 0) as allocated
        from deliveries d`,
  )) {
    const total = n(r.total_amount);
    const paid = n(r.paid_amount);
    if (n(r.items_total) !== n(r.lines))
      push(
        'delivery totals',
        'deliveries',
        r.id,
        `items_total ${n(r.items_total)} ≠ Σ lines ${n(r.lines)}`,
      );
    // Under reverse charge (issue 40 item 10) the site pays the tax: the total leaves it out.
    const owedTax = n(r.reverse_charge) === 1 ? 0 : n(r.tax_amount);
    if (total !== n(r.items_total) + owedTax + n(r.round_off))
      push('delivery totals', 'deliveries', r.id, 'total ≠ items + tax + round-off');
    // GST (API.md): the bill's heads are its lines' (or, for a rate set to the supplier's
    // invoice, within ₹1 of them: issue 40); an itemised bill's tax is their sum.
    const over = r.tax_overrides ? await overriddenHeads(db, s(r.id), s(r.tax_overrides)) : null;
    if (n(r.heads) !== (over ? over.heads : n(r.line_heads)))
      push('delivery tax', 'deliveries', r.id, 'GST heads ≠ Σ of the lines');
    if (over && over.stray.length > 0)
      push('delivery tax', 'deliveries', r.id, 'a tax override is more than ₹1 from its lines');
    if (n(r.rated) > 0 && n(r.tax_amount) !== n(r.heads))
      push('delivery tax', 'deliveries', r.id, 'tax ≠ CGST + SGST + IGST');
    if (paid !== n(r.allocated))
      push('delivery paid', 'deliveries', r.id, `paid ${paid} ≠ Σ allocations ${n(r.allocated)}`);
    // What the bill owes leaves out its TDS (API.md "TDS").
    const owed = total - n(r.tds_amount);
    if (paid > owed) push('delivery paid', 'deliveries', r.id, `paid ${paid} > owed ${owed}`);
    if (s(r.payment_status) !== deliveryPaymentStatus(owed, paid))
      push(
        'delivery status',
        'deliveries',
        r.id,
        `status ${s(r.payment_status)} for ${paid} of ${total}`,
      );
  }

  for (const r of await rows(
    db,
    sql`select id, quantity, unit_price, total_amount, gst_rate, cgst_amount, sgst_amount,
        igst_amount from delivery_items`,
  )) {
    if (n(r.total_amount) !== lineTotalPaise(n(r.quantity), n(r.unit_price)))
      push('line total', 'delivery_items', r.id, 'total ≠ quantity × unit price');
    // Either split of the line's rate, rounded per line; no rate, no tax.
    const rate = r.gst_rate === null ? 0 : rateFromStored(n(r.gst_rate));
    const heads = [n(r.cgst_amount), n(r.sgst_amount), n(r.igst_amount)].join();
    const intra = splitGst(n(r.total_amount), rate, true);
    const inter = splitGst(n(r.total_amount), rate, false);
    if (
      heads !== [intra.cgst, intra.sgst, intra.igst].join() &&
      heads !== [inter.cgst, inter.sgst, inter.igst].join()
    )
      push('line tax', 'delivery_items', r.id, 'GST heads ≠ taxable × rate');
  }

  for (const r of await rows(
    db,
    sql`select b.id, (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount) as total_amount, b.paid_amount, b.percent_completed,
        b.payment_status, b.status, b.total_amount as taxable, b.gst_rate,
        b.cgst_amount + b.rcm_cgst_amount as cgst_amount, b.sgst_amount + b.rcm_sgst_amount as sgst_amount,
        b.igst_amount + b.rcm_igst_amount as igst_amount, b.reverse_charge,
        case when b.reverse_charge = 1 then b.cgst_amount + b.sgst_amount + b.igst_amount
          else b.rcm_cgst_amount + b.rcm_sgst_amount + b.rcm_igst_amount end as misplaced,
        coalesce((select sum(x.allocated_amount) from payment_allocations x
          where x.service_booking = b.id), 0) as allocated
        from service_bookings b`,
  )) {
    const total = n(r.total_amount);
    const paid = n(r.paid_amount);
    if (paid !== n(r.allocated))
      push(
        'booking paid',
        'service_bookings',
        r.id,
        `paid ${paid} ≠ Σ allocations ${n(r.allocated)}`,
      );
    if (paid > total)
      push('booking paid', 'service_bookings', r.id, `paid ${paid} > total ${total}`);
    if (s(r.payment_status) !== bookingPaymentStatus(total, paid, n(r.percent_completed)))
      push('booking status', 'service_bookings', r.id, `status ${s(r.payment_status)}`);
    const rate = r.gst_rate === null ? 0 : rateFromStored(n(r.gst_rate));
    const heads = [n(r.cgst_amount), n(r.sgst_amount), n(r.igst_amount)].join();
    const intra = splitGst(n(r.taxable), rate, true);
    const inter = splitGst(n(r.taxable), rate, false);
    if (
      heads !== [intra.cgst, intra.sgst, intra.igst].join() &&
      heads !== [inter.cgst, inter.sgst, inter.igst].join()
    )
      push('booking tax', 'service_bookings', r.id, 'GST heads ≠ taxable × rate');
    // Reverse-charge tax is kept in rcm_* only, forward-charge tax in the owed heads only.
    if (n(r.misplaced) !== 0)
      push('booking tax', 'service_bookings', r.id, 'heads on the wrong side of reverse charge');
  }

  for (const r of await rows(
    db,
    sql`select p.id, p.amount, p.account, p.allocation_state, p.work_order, p.tds_amount,
        coalesce((select sum(x.allocated_amount) from payment_allocations x where x.payment = p.id), 0)
        + coalesce((select sum(x.allocated_amount) from ra_bill_allocations x where x.payment = p.id), 0)
        + coalesce((select sum(x.allocated_amount) from wage_sheet_allocations x where x.payment = p.id), 0) as allocated,
        coalesce((select sum(u.used_amount) from credit_note_usage u where u.payment = p.id), 0) as used,
        coalesce((select sum(t.amount) from account_transactions t
          where t.payment = p.id and t.type = 'debit'), 0) as debited,
        (select count(*) from account_transactions t where t.payment = p.id and t.type <> 'debit') as credits
        from payments p`,
  )) {
    const amount = n(r.amount);
    if (amount <= 0) push('payment amount', 'payments', r.id, 'not positive');
    if (n(r.allocated) > amount)
      push('payment allocation', 'payments', r.id, 'allocations exceed the amount');
    // A work order's advance is the order's whole (API.md "Work orders and RA bills").
    const state =
      r.work_order === null ? allocationState(amount, n(r.allocated)) : 'fully_allocated';
    if (s(r.allocation_state) !== state)
      push('payment allocation', 'payments', r.id, `allocation_state ${s(r.allocation_state)}`);
    if (n(r.used) > amount)
      push('payment credit', 'payments', r.id, 'credit notes exceed the amount');
    // An advance's TDS is withheld at payment: the account pays the rest.
    const debit = amount - n(r.used) - n(r.tds_amount);
    if (n(r.debited) !== debit)
      push(
        'payment posting',
        'payments',
        r.id,
        `account debit ${n(r.debited)} ≠ amount − credit − TDS ${debit}`,
      );
    if ((r.account === null) !== (n(r.debited) === 0))
      push('payment posting', 'payments', r.id, 'account and posting disagree');
    if (n(r.credits) > 0)
      push('payment posting', 'payments', r.id, 'a payment posting that is not a debit');
  }

  for (const r of await rows(
    db,
    sql`select di.id, di.quantity, coalesce((select sum(ri.quantity_returned)
        from vendor_return_items ri join vendor_returns vr on vr.id = ri.vendor_return
        where ri.delivery_item = di.id and vr.status in ('approved', 'completed', 'refunded')), 0)
        as returned from delivery_items di`,
  )) {
    if (n(r.returned) > n(r.quantity))
      push(
        'returned ≤ delivered',
        'delivery_items',
        r.id,
        `returned ${n(r.returned)} > delivered ${n(r.quantity)}`,
      );
  }

  for (const r of await rows(
    db,
    sql`select vr.id, vr.total_return_amount, vr.actual_refund_amount,
        vr.cgst_amount + vr.sgst_amount + vr.igst_amount as tax,
        coalesce((select sum(ri.return_amount) from vendor_return_items ri
          where ri.vendor_return = vr.id), 0) as lines,
        coalesce((select sum(ri.cgst_amount + ri.sgst_amount + ri.igst_amount)
          from vendor_return_items ri where ri.vendor_return = vr.id), 0) as line_tax
        from vendor_returns vr`,
  )) {
    if (n(r.total_return_amount) !== n(r.lines))
      push('return totals', 'vendor_returns', r.id, 'total ≠ Σ lines');
    if (n(r.tax) !== n(r.line_tax)) push('return totals', 'vendor_returns', r.id, 'tax ≠ Σ lines');
    // A return gives back its value plus the GST it reverses.
    if (n(r.actual_refund_amount) > n(r.total_return_amount) + n(r.tax))
      push('refund ≤ return', 'vendor_returns', r.id, 'refunded more than returned');
  }

  for (const r of await rows(
    db,
    sql`select id, amount from account_transactions where amount <= 0
      union all select id, used_amount from credit_note_usage where used_amount <= 0`,
  )) {
    push('positive amounts', 'account_transactions/credit_note_usage', r.id, 'amount not positive');
  }
  return out;
}

async function counters(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const resource of counted()) {
    for (const r of await rows(
      db,
      sql`select u.id, u.site_id, u.period_start, u.count as counted,
          (select count(*) from ${sql.table(resource)} t where t.site_id = u.site_id
            and t.created >= u.period_start and t.created <= u.period_end) as actual
          from plan_usage u where u.resource = ${resource}`,
    )) {
      if (n(r.counted) !== n(r.actual)) {
        out.push({
          check: 'usage counter',
          table: 'plan_usage',
          id: s(r.id),
          detail: `${resource} of site ${s(r.site_id)} from ${s(r.period_start)}: ${n(r.counted)} counted, ${n(r.actual)} exist`,
        });
      }
    }
  }
  for (const r of await rows(
    db,
    sql`select t.id, t.usage_count, (select count(*) from item_tags l where l.tag = t.id)
        + (select count(*) from service_tags l where l.tag = t.id)
        + (select count(*) from vendor_tags l where l.tag = t.id) as links from tags t`,
  )) {
    if (n(r.usage_count) !== n(r.links))
      out.push({
        check: 'tag usage',
        table: 'tags',
        id: s(r.id),
        detail: `usage_count ${n(r.usage_count)} ≠ ${n(r.links)} links`,
      });
  }
  for (const r of await rows(
    db,
    sql`select s.id from sites s where s.is_active = 1 and not exists (select 1 from site_users u
        where u.site_id = s.id and u.role = 'owner' and u.is_active = 1)`,
  )) {
    out.push({
      check: 'site owner',
      table: 'sites',
      id: s(r.id),
      detail: 'an active site without an active owner',
    });
  }
  return out;
}

export async function checkIntegrity(db: Kysely<Database>): Promise<Violation[]> {
  return [
    ...(await references(db)),
    ...(await money(db)),
    ...(await counters(db)),
    ...(await purchasingChecks(db)),
    ...(await stockChecks(db)),
    ...(await billingChecks(db)),
    ...(await creditNoteChecks(db)),
    ...(await subcontractChecks(db)),
    ...(await labourChecks(db)),
    ...(await budgetChecks(db)),
    ...(await pettyChecks(db)),
    ...(await businessChecks(db)),
  ];
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.check}: ${v.table} ${v.id} — ${v.detail}`).join('\n');
}
