import { describe, expect, it } from 'vitest';
import { monthRange, monthTitle, milliText } from './labour-format.js';
import { buildMusterRoll, markText, otMark, type MusterEntry } from './muster-roll.js';
import { xlsxMark } from './muster-roll-xlsx.js';

const entry = (over: Partial<MusterEntry>): MusterEntry => ({
  worker: 'w1',
  name: 'Ramesh',
  trade: 'Mason',
  gang: false,
  date: '2026-11-02',
  fraction: 1000,
  ot_hours: 0,
  headcount: null,
  ...over,
});

describe('labour documents: months and figures', () => {
  it('knows each month’s days, leap years too', () => {
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30', days: 30 });
    expect(monthRange('2028-02')).toMatchObject({ to: '2028-02-29', days: 29 });
    expect(monthRange('2026-12')).toMatchObject({ to: '2026-12-31', days: 31 });
    expect(monthTitle('2026-02')).toBe('February 2026');
    expect(milliText(13_500)).toBe('13.5');
    expect(milliText(1_234_250)).toBe('1,234.25');
  });
});

describe('muster roll (Form XVI)', () => {
  it('marks P, ¾ ½ ¼, A for 0 and leaves a day not marked blank', () => {
    const roll = buildMusterRoll('2026-11', [
      entry({ date: '2026-11-02', fraction: 1000, ot_hours: 2000 }),
      entry({ date: '2026-11-03', fraction: 750 }),
      entry({ date: '2026-11-04', fraction: 500 }),
      entry({ date: '2026-11-05', fraction: 250, ot_hours: 1250 }),
      entry({ date: '2026-11-06', fraction: 0 }),
    ]);
    const [row] = roll.rows;
    expect(row?.cells.slice(0, 7).map((c) => (c ? markText(c, false) : ''))).toEqual([
      '',
      'P',
      '¾',
      '½',
      '¼',
      'A',
      '',
    ]);
    expect(row?.cells.slice(1, 6).map((c) => (c ? xlsxMark(c, false) : ''))).toEqual([
      'P',
      0.75,
      0.5,
      0.25,
      'A',
    ]);
    expect(row?.cells[1] && otMark(row.cells[1])).toBe('2');
    expect(row?.cells[4] && otMark(row.cells[4])).toBe('1.25');
    expect(row?.cells[2] && otMark(row.cells[2])).toBe('');
    expect(row).toMatchObject({ serial: 1, manDaysMilli: 2500, otMilli: 3250 });
    // Present: anyone marked above 0 that day; the absent mark counts no one.
    expect(roll.present.slice(0, 7)).toEqual([0, 1, 1, 1, 1, 0, 0]);
  });

  it('has a row per worker by name, 28–31 days, Sundays known, per-day and grand totals', () => {
    const roll = buildMusterRoll('2026-02', [
      entry({ worker: 'b', name: 'Suresh', date: '2026-02-01' }),
      entry({ worker: 'a', name: 'Abdul', date: '2026-02-01', fraction: 500 }),
      entry({ worker: 'a', name: 'Abdul', date: '2026-02-28', ot_hours: 3000 }),
      // Outside the month: never counted.
      entry({ worker: 'a', name: 'Abdul', date: '2026-03-01' }),
    ]);
    expect(roll.days).toBe(28);
    expect(roll.weekdays[0]).toBe(0); // 1 Feb 2026 is a Sunday
    expect(roll.rows.map((r) => [r.serial, r.name, r.manDaysMilli])).toEqual([
      [1, 'Abdul', 1500],
      [2, 'Suresh', 1000],
    ]);
    expect(roll.present[0]).toBe(2);
    expect(roll.present[27]).toBe(1);
    expect(roll).toMatchObject({ manDaysMilli: 2500, otMilli: 3000 });
  });

  it('counts a gang by its headcount: its cell is its man-days, its overtime is per person', () => {
    const gang = { worker: 'g', name: 'Bhola’s gang', gang: true };
    const roll = buildMusterRoll('2026-11', [
      entry({ ...gang, date: '2026-11-02', fraction: 1000, headcount: 12, ot_hours: 1000 }),
      entry({ ...gang, date: '2026-11-03', fraction: 500, headcount: 9 }),
      entry({ worker: 'p', name: 'Zakir', date: '2026-11-02' }),
    ]);
    const row = roll.rows.find((r) => r.worker === 'g');
    expect(row?.cells[1] && markText(row.cells[1], true)).toBe('12');
    expect(row?.cells[2] && markText(row.cells[2], true)).toBe('4.5');
    expect(row?.cells[2] && xlsxMark(row.cells[2], true)).toBe(4.5);
    // 12 + 4.5 man-days; 1 h of overtime for each of 12 people.
    expect(row).toMatchObject({ manDaysMilli: 16_500, otMilli: 12_000 });
    expect(roll.present.slice(1, 3)).toEqual([13, 9]);
  });
});
