import type { Readable } from 'node:stream';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../documents/xlsx-writer.js';
import type { StockColumn, StockTable } from './stock-exports-tables.js';

function xlsxColumn<K extends string>(column: StockColumn<K>): XlsxColumn<K> {
  const base = { key: column.key, header: column.header, total: column.total };
  const width = column.width === undefined ? {} : { width: column.width };
  switch (column.kind) {
    case 'text':
      return { ...base, ...width, kind: 'text' };
    case 'money':
      return { ...base, ...width, kind: 'money' };
    case 'quantity':
      return { ...base, ...width, kind: 'quantity', decimals: 3 };
    case 'count':
      return { ...base, ...width, kind: 'quantity', decimals: 0 };
  }
}

/**
 * The table as one Excel sheet: typed number cells (money in paise → rupees, quantities to 3
 * decimals), and a totals row the writer sums itself, exactly, with a SUM formula.
 */
export function stockXlsx<K extends string>(
  table: StockTable<K>,
  onError: (error: unknown) => void,
): Readable {
  async function* rows(): AsyncGenerator<XlsxRow<K>[]> {
    await Promise.resolve();
    yield table.rows.map((row) => row.cells);
  }
  return xlsxStream<K>(
    {
      title: table.title,
      info: table.info,
      columns: table.columns.map(xlsxColumn),
      rows: rows(),
      totals: { label: table.totals.label, labelKey: table.totals.labelKey },
    },
    onError,
  );
}
