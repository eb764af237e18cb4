import { describe, expect, it } from 'vitest';
import { toPaise } from './money.js';
import {
  DEFAULT_PETTY_APPROVAL_THRESHOLD,
  DEFAULT_PETTY_APPROVAL_THRESHOLD_RUPEES,
  imprestBalance,
  pettyGst,
  pettyStatusOnEntry,
} from './petty.js';

describe('petty cash rules', () => {
  it('states one default threshold in paise and in rupees', () => {
    expect(toPaise(DEFAULT_PETTY_APPROVAL_THRESHOLD_RUPEES)).toBe(DEFAULT_PETTY_APPROVAL_THRESHOLD);
  });

  it('approves up to the threshold as entered', () => {
    expect(pettyStatusOnEntry(200_000, DEFAULT_PETTY_APPROVAL_THRESHOLD)).toBe('approved');
    expect(pettyStatusOnEntry(200_001, DEFAULT_PETTY_APPROVAL_THRESHOLD)).toBe('pending');
  });

  it('splits a GST bill: 2,360 at 18 % is 2,000 + 180 + 180', () => {
    expect(pettyGst(236_000, 1800, true)).toMatchObject({
      taxable: 200_000,
      cgst: 18_000,
      sgst: 18_000,
      igst: 0,
    });
    expect(pettyGst(236_000, 1800, false)).toMatchObject({
      taxable: 200_000,
      cgst: 0,
      sgst: 0,
      igst: 36_000,
    });
  });

  it('owes the holder when he spent past the level', () => {
    expect(imprestBalance(2_000_000, 1_911_000, 139_000).balance).toBe(-50_000);
  });
});
