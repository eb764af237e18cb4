import type { WageSheet } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { lastWeek, registerMonth, sheetActions, thisMonth } from './wage-sheet-rules';

type State = Pick<WageSheet, 'status' | 'labour_contractor' | 'paid_amount'>;
const own = (status: WageSheet['status'], paid_amount = 0): State => ({
  status,
  labour_contractor: null,
  paid_amount,
});
const contractor = (status: WageSheet['status'], paid_amount = 0): State => ({
  status,
  labour_contractor: 'vendor000000001',
  paid_amount,
});

/** API.md "Labour": who approves, pays and deletes a wage sheet. */
describe('wage sheet actions by role', () => {
  it('lets an owner approve a draft, pay any unpaid sheet and delete until it is paid', () => {
    expect(sheetActions(own('draft'), 'owner')).toEqual({ approve: true, pay: true, remove: true });
    expect(sheetActions(own('approved'), 'owner')).toEqual({
      approve: false,
      pay: true,
      remove: true,
    });
    expect(sheetActions(own('paid', 1200), 'owner')).toEqual({
      approve: false,
      pay: false,
      remove: false,
    });
  });

  it('lets an accountant pay only an approved sheet, and neither approve nor delete', () => {
    expect(sheetActions(own('draft'), 'accountant')).toEqual({
      approve: false,
      pay: false,
      remove: false,
    });
    expect(sheetActions(own('approved'), 'accountant').pay).toBe(true);
    expect(sheetActions(own('paid'), 'accountant').pay).toBe(false);
  });

  it('offers a supervisor nothing', () => {
    for (const status of ['draft', 'approved', 'paid'] as const) {
      expect(sheetActions(own(status), 'supervisor')).toEqual({
        approve: false,
        pay: false,
        remove: false,
      });
    }
  });

  it('pays a contractor’s sheet as his payment, by the same rules, and keeps one with money paid', () => {
    expect(sheetActions(contractor('approved'), 'owner')).toEqual({
      approve: false,
      pay: true,
      remove: true,
    });
    expect(sheetActions(contractor('draft'), 'owner').approve).toBe(true);
    expect(sheetActions(contractor('approved', 5000), 'owner').remove).toBe(false);
    expect(sheetActions(contractor('approved'), 'accountant').pay).toBe(true);
    expect(sheetActions(contractor('draft'), 'accountant').pay).toBe(false);
    expect(sheetActions(contractor('paid', 35_280), 'owner').pay).toBe(false);
  });
});

describe('wage sheet periods', () => {
  it('takes last week as Monday to Sunday, whatever day today is', () => {
    // 2026-11-30 is a Monday; 2026-11-29 a Sunday; 2026-11-25 a Wednesday.
    expect(lastWeek('2026-11-30')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(lastWeek('2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastWeek('2026-11-25')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // Across a month and a year.
    expect(lastWeek('2027-01-02')).toEqual({ from: '2026-12-21', to: '2026-12-27' });
  });

  it('takes this month up to today, so no unmarked day is locked', () => {
    expect(thisMonth('2026-11-18')).toEqual({ from: '2026-11-01', to: '2026-11-18' });
  });

  it('reads the wage register of the month the period ends in', () => {
    expect(registerMonth({ to: '2026-12-06' })).toBe('2026-12');
  });
});
