import { describe, expect, it } from 'vitest';
import {
  compareCreditNotes,
  planCreditNotes,
  suggestAllocations,
  suggestCreditNoteUse,
  type CreditNoteForPayment,
  type CreditNotePlanInput,
} from './credit-notes.js';

const TODAY = '2026-03-15';

function note(
  id: string,
  issue: string,
  balance: number,
  extra: Partial<CreditNoteForPayment> = {},
) {
  return {
    id,
    reference: `CN-${id}`,
    issue_date: issue,
    created: '2026-01-01T00:00:00.000Z',
    expiry_date: null,
    status: balance > 0 ? 'active' : 'fully_used',
    credit_amount: 10_000,
    balance,
    ...extra,
  } satisfies CreditNoteForPayment;
}

const old = note('a', '2026-01-10', 10_000);
const mid = note('b', '2026-02-10', 6_000);
const recent = note('c', '2026-03-01', 10_000);

function plan(input: Partial<CreditNotePlanInput>) {
  return planCreditNotes({
    amount: 10_000,
    hasAccount: false,
    requests: [],
    notes: [old, mid, recent],
    today: TODAY,
    allowBalanceAdjustment: false,
    ...input,
  });
}

describe('credit note order', () => {
  it('oldest issue date first, then created, then id', () => {
    const sameDay = note('z', '2026-01-10', 1, { created: '2025-12-31T00:00:00.000Z' });
    const sorted = [recent, old, mid, sameDay].sort(compareCreditNotes).map((n) => n.id);
    expect(sorted).toEqual(['z', 'a', 'b', 'c']);
    const twin = { ...old, id: 'b0' };
    expect([twin, old].sort(compareCreditNotes).map((n) => n.id)).toEqual(['a', 'b0']);
  });
});

