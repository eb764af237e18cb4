import { describe, expect, it } from 'vitest';
import { dateText } from '../../../documents/pdf-format.js';
import type { SheetHeading, SheetLine } from './labour-documents-repo.js';
import { registerRows, sheetSummary } from './wage-register.js';
import { paidText, slipRows } from './wage-slips-pdf.js';

const line = (over: Partial<SheetLine>): SheetLine => ({
  wage_sheet: 's1',
  worker: 'w1',
  name: 'Ramesh',
  trade: 'Mason',
  daily_wage: 80_000,
  man_days: 12_500,
  ot_hours: 2_000,
  wages: 1_000_000,
  ot_amount: 40_000,
  gross: 1_040_000,
  advances: 200_000,
  net: 840_000,
  ...over,
});

const sheet = (over: Partial<SheetHeading>): SheetHeading => ({
  id: 's1',
  number: 'WS-1',
  period_from: '2026-11-01',
  period_to: '2026-11-15',
  status: 'paid',
  payment_date: '2026-11-16',
  account_name: 'HDFC current',
  contractor_name: null,
  ...over,
});

describe('wage register (Form XVII)', () => {
  it('adds a worker’s lines of the month’s sheets into one row; totals are the lines’ sums', () => {
    const { rows, totals } = registerRows([
      line({ wage_sheet: 's1' }),
      line({ wage_sheet: 's2', advances: 0, net: 1_040_000 }),
      line({
        worker: 'w2',
        name: 'Abdul',
        daily_wage: 55_000,
        man_days: 1_000,
        ot_hours: 0,
        wages: 55_000,
        ot_amount: 0,
        gross: 55_000,
        advances: 0,
        net: 55_000,
      }),
    ]);
    expect(rows.map((r) => [r.serial, r.name, r.man_days, r.net])).toEqual([
      [1, 'Abdul', 1_000, 55_000],
      [2, 'Ramesh', 25_000, 1_880_000],
    ]);
    expect(totals).toEqual({
      man_days: 26_000,
      ot_hours: 4_000,
      wages: 2_055_000,
      ot_amount: 80_000,
      gross: 2_135_000,
      advances: 200_000,
      net: 1_935_000,
    });
  });

  it('keeps a row per daily wage when a worker’s wage changed within the month', () => {
    const { rows } = registerRows([line({}), line({ wage_sheet: 's2', daily_wage: 85_000 })]);
    expect(rows.map((r) => r.daily_wage)).toEqual([80_000, 85_000]);
  });

  it('names each sheet counted with its period and status', () => {
    expect(sheetSummary(sheet({}), dateText)).toBe(
      'WS-1 · 01 Nov 2026 – 15 Nov 2026 · paid 16 Nov 2026 from HDFC current',
    );
    expect(sheetSummary(sheet({ number: 'WS-2', status: 'approved' }), dateText)).toBe(
      'WS-2 · 01 Nov 2026 – 15 Nov 2026 · approved',
    );
  });
});

describe('wage slip', () => {
  it('says what was worked and paid', () => {
    const { work, money } = slipRows(line({}));
    expect(work).toEqual([
      ['Trade', 'Mason'],
      ['Daily wage', '₹800.00'],
      ['Days worked', '12.5 man-days'],
      ['Overtime', '2 hours'],
    ]);
    expect(money).toEqual([
      ['Wages', '₹10,000.00'],
      ['Overtime amount', '₹400.00'],
      ['Gross', '₹10,400.00'],
      ['Advances deducted', '− ₹2,000.00'],
    ]);
  });

  it('tells whether and how the sheet was paid', () => {
    expect(paidText(sheet({}))).toBe('Paid on 16 Nov 2026 from HDFC current');
    expect(paidText(sheet({ status: 'approved', payment_date: null }))).toBe(
      'Approved, not paid yet',
    );
    expect(paidText(sheet({ status: 'draft' }))).toBe('Draft, not paid yet');
    expect(paidText(sheet({ contractor_name: 'Sai Labour', account_name: null }))).toBe(
      'Paid on 16 Nov 2026 through Sai Labour',
    );
  });
});
