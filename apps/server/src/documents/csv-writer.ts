import type { Paise } from '@siteledger/domain';
import { plainRupees } from './format.js';

/** Excel reads a UTF-8 file as UTF-8 (₹, Hindi) only when it starts with this mark. */
export const CSV_BOM = '\uFEFF';

/** An amount cell: written as a plain number ("-1234.50"), never escaped as text. */
export interface MoneyCell {
  paise: Paise;
}

export type CsvCell = string | null | MoneyCell;

export function money(paise: Paise): MoneyCell {
  return { paise };
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * text cells that do get a leading apostrophe, which Excel and LibreOffice show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function textCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: quote a field holding a quote, comma, CR or LF, doubling the quotes inside.
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One CSV record with its CRLF line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return (
    cells
      .map((cell) => {
        if (cell === null) return '';
        if (typeof cell === 'string') return textCell(cell);
        return plainRupees(cell.paise);
      })
      .join(',') + '\r\n'
  );
}
