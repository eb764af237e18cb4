import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, NO_MIGRATIONS, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.js';
import { newId, nowIso } from '../src/db/ids.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import type { BusinessTables, Database } from '../src/db/schema.js';

/** The GST heads of a row without GST (migration 0011). */
const NO_GST = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 } as const;
/** What a bill or return was recorded with (migration 0020): an unregistered vendor, cost mode. */
const RECORDED = {
  vendor_gstin: null,
  vendor_state_code: null,
  vendor_registration_type: 'unregistered',
  input_tax_mode: 'cost',
} as const;

// The columns of every business table, checked against the row types at compile time (same keys,
// same kinds: `_columnsMatchRowTypes`) and against the migrated database at run time.
type Kind<T> = [T] extends [number]
  ? 'int'
  : [T] extends [number | null]
    ? 'int?'
    : [T] extends [string]
      ? 'text'
      : [T] extends [string | null]
        ? 'text?'
        : never;
type Columns = {
  [T in keyof BusinessTables]: { [C in keyof BusinessTables[T]]-?: Kind<BusinessTables[T][C]> };
};

const base = {
  id: 'text',
  site_id: 'text',
  created_by: 'text?',
  created: 'text',
  updated: 'text',
} as const;
/** Migration 0011 (GST): the tax heads in paise. */
const heads = { cgst_amount: 'int', sgst_amount: 'int', igst_amount: 'int' } as const;
/** Migration 0020 (issue 40): what a bill or return was recorded with. */
const recorded = {
  vendor_gstin: 'text?',
  vendor_state_code: 'text?',
  vendor_registration_type: 'text',
  input_tax_mode: 'text',
} as const;
/** Migration 0026 (issue 43): a credit's TDS. */
const tds = {
  tds_section: 'text?',
  tds_base: 'int',
  tds_rate: 'int?',
  tds_amount: 'int',
  tds_carried: 'int',
} as const;
const link = { site_id: 'text', tag: 'text', created_by: 'text?', created: 'text' } as const;
const COLUMNS = {
  accounts: {
    ...base,
    ...{ name: 'text', type: 'text', account_number: 'text?', bank_name: 'text?' },
    ...{ description: 'text?', is_active: 'int', opening_balance: 'int', current_balance: 'int' },
  },
  account_transactions: {
    ...base,
    ...{ account: 'text', type: 'text', amount: 'int', transaction_date: 'text' },
    ...{ description: 'text?', reference: 'text?', notes: 'text?', vendor: 'text?' },
    ...{ payment: 'text?', vendor_refund: 'text?', transaction_category: 'text?' },
    tds_challan: 'text?',
    worker_advance: 'text?',
    wage_sheet: 'text?',
    imprest: 'text?',
    imprest_replenishment: 'text?',
  },
  tags: { ...base, name: 'text', color: 'text', type: 'text', usage_count: 'int' } as const,
  items: {
    ...base,
    ...{ name: 'text', description: 'text?', unit: 'text', hsn_code: 'text?', gst_rate: 'int?' },
    min_stock_level: 'int?',
  },
  services: {
    ...base,
    ...{ name: 'text', description: 'text?', category: 'text', service_type: 'text?' },
    ...{
      unit: 'text',
      standard_rate: 'int',
      is_active: 'int',
      sac_code: 'text?',
      gst_rate: 'int?',
    },
  },
  vendors: {
    ...base,
    ...{ name: 'text', company_name: 'text?', contact_person: 'text?', email: 'text?' },
    ...{ phone: 'text?', address: 'text?', payment_details: 'text?', gstin: 'text?' },
    ...{ files: 'text', state_code: 'text?', registration_type: 'text' },
    ...{ pan: 'text?', tds_section: 'text?', tds_194c6: 'int' },
  },
  item_tags: { ...link, item: 'text' },
  service_tags: { ...link, service: 'text' },
  vendor_tags: { ...link, vendor: 'text' },
  quotations: {
    ...base,
    ...{ vendor: 'text', quotation_type: 'text', item: 'text?', service: 'text?' },
    ...{ unit_price: 'int', minimum_quantity: 'int?', valid_until: 'text?', notes: 'text?' },
    status: 'text',
  },
  deliveries: {
    ...base,
    ...{ vendor: 'text', delivery_date: 'text', delivery_reference: 'text?', notes: 'text?' },
    ...{ photos: 'text', items_total: 'int', tax_amount: 'int', round_off: 'int' },
    ...{ total_amount: 'int', paid_amount: 'int', payment_status: 'text' },
    ...{
      supplier_invoice_number: 'text?',
      supplier_invoice_date: 'text?',
      place_of_supply: 'text?',
    },
    bill_name: 'text?',
    reverse_charge: 'int',
    tax_overrides: 'text?',
    ...heads,
    ...recorded,
    ...tds,
  },
  delivery_items: {
    ...base,
    ...{ delivery: 'text', item: 'text', quantity: 'int', unit_price: 'int' },
    ...{ total_amount: 'int', notes: 'text?', gst_rate: 'int?' },
    purchase_order_line: 'text?',
    ...heads,
  },
  service_bookings: {
    ...base,
    ...{ service: 'text', vendor: 'text', start_date: 'text', end_date: 'text?' },
    budget_line: 'text?',
    ...{ duration: 'int', unit_rate: 'int', total_amount: 'int', percent_completed: 'int' },
    ...{ completion_photos: 'text', notes: 'text?', status: 'text', payment_status: 'text' },
    ...{ paid_amount: 'int', gst_rate: 'int?', bill_name: 'text?' },
    ...{ reverse_charge: 'int', rcm_cgst_amount: 'int', rcm_sgst_amount: 'int' },
    rcm_igst_amount: 'int',
    ...{ supplier_invoice_number: 'text?', supplier_invoice_date: 'text?' },
    ...heads,
    ...recorded,
    ...tds,
  },
  payments: {
    ...base,
    ...{ vendor: 'text', account: 'text?', amount: 'int', payment_date: 'text' },
    ...{ reference: 'text?', notes: 'text?', allocation_state: 'text' },
    ...tds,
    work_order: 'text?',
  },
  payment_allocations: {
    ...base,
    ...{ payment: 'text', delivery: 'text?', service_booking: 'text?', allocated_amount: 'int' },
  },
  vendor_returns: {
    ...base,
    ...{ vendor: 'text', return_date: 'text', reason: 'text', status: 'text', notes: 'text?' },
    ...{ photos: 'text', approval_notes: 'text?', approved_by: 'text?', approved_at: 'text?' },
    ...{ total_return_amount: 'int', actual_refund_amount: 'int?', completion_date: 'text?' },
    refund_type: 'text?',
    ...{ supplier_credit_note_number: 'text?', supplier_credit_note_date: 'text?' },
    ...heads,
    ...recorded,
  },
  vendor_return_items: {
    ...base,
    ...{ vendor_return: 'text', delivery_item: 'text', quantity_returned: 'int' },
    ...{ return_rate: 'int', return_amount: 'int', condition: 'text', item_notes: 'text?' },
    ...heads,
  },
  vendor_refunds: {
    ...base,
    ...{ vendor_return: 'text', vendor: 'text', account: 'text?', refund_amount: 'int' },
    ...{ refund_date: 'text', refund_method: 'text', reference: 'text?', notes: 'text?' },
    processed_by: 'text?',
  },
  vendor_credit_notes: {
    ...base,
    ...{ vendor: 'text', credit_amount: 'int', balance: 'int', issue_date: 'text' },
    ...{ expiry_date: 'text?', reference: 'text?', reason: 'text?', return_id: 'text?' },
    ...{ status: 'text', bill_name: 'text?' },
    ...{ taxable_amount: 'int?', gst_rate: 'int?', ...heads },
    ...{ original_delivery: 'text?', original_booking: 'text?' },
    ...{ supplier_note_number: 'text?', supplier_note_date: 'text?' },
  },
  credit_note_usage: {
    ...base,
    ...{ credit_note: 'text', used_amount: 'int', used_date: 'text', payment: 'text?' },
    ...{ vendor: 'text', description: 'text?' },
  },
} satisfies Columns;
/** Mutual assignability: no column missing or extra on either side, and the same kinds. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _columnsMatchRowTypes: Same<typeof COLUMNS, Columns> = true;
const BUSINESS_TABLES = Object.keys(COLUMNS) as (keyof BusinessTables)[];

/** A credit note without GST (the columns migration 0022 added). */
const CREDIT_NOTE_NO_GST = {
  taxable_amount: null,
  gst_rate: null,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 0,
  original_delivery: null,
  original_booking: null,
  supplier_note_number: null,
  supplier_note_date: null,
} as const;

