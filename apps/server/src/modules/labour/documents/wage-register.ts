/**
 * The wage register's figures (Form XVII of the Contract Labour Central Rules) from the lines of
 * the wage sheets it covers. Pure: the PDF and the Excel file print the same rows.
 */
import type { SheetHeading, SheetLine } from './labour-documents-repo.js';
import { byName } from './labour-format.js';

export interface RegisterRow {
  serial: number;
  worker: string;
  name: string;
  trade: string;
  /** Paise. */
  daily_wage: number;
  /** Thousandths. */
  man_days: number;
  ot_hours: number;
  /** Paise. */
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
}

export type RegisterTotals = Omit<
  RegisterRow,
  'serial' | 'worker' | 'name' | 'trade' | 'daily_wage'
>;

export interface WageRegister {
  /** What it covers: "November 2026", or a sheet's number and period. */
  period: string;
  sheets: SheetHeading[];
  rows: RegisterRow[];
  totals: RegisterTotals;
}

const FIGURES = ['man_days', 'ot_hours', 'wages', 'ot_amount', 'gross', 'advances', 'net'] as const;

const zero = (): RegisterTotals => ({
  man_days: 0,
  ot_hours: 0,
  wages: 0,
  ot_amount: 0,
  gross: 0,
  advances: 0,
  net: 0,
});

function add(into: RegisterTotals, line: RegisterTotals): void {
  for (const key of FIGURES) into[key] += line[key];
}

/**
 * One row per worker and daily wage: a month of weekly sheets is one line of the register, and
 * a worker whose wage changed in the month gets a row at each rate (each row's wages are then
 * still its days × its rate). Rows by name; the totals are the sums of the sheets' lines.
 */
export function registerRows(lines: readonly SheetLine[]): {
  rows: RegisterRow[];
  totals: RegisterTotals;
} {
  const rows = new Map<string, RegisterRow>();
  const totals = zero();
  for (const line of lines) {
    const key = `${line.worker}\u0000${line.daily_wage}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        serial: 0,
        worker: line.worker,
        name: line.name,
        trade: line.trade,
        daily_wage: line.daily_wage,
        ...zero(),
      };
      rows.set(key, row);
    }
    add(row, line);
    add(totals, line);
  }
  const sorted = [...rows.values()].sort((a, b) => byName(a, b) || a.daily_wage - b.daily_wage);
  sorted.forEach((row, i) => (row.serial = i + 1));
  return { rows: sorted, totals };
}

const STATUS = { draft: 'draft', approved: 'approved', paid: 'paid' } as const;

/** "WS-3 · 01 Nov 2026 – 15 Nov 2026 · paid 16 Nov 2026 from HDFC current". */
export function sheetSummary(sheet: SheetHeading, date: (d: string) => string): string {
  const parts = [sheet.number, `${date(sheet.period_from)} – ${date(sheet.period_to)}`];
  if (sheet.contractor_name) parts.push(`contractor ${sheet.contractor_name}`);
  if (sheet.status === 'paid') {
    const on = sheet.payment_date ? ` ${date(sheet.payment_date)}` : '';
    const from = sheet.account_name ? ` from ${sheet.account_name}` : '';
    parts.push(`paid${on}${from}`);
  } else parts.push(STATUS[sheet.status]);
  return parts.join(' · ');
}
