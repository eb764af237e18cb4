import type { FullBudgetLine } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  budgetBar,
  budgetTotals,
  forecastTotal,
  groupBudgetLines,
  isFlagged,
  lineAmount,
} from './budget-view';

function line(overrides: Partial<FullBudgetLine>): FullBudgetLine {
  return {
    id: overrides.name ?? 'x',
    site: 's',
    head: 'material',
    name: 'x',
    view: 'full',
    item: null,
    quantity: null,
    unit_rate: null,
    amount: 100,
    original_amount: 100,
    percent_complete: null,
    notes: null,
    committed: 0,
    actual: 0,
    remaining: 100,
    forecast: 100,
    quantity_view: null,
    revisions: [],
    created_by: null,
    created: '2026-11-01T00:00:00Z',
    updated: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

const view = {
  budget: 2000,
  ordered: 1600,
  received: 1440,
  consumed: 680,
  on_order: 160,
  remaining: 400,
};

describe('groupBudgetLines', () => {
  it('keeps the heads in the domain order and leaves empty heads out', () => {
    const groups = groupBudgetLines([
      line({ name: 'Site office', head: 'overhead' }),
      line({ name: 'Masons', head: 'labour' }),
      line({ name: 'Cement', head: 'material' }),
    ]);
    expect(groups.map((group) => group.head)).toEqual(['material', 'labour', 'overhead']);
  });

  it('puts flagged and over-budget lines first within a head, then by name', () => {
    const groups = groupBudgetLines([
      line({ name: 'Bricks' }),
      line({ name: 'Steel', remaining: -5 }),
      line({ name: 'Aggregate' }),
      line({
        name: 'Cement',
        quantity_view: {
          ...view,
          consumption_variance: 80,
          consumption_percent: 113.3,
          flag: true,
        },
      }),
    ]);
    expect(groups[0]?.lines.map((l) => l.name)).toEqual(['Cement', 'Steel', 'Aggregate', 'Bricks']);
  });

  it('sums a head in paise', () => {
    const [group] = groupBudgetLines([
      line({ name: 'a', amount: 0.1, committed: 0.1, actual: 0.2, remaining: -0.2 }),
      line({ name: 'b', amount: 0.2, committed: 0.2, actual: 0.1, remaining: -0.1 }),
    ]);
    expect(group?.totals).toEqual({ budget: 0.3, committed: 0.3, actual: 0.3, remaining: -0.3 });
  });

  it('adds the heads into the site totals', () => {
    const groups = groupBudgetLines([
      line({
        name: 'Cement',
        amount: 950_000,
        committed: 76_000,
        actual: 684_000,
        remaining: 190_000,
      }),
      line({ name: 'Masons', head: 'labour', amount: 100, actual: 150, remaining: -50 }),
    ]);
    expect(budgetTotals(groups)).toEqual({
      budget: 950_100,
      committed: 76_000,
      actual: 684_150,
      remaining: 189_950,
    });
  });
});

describe('forecastTotal', () => {
  it("sums the lines' forecasts at completion in paise", () => {
    expect(
      forecastTotal([
        line({ name: 'a', forecast: 0.1 }),
        line({ name: 'b', forecast: 0.2 }),
        line({ name: 'c', forecast: 1_045_000.35 }),
      ]),
    ).toBe(1_045_000.65);
    expect(forecastTotal([])).toBe(0);
  });
});

describe('isFlagged', () => {
  it('flags consumption past the threshold or money past the budget', () => {
    expect(isFlagged(line({}))).toBe(false);
    expect(isFlagged(line({ remaining: -1 }))).toBe(true);
    expect(
      isFlagged(
        line({
          quantity_view: {
            ...view,
            consumption_variance: 0,
            consumption_percent: 100,
            flag: false,
          },
        }),
      ),
    ).toBe(false);
  });
});

describe('budgetBar', () => {
  it('shows actual, committed and remaining as shares of the budget', () => {
    // The e2e site's cement: ₹9,50,000 budget, ₹76,000 ordered, ₹6,84,000 delivered.
    expect(budgetBar({ budget: 950_000, committed: 76_000, actual: 684_000 })).toEqual({
      actual: 72,
      committed: 8,
      remaining: 20,
      over: false,
    });
  });

  it('fills the bar with what was spent once past the budget', () => {
    expect(budgetBar({ budget: 100, committed: 50, actual: 150 })).toEqual({
      actual: 75,
      committed: 25,
      remaining: 0,
      over: true,
    });
  });

  it('is empty with no budget and no spend, full with a spend and no budget', () => {
    expect(budgetBar({ budget: 0, committed: 0, actual: 0 })).toEqual({
      actual: 0,
      committed: 0,
      remaining: 0,
      over: false,
    });
    expect(budgetBar({ budget: 0, committed: 0, actual: 10 })).toMatchObject({
      actual: 100,
      over: true,
    });
  });
});

describe('lineAmount', () => {
  it('is quantity × rate to the paisa when both are given, else the typed amount', () => {
    expect(lineAmount(2000, 475, 1)).toBe(950_000);
    expect(lineAmount(3.333, 1.5, null)).toBe(5);
    expect(lineAmount(null, 475, 1200)).toBe(1200);
    expect(lineAmount(2000, null, null)).toBeNull();
  });
});