/** 12 345 678 901 paise (₹12,34,56,789.01): above 2^32, so int8 parsing and SQLite INTEGER show. */
const BIG = 12_345_678_901;

type K = Kysely<Database>;

interface Chain {
  user: string;
  site: string;
  vendor: string;
  item: string;
  service: string;
  tag: string;
  account: string;
  delivery: string;
  deliveryItem: string;
  booking: string;
  payment: string;
  allocation: string;
  vendorReturn: string;
  returnItem: string;
  refund: string;
  creditNote: string;
  usage: string;
  debit: string;
}

async function insertUser(k: K): Promise<string> {
  const id = newId();
  await k
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      name: 'Test User',
      phone: null,
      avatar: null,
      password_hash: 'x',
      verified: 1,
      coupon_code: null,
      legal_accepted: 1,
      legal_accepted_at: nowIso(),
      created: nowIso(),
      updated: nowIso(),
    })
    .execute();
  return id;
}

/** A site with one record in every business table, linked the way the product links them. */
async function seedChain(k: K, createdBy?: string): Promise<Chain> {
  const user = await insertUser(k);
  const by = createdBy ?? user;
  const site = newId();
  await k
    .insertInto('businesses')
    .values({
      id: site,
      owner: user,
      name: 'Tower A',
      legal_name: null,
      address: null,
      gstins: '[]',
      pan: null,
      tan: null,
      logo: null,
      role_settings: '{}',
      created_by: user,
      created: nowIso(),
      updated: nowIso(),
    })
    .execute();
  await k
    .insertInto('sites')
    .values({
      business_id: site,
      gstin: null,
      state_code: null,
      input_tax_mode: 'cost',
      approval_threshold: null,
      po_over_receipt_percent: 0,
      allow_negative_stock: 0,
      stock_count_threshold: null,
      ot_multiplier: 200,
      budget_control: 'warn',
      consumption_flag_percent: 11000,
      supervisor_budget_view: 'none',
      petty_approval_threshold: 200000,
      petty_photo_above: null,
      id: site,
      name: 'Tower A',
      description: null,
      total_units: 40,
      total_planned_area: 52000.5,
      admin_user: user,
      require_two_step: 0,
      is_active: 1,
      deleted_at: null,
      purge_after: null,
      created: nowIso(),
      updated: nowIso(),
    })
    .execute();
  const row = () => ({ id: newId(), site_id: site, created_by: by, created: nowIso() });
  const rec = () => ({ ...row(), updated: nowIso() });

  const tag = rec();
  await k
    .insertInto('tags')
    .values({ ...tag, name: 'Cement', color: '#f59e0b', type: 'item_category', usage_count: 3 })
    .execute();
  const item = rec();
  await k
    .insertInto('items')
    .values({ ...item, name: 'OPC 53 cement', description: null, unit: 'bag' })
    .execute();
  const service = rec();
  await k
    .insertInto('services')
    .values({
      ...service,
      name: 'Mason',
      description: null,
      category: 'labor',
      service_type: 'masonry',
      unit: 'day',
      standard_rate: 90_000,
      is_active: 1,
    })
    .execute();
  const vendor = rec();
  await k
    .insertInto('vendors')
    .values({
      tds_194c6: 0,
      state_code: null,
      registration_type: 'unregistered',
      ...vendor,
      name: 'Sharma Traders',
      company_name: 'Sharma Traders Pvt Ltd',
      contact_person: 'R. Sharma',
      email: null,
      phone: '+919800000000',
      address: null,
      payment_details: null,
      gstin: '27AAPFU0939F1ZV',
      files: '["gst.pdf"]',
    })
    .execute();
  const linkRow = { site_id: site, tag: tag.id, created_by: by, created: nowIso() };
  await k
    .insertInto('item_tags')
    .values({ ...linkRow, item: item.id })
    .execute();
  await k
    .insertInto('service_tags')
    .values({ ...linkRow, service: service.id })
    .execute();
  await k
    .insertInto('vendor_tags')
    .values({ ...linkRow, vendor: vendor.id })
    .execute();
  await k
    .insertInto('quotations')
    .values([
      {
        ...rec(),
        vendor: vendor.id,
        quotation_type: 'item',
        item: item.id,
        service: null,
        unit_price: 38_000,
        minimum_quantity: 100_000,
        valid_until: '2025-12-31',
        notes: null,
        status: 'pending',
      },
      {
        ...rec(),
        vendor: vendor.id,
        quotation_type: 'service',
        item: null,
        service: service.id,
        unit_price: 85_000,
        minimum_quantity: null,
        valid_until: null,
        notes: null,
        status: 'pending',
      },
    ])
    .execute();

  const account = rec();
  await k
    .insertInto('accounts')
    .values({
      ...account,
      name: 'HDFC current',
      type: 'bank',
      account_number: '50200012345678',
      bank_name: 'HDFC Bank',
      description: null,
      is_active: 1,
      opening_balance: BIG,
      current_balance: BIG,
    })
    .execute();

  const delivery = rec();
  await k
    .insertInto('deliveries')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      supplier_invoice_number: null,
      supplier_invoice_date: null,
      place_of_supply: null,
      bill_name: null,
      reverse_charge: 0,
      ...NO_GST,
      ...RECORDED,
      ...delivery,
      vendor: vendor.id,
      delivery_date: '2025-04-01',
      delivery_reference: 'DC-118',
      notes: null,
      photos: '[]',
      items_total: BIG,
      tax_amount: 0,
      round_off: -49,
      total_amount: BIG - 49,
      paid_amount: 1_000_000,
      payment_status: 'partial',
    })
    .execute();
  const deliveryItem = rec();
  await k
    .insertInto('delivery_items')
    .values({
      gst_rate: null,
      ...NO_GST,
      ...deliveryItem,
      delivery: delivery.id,
      item: item.id,
      quantity: 2_500,
      unit_price: 38_000,
      total_amount: 95_000,
      notes: null,
    })
    .execute();
  const booking = rec();
  await k
    .insertInto('service_bookings')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      gst_rate: null,
      bill_name: null,
      reverse_charge: 0,
      rcm_cgst_amount: 0,
      rcm_sgst_amount: 0,
      rcm_igst_amount: 0,
      ...NO_GST,
      ...RECORDED,
      ...booking,
      service: service.id,
      vendor: vendor.id,
      start_date: '2025-04-02',
      end_date: null,
      duration: 1_500,
      unit_rate: 90_000,
      total_amount: 135_000,
      percent_completed: 40,
      completion_photos: '[]',
      notes: null,
      status: 'in_progress',
      payment_status: 'currently_paid_up',
      paid_amount: 60_000,
    })
    .execute();

  const vendorReturn = rec();
  await k
    .insertInto('vendor_returns')
    .values({
      ...NO_GST,
      ...RECORDED,
      ...vendorReturn,
      vendor: vendor.id,
      return_date: '2025-04-03',
      reason: 'damaged',
      status: 'approved',
      notes: null,
      photos: '[]',
      approval_notes: 'Auto-approved on creation',
      approved_by: user,
      approved_at: nowIso(),
      total_return_amount: 38_000,
      actual_refund_amount: null,
      completion_date: null,
      refund_type: 'split',
    })
    .execute();
  const returnItem = rec();
  await k
    .insertInto('vendor_return_items')
    .values({
      ...NO_GST,
      ...returnItem,
      vendor_return: vendorReturn.id,
      delivery_item: deliveryItem.id,
      quantity_returned: 1_000,
      return_rate: 38_000,
      return_amount: 38_000,
      condition: 'damaged',
      item_notes: null,
    })
    .execute();
  const refund = rec();
  await k
    .insertInto('vendor_refunds')
    .values({
      ...refund,
      vendor_return: vendorReturn.id,
      vendor: vendor.id,
      account: account.id,
      refund_amount: 18_000,
      refund_date: '2025-04-03',
      refund_method: 'bank_transfer',
      reference: null,
      notes: null,
      processed_by: user,
    })
    .execute();
  const creditNote = rec();
  await k
    .insertInto('vendor_credit_notes')
    .values({
      bill_name: null,
      ...creditNote,
      vendor: vendor.id,
      credit_amount: 20_000,
      balance: 20_000,
      issue_date: '2025-04-03',
      expiry_date: null,
      reference: 'CN-1',
      reason: null,
      return_id: vendorReturn.id,
      ...CREDIT_NOTE_NO_GST,
      status: 'active',
    })
    .execute();

  const payment = rec();
  await k
    .insertInto('payments')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      ...payment,
      vendor: vendor.id,
      account: account.id,
      amount: 1_060_000,
      payment_date: '2025-04-05',
      reference: 'UTR123',
      notes: null,
      allocation_state: 'fully_allocated',
    })
    .execute();
  const allocation = rec();
  await k
    .insertInto('payment_allocations')
    .values([
      {
        ...allocation,
        payment: payment.id,
        delivery: delivery.id,
        service_booking: null,
        allocated_amount: 1_000_000,
      },
      {
        ...rec(),
        payment: payment.id,
        delivery: null,
        service_booking: booking.id,
        allocated_amount: 60_000,
      },
    ])
    .execute();
  const usage = rec();
  await k
    .insertInto('credit_note_usage')
    .values({
      ...usage,
      credit_note: creditNote.id,
      used_amount: 20_000,
      used_date: '2025-04-05',
      payment: payment.id,
      vendor: vendor.id,
      description: null,
    })
    .execute();
  const debit = rec();
  const transaction = {
    description: null,
    reference: null,
    notes: null,
    vendor: vendor.id,
    vendor_refund: null,
    payment: null,
  };
  await k
    .insertInto('account_transactions')
    .values([
      {
        ...debit,
        ...transaction,
        account: account.id,
        type: 'debit',
        amount: 1_040_000,
        transaction_date: '2025-04-05',
        payment: payment.id,
        transaction_category: 'payment',
      },
      {
        ...rec(),
        ...transaction,
        account: account.id,
        type: 'credit',
        amount: 18_000,
        transaction_date: '2025-04-03',
        vendor_refund: refund.id,
        transaction_category: 'refund',
      },
    ])
    .execute();

  return {
    user,
    site,
    vendor: vendor.id,
    item: item.id,
    service: service.id,
    tag: tag.id,
    account: account.id,
    delivery: delivery.id,
    deliveryItem: deliveryItem.id,
    booking: booking.id,
    payment: payment.id,
    allocation: allocation.id,
    vendorReturn: vendorReturn.id,
    returnItem: returnItem.id,
    refund: refund.id,
    creditNote: creditNote.id,
    usage: usage.id,
    debit: debit.id,
  };
}

