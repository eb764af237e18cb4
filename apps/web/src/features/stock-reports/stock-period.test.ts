import type { ConsumptionReportRow } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  dateFromSearch,
  groupByWork,
  groupFromSearch,
  nextSearch,
  periodFromSearch,
  reportFromSearch,
} from './stock-period';
import { monthOf, shiftMonth } from '../../lib/month-period';

const today = '2026-11-27';
const params = (query: string) => new URLSearchParams(query);

describe('stock report choices in the address', () => {
  it('opens stock on a date, for today, unless the address says otherwise', () => {
    expect(reportFromSearch(params(''))).toBe('on-date');
    expect(reportFromSearch(params('report=statement'))).toBe('statement');
    expect(reportFromSearch(params('report=ledger'))).toBe('on-date');
    expect(dateFromSearch(params(''), today)).toBe(today);
    expect(dateFromSearch(params('date=2026-04-30'), today)).toBe('2026-04-30');
    // A day that does not exist or has not come yet reads as today.
    expect(dateFromSearch(params('date=2026-02-30'), today)).toBe(today);
    expect(dateFromSearch(params('date=2026-12-01'), today)).toBe(today);
  });

  it('defaults the period to the current month and consumption to by work', () => {
    expect(periodFromSearch(params(''), today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodFromSearch(params('from=2026-04-01&to=2026-06-15'), today)).toEqual({
      from: '2026-04-01',
      to: '2026-06-15',
    });
    expect(periodFromSearch(params('from=2026-06-15&to=2026-04-01'), today)).toEqual(
      monthOf(today),
    );
    expect(shiftMonth('2026-01-10', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(groupFromSearch(params(''))).toBe('work');
    expect(groupFromSearch(params('group=item'))).toBe('item');
  });

  it('keeps defaults out of the address and the other choices in it', () => {
    const start = params('date=2026-10-31');
    const statement = nextSearch(start, { report: 'statement' }, today);
    expect(statement.toString()).toBe('date=2026-10-31&report=statement');
    const april = nextSearch(statement, { period: shiftMonth('2026-05-01', -1) }, today);
    expect(april.get('from')).toBe('2026-04-01');
    expect(april.get('to')).toBe('2026-04-30');
    const back = nextSearch(
      april,
      { period: monthOf(today), report: 'on-date', date: today },
      today,
    );
    expect(back.toString()).toBe('');
    expect(nextSearch(back, { group: 'item' }, today).toString()).toBe('group=item');
  });
});

describe('consumption by work', () => {
  const row = (used_for: string | null, item: string, value: number): ConsumptionReportRow => ({
    used_for,
    item,
    name: item,
    unit: 'bag',
    quantity: 1,
    value,
    entries: 1,
  });

  it('groups rows by work in order, adds values in paise and puts unnamed work last', () => {
    const groups = groupByWork([
      row(null, 'sand', 10),
      row('Slab', 'cement', 0.1),
      row('Slab', 'steel', 0.2),
      row('Plaster', 'cement', 1234.55),
    ]);
    expect(groups.map((g) => [g.work, g.rows.length, g.valuePaise])).toEqual([
      ['Slab', 2, 30],
      ['Plaster', 1, 123455],
      [null, 1, 1000],
    ]);
  });
});
