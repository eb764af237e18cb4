import { CSV_BOM, csvRow, money, type CsvCell } from '../../documents/csv-writer.js';
import { plainQuantity } from './stock-exports-labels.js';
import { totalsRow, type StockCells, type StockTable } from './stock-exports-tables.js';

/**
 * One record from typed cells. Text and money go through csvRow (quoting, the formula guard,
 * 2-decimal amounts); a quantity or count is a number this code wrote itself, so it is joined
 * as is: csvRow would guard a negative quantity ("-2.5") as if it were a formula.
 */
function record<K extends string>(table: StockTable<K>, cells: StockCells<K>): string {
  return (
    table.columns
      .map((column) => {
        const value = cells[column.key];
        if (value === null || value === undefined) return '';
        if (typeof value === 'string') return csvRow([value]).slice(0, -2);
        if (column.kind === 'money') return csvRow([money(value)]).slice(0, -2);
        return column.kind === 'count' ? String(Math.round(value)) : plainQuantity(value);
      })
      .join(',') + '\r\n'
  );
}

/** Like the purchase register: title and info lines, a blank line, the header, rows, totals. */
export function stockCsv<K extends string>(table: StockTable<K>): string {
  let text = CSV_BOM + csvRow([table.title]);
  for (const line of table.info) text += csvRow([line]);
  const header: CsvCell[] = table.columns.map((column) => column.header);
  text += '\r\n' + csvRow(header);
  for (const row of table.rows) text += record(table, row.cells);
  return text + record(table, totalsRow(table));
}
