import { parseGstin } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../lib/offline-queue';
import {
  pettyExpenseBody,
  pettyExpenseDefaults,
  pettyExpenseSchema,
  photoNeededAbove,
  type PettyExpenseInput,
} from './petty-expense-form';
import { savedToastKey } from './use-petty-expense-form';

const GSTIN = '27AAPFU0939F1ZV';

const input = (over: Partial<PettyExpenseInput> = {}): PettyExpenseInput => ({
  imprest: 'imp1',
  expense_date: '2026-11-30',
  amount: 2360,
  description: '  Binding wire  ',
  head: 'material',
  budget_line: '',
  gst_bill: false,
  vendor_gstin: '',
  gst_rate: null,
  ...over,
});

const parse = (over: Partial<PettyExpenseInput> = {}) => pettyExpenseSchema.safeParse(input(over));

const issues = (over: Partial<PettyExpenseInput>) => {
  const result = parse(over);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('the Spent form', () => {
  it('is a valid GSTIN in the tests', () => {
    expect(parseGstin(GSTIN).ok).toBe(true);
  });

  it('sends the amount, the words trimmed and the head, without GST or a line', () => {
    const result = parse();
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(pettyExpenseBody(result.data)).toEqual({
      imprest: 'imp1',
      expense_date: '2026-11-30',
      amount: 2360,
      description: 'Binding wire',
      head: 'material',
    });
  });

  it('sends a GST bill’s GSTIN (upper case) and rate together', () => {
    const result = parse({ gst_bill: true, vendor_gstin: GSTIN.toLowerCase(), gst_rate: 18 });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const body = pettyExpenseBody(result.data);
    expect(body.vendor_gstin).toBe(GSTIN);
    expect(body.gst_rate).toBe(18);
  });

  it('leaves out a GSTIN typed and then unticked', () => {
    const result = parse({ gst_bill: false, vendor_gstin: GSTIN, gst_rate: 18 });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const body = pettyExpenseBody(result.data);
    expect(body).not.toHaveProperty('vendor_gstin');
    expect(body).not.toHaveProperty('gst_rate');
  });

  it('asks for both halves of a GST bill', () => {
    expect(issues({ gst_bill: true, vendor_gstin: GSTIN, gst_rate: null })).toEqual(['gst_rate']);
    expect(issues({ gst_bill: true, vendor_gstin: '27AAPFU0939F1Z', gst_rate: 18 })).toEqual([
      'vendor_gstin',
    ]);
    expect(issues({ gst_bill: true, vendor_gstin: GSTIN, gst_rate: 17 })).toEqual(['gst_rate']);
  });

  it('needs an imprest, a positive amount and what it was for', () => {
    expect(issues({ imprest: '' })).toEqual(['imprest']);
    expect(issues({ amount: 0 })).toEqual(['amount']);
    expect(issues({ description: '   ' })).toEqual(['description']);
  });

  it('sends the chosen budget line', () => {
    const result = parse({ budget_line: 'line-7' });
    expect(result.success).toBe(true);
    if (result.success) expect(pettyExpenseBody(result.data).budget_line).toBe('line-7');
  });

  it('refills itself from a queued expense the server refused', () => {
    const queued = {
      key: 'k',
      body: {
        imprest: 'imp2',
        expense_date: '2026-11-28',
        amount: 450,
        description: 'Auto fare',
        head: 'overhead',
        vendor_gstin: GSTIN,
        gst_rate: 5,
      },
    } as unknown as QueueEntry;
    expect(pettyExpenseDefaults('imp1', queued)).toEqual({
      imprest: 'imp2',
      expense_date: '2026-11-28',
      amount: 450,
      description: 'Auto fare',
      head: 'overhead',
      budget_line: '',
      gst_bill: true,
      vendor_gstin: GSTIN,
      gst_rate: 5,
    });
    expect(pettyExpenseDefaults('imp1')).toMatchObject({ imprest: 'imp1', head: 'other' });
  });

  it('says approved or waiting for the owner, as the server answered', () => {
    expect(savedToastKey({ status: 'approved' })).toBe('petty.toast.approved');
    expect(savedToastKey({ status: 'pending' })).toBe('petty.toast.pending');
  });

  it('says a photo is needed above the site’s photo amount until one is attached', () => {
    expect(photoNeededAbove(2500, 2400, 0)).toBe(2400);
    expect(photoNeededAbove(2400.01, 2400, 0)).toBe(2400);
    // At the amount itself no photo is needed (the server's rule is "above").
    expect(photoNeededAbove(2400, 2400, 0)).toBeNull();
    expect(photoNeededAbove(2500, 2400, 1)).toBeNull();
    // No photo amount set on the site: never.
    expect(photoNeededAbove(99_999, null, 0)).toBeNull();
    expect(photoNeededAbove(99_999, undefined, 0)).toBeNull();
    // Nothing typed yet, or not a number.
    expect(photoNeededAbove(undefined, 2400, 0)).toBeNull();
    expect(photoNeededAbove(Number.NaN, 2400, 0)).toBeNull();
    expect(photoNeededAbove('2500', 2400, 0)).toBeNull();
  });
});
