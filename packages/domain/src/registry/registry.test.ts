import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, FINANCIAL_AUDIT_ENTITIES } from '../schemas/audit.js';
import { PLAN_RESOURCES, type PlanResource } from '../subscription.js';
import {
  CRUD,
  OFFLINE_QUEUED,
  RECORD_TYPES,
  money,
  pagedRecordTypes,
  numberFromStored,
  numberToStored,
  planResources,
  recordTypeOf,
  recordTypes,
  ref,
  registerRecordType,
  registryTables,
  siteRecord,
  siteReferences,
  text,
} from './index.js';

describe('record-type registry', () => {
  it('derives the plan resources from planResource flags: the same list, in the same order', () => {
    expect([...PLAN_RESOURCES]).toEqual([
      'items',
      'vendors',
      'deliveries',
      'service_bookings',
      'payments',
      'accounts',
      'vendor_returns',
      'services',
      'material_requests',
      'purchase_orders',
      'work_orders',
      'ra_bills',
      'workers',
    ]);
    // The type is the literal union, so a typo does not compile.
    const resource: PlanResource = 'purchase_orders';
    expect(planResources()).toContain(resource);
  });

  it('declares every audited entity once, and which need canViewFinancials', () => {
    const audited = RECORD_TYPES.flatMap((t) => ('audit' in t ? [t.audit] : []));
    expect(audited.map((a) => a.entity).sort()).toEqual([...AUDIT_ENTITIES].sort());
    expect(
      audited
        .filter((a) => 'financial' in a && a.financial)
        .map((a) => a.entity)
        .sort(),
    ).toEqual([...FINANCIAL_AUDIT_ENTITIES].sort());
  });

  it('names each collection and table once; every reference targets a declared table', () => {
    const collections = recordTypes().map((t) => t.collection);
    expect(new Set(collections).size).toBe(collections.length);
    const tables = registryTables().map((t) => t.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const t of registryTables()) {
      for (const [field, codec] of Object.entries(t.fields)) {
        if (codec.kind === 'ref') {
          expect([...tables, 'users', 'sites'], `${t.table}.${field} → ${codec.target}`).toContain(
            codec.target,
          );
        }
      }
    }
    // An audited part is a declared table.
    for (const t of recordTypes()) {
      for (const part of Object.values(t.audit?.parts ?? {})) expect(tables).toContain(part);
    }
  });

  it('converts stored numbers by codec', () => {
    expect(numberFromStored(money(), 12345)).toBe(123.45);
    expect(numberFromStored({ kind: 'qty' }, 1500)).toBe(1.5);
    expect(numberFromStored({ kind: 'rate' }, 1800)).toBe(18);
    expect(numberFromStored(text(), 7)).toBe(7);
    expect(numberToStored(money(), 0.1 + 0.2)).toBe(30);
    expect(numberToStored(money(), -0.005)).toBe(-1);
    expect(numberToStored({ kind: 'qty' }, 2.0005)).toBe(2001);
  });

  it('takes a test type in and out again, with its references and plan flag', () => {
    const remove = registerRecordType({
      collection: 'widgets',
      table: 'widgets',
      entity: 'widgets',
      tag: 'widgets',
      permissions: { read: 'canRead', create: 'canCreate' },
      planResource: true,
      fields: { vendor: ref('vendors'), price: money() },
    });
    try {
      expect(recordTypeOf('widgets')?.table).toBe('widgets');
      expect(planResources().at(-1)).toBe('widgets');
      expect(siteReferences()).toContainEqual(['widgets', 'vendor', 'vendors']);
      expect(() => registerRecordType({ ...RECORD_TYPES[0] })).toThrow(/already declared/);
    } finally {
      remove();
    }
    expect(recordTypeOf('widgets')).toBeUndefined();
    expect(planResources()).toEqual([...PLAN_RESOURCES]);
  });

  it('fills in table, entity, tag and permissions from the collection unless declared', () => {
    const plain = siteRecord({ collection: 'site_widgets', fields: { name: text() } });
    expect(plain).toMatchObject({
      table: 'site_widgets',
      entity: 'site widgets',
      tag: 'site widgets',
      permissions: CRUD,
    });
    const own = siteRecord({
      collection: 'site_widgets',
      entity: 'widgets',
      permissions: { read: 'canViewFinancials' },
      fields: {},
    });
    expect(own).toMatchObject({ entity: 'widgets', tag: 'widgets' });
    expect(own.permissions).toEqual({ read: 'canViewFinancials' });
  });

  it('lists the types with pages in sidebar order, and the offline-queued ones', () => {
    const orders = pagedRecordTypes().map((t) => t.page.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(pagedRecordTypes().map((t) => t.page.shortcut)).size).toBe(orders.length);
    expect([...OFFLINE_QUEUED].sort()).toEqual([
      'attendance',
      'deliveries',
      'material_requests',
      'payments',
      'petty_expenses',
      'ra_bills',
      'service_bookings',
      'stock_consumptions',
      'workers',
    ]);
  });
});