async function countForSite(k: K, table: keyof BusinessTables, site: string): Promise<number> {
  const { n } = await k
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', site)
    .executeTakeFirstOrThrow();
  return Number(n);
}

interface Handle {
  db: Db;
  dispose(): Promise<void>;
}

/**
 * Every migration file on disk, in name order: each must be registered in migrations/index.ts
 * (the bundled server carries only those) and run in this order.
 */
const MIGRATION_FILES = fs
  .readdirSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations'))
  .filter((name) => /^\d{4}-[\w-]+\.ts$/.test(name))
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();

function migrationSuite(open: () => Promise<Handle>) {
  let handle: Handle;
  let k: K;

  beforeAll(async () => {
    handle = await open();
    k = handle.db.kysely;
    expect(await migrateToLatest(handle.db)).toEqual(MIGRATION_FILES);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('creates every business table with the columns and nullability of the row types', async () => {
    const tables = await k.introspection.getTables();
    for (const name of BUSINESS_TABLES) {
      const table = tables.find((t) => t.name === name);
      expect(table, name).toBeDefined();
      const actual = Object.fromEntries(
        table!.columns.map((c) => {
          const type = c.dataType.toLowerCase();
          const kind = ['integer', 'int4', 'bigint', 'int8'].includes(type) ? 'int' : type;
          // SQLite lets a non-integer PRIMARY KEY hold NULL (a legacy quirk); PostgreSQL does not.
          const nullable = c.isNullable && !(c.name === 'id' && handle.db.dialect === 'sqlite');
          return [c.name, nullable ? `${kind}?` : kind];
        }),
      );
      expect(actual, name).toEqual(COLUMNS[name]);
    }
    // Money and quantity columns are 8-byte integers on PostgreSQL.
    if (handle.db.dialect === 'postgres') {
      const deliveries = tables.find((t) => t.name === 'deliveries')!;
      expect(deliveries.columns.find((c) => c.name === 'total_amount')?.dataType).toBe('int8');
    }
  });

  it('stores a full purchase chain and reads amounts back as JS numbers', async () => {
    const chain = await seedChain(k);
    for (const table of BUSINESS_TABLES) {
      expect(await countForSite(k, table, chain.site), table).toBeGreaterThan(0);
    }
    const delivery = await k
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', chain.delivery)
      .executeTakeFirstOrThrow();
    expect(delivery.items_total).toBe(BIG);
    expect(delivery.round_off).toBe(-49);
    expect(delivery.total_amount).toBe(BIG - 49);
    expect(typeof delivery.total_amount).toBe('number');
    const account = await k
      .selectFrom('accounts')
      .select(['opening_balance', 'is_active'])
      .where('id', '=', chain.account)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ opening_balance: BIG, is_active: 1 });
    const line = await k
      .selectFrom('delivery_items')
      .select(['quantity', 'unit_price', 'total_amount'])
      .where('id', '=', chain.deliveryItem)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ quantity: 2_500, unit_price: 38_000, total_amount: 95_000 });
    const sum = await k
      .selectFrom('payment_allocations')
      .select((eb) => eb.fn.sum<number>('allocated_amount').as('total'))
      .where('payment', '=', chain.payment)
      .executeTakeFirstOrThrow();
    expect(Number(sum.total)).toBe(1_060_000);
    const booking = await k
      .selectFrom('service_bookings')
      .select(['percent_completed', 'duration'])
      .where('id', '=', chain.booking)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ percent_completed: 40, duration: 1_500 });
  });

  it('fills the documented defaults', async () => {
    const chain = await seedChain(k);
    const id = newId();
    const now = nowIso();
    // Only the columns without a default (the row types list every column).
    const minimal = {
      id,
      site_id: chain.site,
      created: now,
      updated: now,
      vendor: chain.vendor,
      delivery_date: '2025-05-01',
      items_total: 500,
      total_amount: 500,
    };
    await k
      .insertInto('deliveries')
      .values(minimal as Insertable<Database['deliveries']>)
      .execute();
    const row = await k
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      photos: '[]',
      tax_amount: 0,
      round_off: 0,
      paid_amount: 0,
      payment_status: 'pending',
      created_by: null,
    });
    const tagId = newId();
    const tag = { id: tagId, site_id: chain.site, created: now, updated: now };
    await k
      .insertInto('tags')
      .values({ ...tag, name: 'Steel', color: '#000000' } as Insertable<Database['tags']>)
      .execute();
    expect(
      await k
        .selectFrom('tags')
        .select(['type', 'usage_count'])
        .where('id', '=', tagId)
        .executeTakeFirst(),
    ).toEqual({ type: 'custom', usage_count: 0 });
  });

  it('refuses references to missing rows and allocations without exactly one target', async () => {
    const chain = await seedChain(k);
    const now = nowIso();
    const missing = 'zzzzzzzzzzzzzzz';
    const rec = { site_id: chain.site, created_by: null, created: now, updated: now };
    const delivery = {
      ...rec,
      delivery_date: '2025-05-01',
      delivery_reference: null,
      notes: null,
      photos: '[]',
      items_total: 1,
      tax_amount: 0,
      round_off: 0,
      total_amount: 1,
      paid_amount: 0,
      payment_status: 'pending' as const,
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      supplier_invoice_number: null,
      supplier_invoice_date: null,
      place_of_supply: null,
      bill_name: null,
      reverse_charge: 0,
      ...NO_GST,
      ...RECORDED,
    };
    await expect(
      k
        .insertInto('deliveries')
        .values({ ...delivery, id: newId(), vendor: missing })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      k
        .insertInto('deliveries')
        .values({ ...delivery, id: newId(), vendor: chain.vendor, site_id: missing })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const line = {
      ...rec,
      ...{ quantity: 1000, unit_price: 1, total_amount: 1, notes: null, gst_rate: null, ...NO_GST },
    };
    await expect(
      k
        .insertInto('delivery_items')
        .values({ ...line, id: newId(), delivery: missing, item: chain.item })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const allocation = { ...rec, payment: chain.payment, allocated_amount: 1 };
    await expect(
      k
        .insertInto('payment_allocations')
        .values({ ...allocation, id: newId(), delivery: missing, service_booking: null })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    for (const target of [
      { delivery: null, service_booking: null },
      { delivery: chain.delivery, service_booking: chain.booking },
    ]) {
      await expect(
        k
          .insertInto('payment_allocations')
          .values({ ...allocation, ...target, id: newId() })
          .execute(),
      ).rejects.toThrow(/check constraint|payment_allocations_one_target/i);
    }
    // A second allocation of the same payment to the same delivery is one row too many.
    await expect(
      k
        .insertInto('payment_allocations')
        .values({ ...allocation, id: newId(), delivery: chain.delivery, service_booking: null })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it('refuses a second tag with the same name and type on a site', async () => {
    const chain = await seedChain(k);
    const now = nowIso();
    const tag = { site_id: chain.site, created_by: null, created: now, updated: now };
    const values = { ...tag, name: 'Cement', color: '#111111', usage_count: 0 };
    await k
      .insertInto('tags')
      .values({ ...values, id: newId(), type: 'custom' })
      .execute();
    await expect(
      k
        .insertInto('tags')
        .values({ ...values, id: newId(), type: 'item_category' })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it('cascades delivery lines with their delivery and keeps referenced money records', async () => {
    const chain = await seedChain(k);
    const now = nowIso();
    const rec = { site_id: chain.site, created_by: null, created: now, updated: now };
    const delivery = newId();
    await k
      .insertInto('deliveries')
      .values({
        tds_base: 0,
        tds_amount: 0,
        tds_carried: 0,
        supplier_invoice_number: null,
        supplier_invoice_date: null,
        place_of_supply: null,
        bill_name: null,
        reverse_charge: 0,
        ...NO_GST,
        ...RECORDED,
        ...rec,
        id: delivery,
        vendor: chain.vendor,
        delivery_date: '2025-05-02',
        delivery_reference: null,
        notes: null,
        photos: '[]',
        items_total: 2,
        tax_amount: 0,
        round_off: 0,
        total_amount: 2,
        paid_amount: 0,
        payment_status: 'pending',
      })
      .execute();
    const line = {
      ...rec,
      ...{ delivery, item: chain.item, quantity: 1000, unit_price: 1, notes: null },
      ...{ gst_rate: null, ...NO_GST },
    };
    await k
      .insertInto('delivery_items')
      .values([
        { ...line, id: newId(), total_amount: 1 },
        { ...line, id: newId(), total_amount: 1 },
      ])
      .execute();
    await k.deleteFrom('deliveries').where('id', '=', delivery).execute();
    const left = await k
      .selectFrom('delivery_items')
      .select('id')
      .where('delivery', '=', delivery)
      .execute();
    expect(left).toEqual([]);

    // Referenced records stay: a paid delivery, a returned line, a vendor with deliveries, a
    // credit note with usage, a payment with its account transaction.
    const refused: [keyof BusinessTables, string][] = [
      ['deliveries', chain.delivery],
      ['delivery_items', chain.deliveryItem],
      ['vendors', chain.vendor],
      ['items', chain.item],
      ['accounts', chain.account],
      ['service_bookings', chain.booking],
      ['vendor_credit_notes', chain.creditNote],
      ['payments', chain.payment],
      ['vendor_returns', chain.vendorReturn],
      ['vendor_refunds', chain.refund],
    ];
    for (const [table, id] of refused) {
      await expect(k.deleteFrom(table).where('id', '=', id).execute(), table).rejects.toThrow(
        /foreign key/i,
      );
    }

    // A payment whose usage and account transaction are removed first takes its allocations along.
    await k.deleteFrom('credit_note_usage').where('payment', '=', chain.payment).execute();
    await k.deleteFrom('account_transactions').where('payment', '=', chain.payment).execute();
    await k.deleteFrom('payments').where('id', '=', chain.payment).execute();
    expect(
      await k
        .selectFrom('payment_allocations')
        .select('id')
        .where('payment', '=', chain.payment)
        .execute(),
    ).toEqual([]);
  });

  it('keeps records when their author is deleted, clearing the user links', async () => {
    const author = await insertUser(k);
    const chain = await seedChain(k, author);
    await k
      .updateTable('vendor_returns')
      .set({ approved_by: author })
      .where('site_id', '=', chain.site)
      .execute();
    await k
      .updateTable('vendor_refunds')
      .set({ processed_by: author })
      .where('site_id', '=', chain.site)
      .execute();
    await k.deleteFrom('users').where('id', '=', author).execute();
    const delivery = await k
      .selectFrom('deliveries')
      .select('created_by')
      .where('id', '=', chain.delivery)
      .executeTakeFirstOrThrow();
    expect(delivery.created_by).toBeNull();
    const ret = await k
      .selectFrom('vendor_returns')
      .select(['approved_by', 'created_by'])
      .where('id', '=', chain.vendorReturn)
      .executeTakeFirstOrThrow();
    expect(ret).toEqual({ approved_by: null, created_by: null });
  });

  it('removes every record of a site when the site is purged', async () => {
    const chain = await seedChain(k);
    const other = await seedChain(k);
    await k.deleteFrom('sites').where('id', '=', chain.site).execute();
    for (const table of BUSINESS_TABLES) {
      expect(await countForSite(k, table, chain.site), table).toBe(0);
      expect(await countForSite(k, table, other.site), table).toBeGreaterThan(0);
    }
  });

  it('migration 0020 records each bill and return with its vendor and its site as they are', async () => {
    const chain = await seedChain(k);
    await k
      .updateTable('sites')
      .set({ input_tax_mode: 'claim', state_code: '27' })
      .where('id', '=', chain.site)
      .execute();
    await k
      .updateTable('vendors')
      .set({ state_code: '27', registration_type: 'regular' })
      .where('id', '=', chain.vendor)
      .execute();
    const migrator = new Migrator({ db: k, provider: migrationProvider });
    const before = MIGRATION_FILES[MIGRATION_FILES.indexOf('0020-recorded-tax') - 1]!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect(await migrateToLatest(handle.db)).toEqual(
      MIGRATION_FILES.slice(MIGRATION_FILES.indexOf('0020-recorded-tax')),
    );
    for (const [table, id] of [
      ['deliveries', chain.delivery],
      ['service_bookings', chain.booking],
      ['vendor_returns', chain.vendorReturn],
    ] as const) {
      const row = await k
        .selectFrom(table)
        .select(['vendor_gstin', 'vendor_state_code', 'vendor_registration_type', 'input_tax_mode'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row, table).toEqual({
        vendor_gstin: '27AAPFU0939F1ZV',
        vendor_state_code: '27',
        vendor_registration_type: 'regular',
        input_tax_mode: 'claim',
      });
    }
  });

  it('is a no-op when run again', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  // Last: it drops everything (with the rows the tests above left), then rebuilds.
  it('migrates down to nothing and up again', async () => {
    const migrator = new Migrator({ db: k, provider: migrationProvider });
    const { error, results } = await migrator.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
      [...MIGRATION_FILES].reverse().map((name) => [name, 'Down', 'Success']),
    );
    expect(await k.introspection.getTables()).toEqual([]);
    expect(await migrateToLatest(handle.db)).toEqual(MIGRATION_FILES);
  });
}

describe('migrations on SQLite', () => {
  migrationSuite(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-mig-'));
    const db = openDatabase({ databaseUrl: null, dataDir });
    return {
      db,
      async dispose() {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
});

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('migrations on PostgreSQL', () => {
  migrationSuite(async () => {
    const name = `sl_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${name}`;
    const db = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    return {
      db,
      async dispose() {
        await db.close();
        // The pool's end can resolve before the server has seen every connection go; wait for that
        // rather than DROP … WITH (FORCE), whose kill would surface as an unhandled client error.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  });
});
