import { describe, expect, it } from 'vitest';
import { financialYearBounds, returnRateAbovePurchase, supplierInvoiceKey } from './gst-guards.js';

describe('supplierInvoiceKey', () => {
  it('trims and ignores case; blank is no number', () => {
    expect(supplierInvoiceKey('  Inv/101 ')).toBe('inv/101');
    expect(supplierInvoiceKey('INV/101')).toBe(supplierInvoiceKey('inv/101'));
    expect(supplierInvoiceKey('   ')).toBeNull();
    expect(supplierInvoiceKey(null)).toBeNull();
    expect(supplierInvoiceKey(undefined)).toBeNull();
  });
});

describe('financialYearBounds', () => {
  it('runs April to March', () => {
    expect(financialYearBounds('2025-04-01')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearBounds('2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearBounds('2026-01-15')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearBounds('2026-12-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });
});

describe('returnRateAbovePurchase', () => {
  it('allows the purchase rate and below, refuses a paisa above', () => {
    expect(returnRateAbovePurchase(10000, 10000)).toBe(false);
    expect(returnRateAbovePurchase(0, 10000)).toBe(false);
    expect(returnRateAbovePurchase(10001, 10000)).toBe(true);
  });
});
