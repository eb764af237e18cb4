import type { TdsDeposit } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { leftToDeposit, sharedWithOtherSites } from './tds-deposit-left';

const month = (over: Partial<TdsDeposit>): TdsDeposit => ({
  section: '194C',
  month: '2026-09',
  tds_amount: 800,
  deposited: 0,
  deductor_tds_amount: 800,
  deductor_deposited: 0,
  due_date: '2026-10-07',
  status: 'overdue',
  ...over,
});

describe("what is left of a month's TDS", () => {
  it("is the deductor's: a challan on another site of the TAN counts", () => {
    expect(leftToDeposit(month({}))).toBe(800);
    expect(sharedWithOtherSites(month({}))).toBe(false);
    // Two sites of the TAN deducted 1,600; site A's challan paid 1,000 of it.
    const b = month({ deductor_tds_amount: 1600, deductor_deposited: 1000.5 });
    expect(leftToDeposit(b)).toBe(599.5);
    expect(sharedWithOtherSites(b)).toBe(true);
    expect(leftToDeposit(month({ deductor_tds_amount: 1600, deductor_deposited: 1600 }))).toBe(0);
  });
});