describe('planCreditNotes', () => {
  it('a backdated payment is not held back by notes issued after its date (issue 40)', () => {
    // Paid on 2026-02-01: only `a` (10 Jan) existed then; `b` and `c` came later.
    const early = plan({
      amount: 15_000,
      hasAccount: true,
      requests: [{ credit_note: 'a', amount: 10_000 }],
      paymentDate: '2026-02-01',
    });
    expect(early).toMatchObject({ ok: true, plan: { credit: 10_000, accountAmount: 5_000 } });
    const before = plan({ amount: 5_000, hasAccount: true, paymentDate: '2026-01-05' });
    expect(before).toMatchObject({ ok: true, plan: { uses: [], accountAmount: 5_000 } });
    // The same payment dated after the notes keeps the rule.
    expect(plan({ amount: 5_000, hasAccount: true, paymentDate: '2026-03-10' })).toMatchObject({
      ok: false,
      problem: { code: 'CREDIT_NOTE_PRIORITY' },
    });
  });

  it('credit notes alone may pay the whole amount, oldest first', () => {
    const result = plan({ requests: [{ credit_note: 'a', amount: 10_000 }] });
    expect(result).toEqual({
      ok: true,
      plan: { uses: [{ credit_note: 'a', amount: 10_000 }], credit: 10_000, accountAmount: 0 },
    });
  });

  it('credit-note amounts may not exceed the payment amount', () => {
    const result = plan({
      amount: 5_000,
      requests: [
        { credit_note: 'a', amount: 4_000 },
        { credit_note: 'b', amount: 2_000 },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problem: { code: 'CREDIT_NOTES_EXCEED_AMOUNT', amount: 5_000, credit: 6_000 },
    });
  });

  it('needs an account when the notes do not cover the amount', () => {
    const result = plan({ amount: 30_000, requests: [{ credit_note: 'a', amount: 10_000 }] });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problem).toEqual({ code: 'ACCOUNT_REQUIRED', amount: 30_000, credit: 10_000 });
    expect(plan({ amount: 1, requests: [] })).toMatchObject({
      problem: { code: 'ACCOUNT_REQUIRED' },
    });
  });

  it('refuses a newer note while an older one keeps balance', () => {
    const result = plan({ amount: 6_000, requests: [{ credit_note: 'b', amount: 6_000 }] });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'CREDIT_NOTE_PRIORITY',
        reason: 'older_first',
        credit_note: 'a',
        reference: 'CN-a',
        balance: 10_000,
      },
    });
    const partlyOld = plan({
      amount: 12_000,
      requests: [
        { credit_note: 'a', amount: 9_000 },
        { credit_note: 'b', amount: 3_000 },
      ],
    });
    expect(partlyOld).toMatchObject({
      ok: false,
      problem: { reason: 'older_first', balance: 1_000 },
    });
  });

  it('the last note used may be used in part', () => {
    const result = plan({
      amount: 12_000,
      requests: [
        { credit_note: 'b', amount: 2_000 },
        { credit_note: 'a', amount: 10_000 },
      ],
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        uses: [
          { credit_note: 'a', amount: 10_000 },
          { credit_note: 'b', amount: 2_000 },
        ],
        credit: 12_000,
        accountAmount: 0,
      },
    });
  });

  it('an account pays only once every usable note is fully used', () => {
    const noNotes = plan({ amount: 1_000, hasAccount: true });
    expect(noNotes).toMatchObject({
      ok: false,
      problem: { code: 'CREDIT_NOTE_PRIORITY', reason: 'account_before_credit', credit_note: 'a' },
    });
    const all = plan({
      amount: 30_000,
      hasAccount: true,
      requests: [
        { credit_note: 'a', amount: 10_000 },
        { credit_note: 'b', amount: 6_000 },
        { credit_note: 'c', amount: 10_000 },
      ],
    });
    expect(all).toMatchObject({ ok: true, plan: { credit: 26_000, accountAmount: 4_000 } });
    const vendorWithout = planCreditNotes({
      amount: 1_000,
      hasAccount: true,
      requests: [],
      notes: [],
      today: TODAY,
      allowBalanceAdjustment: false,
    });
    expect(vendorWithout).toEqual({
      ok: true,
      plan: { uses: [], credit: 0, accountAmount: 1_000 },
    });
  });

  it('expired, fully used and other notes do not count as usable', () => {
    const expired = note('x', '2025-01-01', 5_000, { expiry_date: '2026-03-14' });
    const lastDay = note('y', '2025-01-02', 5_000, { expiry_date: TODAY });
    const used = note('u', '2024-01-01', 0);
    const result = planCreditNotes({
      amount: 5_000,
      hasAccount: false,
      requests: [{ credit_note: 'y', amount: 5_000 }],
      notes: [expired, lastDay, used],
      today: TODAY,
      allowBalanceAdjustment: false,
    });
    expect(result).toMatchObject({ ok: true, plan: { credit: 5_000 } });
    const asked = planCreditNotes({
      amount: 5_000,
      hasAccount: true,
      requests: [
        { credit_note: 'x', amount: 1_000 },
        { credit_note: 'nope', amount: 1_000 },
      ],
      notes: [expired, lastDay],
      today: TODAY,
      allowBalanceAdjustment: true,
    });
    expect(asked).toEqual({
      ok: false,
      problem: {
        code: 'INVALID_CREDIT_NOTES',
        fields: [
          { index: 0, credit_note: 'x', reason: 'expired' },
          { index: 1, credit_note: 'nope', reason: 'unknown' },
        ],
      },
    });
  });

  it('a request above the balance is refused with the figures', () => {
    const result = plan({
      amount: 12_000,
      hasAccount: true,
      requests: [{ credit_note: 'a', amount: 10_000 }],
      notes: [{ ...old, balance: 7_000 }],
    });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'CREDIT_NOTE_BALANCE_CHANGED',
        changes: [
          {
            credit_note: 'a',
            reference: 'CN-a',
            requested: 10_000,
            available: 7_000,
            original: 10_000,
            used: 3_000,
          },
        ],
      },
    });
  });

  it('with allowBalanceAdjustment the note gives its balance and the account pays the rest', () => {
    const input = {
      amount: 10_000,
      requests: [{ credit_note: 'a', amount: 10_000 }],
      notes: [{ ...old, balance: 7_000 }],
      allowBalanceAdjustment: true,
    };
    expect(plan({ ...input, hasAccount: true })).toEqual({
      ok: true,
      plan: { uses: [{ credit_note: 'a', amount: 7_000 }], credit: 7_000, accountAmount: 3_000 },
    });
    expect(plan(input)).toMatchObject({
      ok: false,
      problem: { code: 'ACCOUNT_REQUIRED', credit: 7_000 },
    });
    // A note used up meanwhile drops out entirely.
    const gone = plan({
      ...input,
      hasAccount: true,
      notes: [{ ...old, balance: 0, status: 'fully_used' }],
    });
    expect(gone).toEqual({ ok: true, plan: { uses: [], credit: 0, accountAmount: 10_000 } });
  });
});

describe('suggestions for the payment form', () => {
  it('credit notes oldest first, as far as the amount needs them, and the plan accepts them', () => {
    const uses = suggestCreditNoteUse([recent, mid, old], 12_000, TODAY);
    expect(uses).toEqual([
      { credit_note: 'a', amount: 10_000 },
      { credit_note: 'b', amount: 2_000 },
    ]);
    expect(plan({ amount: 12_000, requests: uses }).ok).toBe(true);
    const more = suggestCreditNoteUse([recent, mid, old], 40_000, TODAY);
    expect(more.reduce((s, u) => s + u.amount, 0)).toBe(26_000);
    expect(plan({ amount: 40_000, hasAccount: true, requests: more }).ok).toBe(true);
  });

  it('allocations fill open items in order, skipping settled ones', () => {
    const items = [
      { id: 'd1', due: 5_000 },
      { id: 'd2', due: 0 },
      { id: 'd3', due: 8_000 },
      { id: 'd4', due: 1_000 },
    ];
    expect(suggestAllocations(items, 9_000)).toEqual([
      { id: 'd1', amount: 5_000 },
      { id: 'd3', amount: 4_000 },
    ]);
    expect(suggestAllocations(items, 100_000)).toHaveLength(3);
    expect(suggestAllocations(items, 0)).toEqual([]);
  });
});
