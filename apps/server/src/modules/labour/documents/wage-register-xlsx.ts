import type { Readable } from 'node:stream';
import { dateText } from '../../../documents/pdf-format.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../../documents/xlsx-writer.js';
import { sheetSummary, type RegisterRow } from './wage-register.js';
import type { WageRegisterSource } from './wage-register-pdf.js';

type Key =
  | 'serial'
  | 'name'
  | 'trade'
  | 'daily_wage'
  | 'man_days'
  | 'ot_hours'
  | 'wages'
  | 'ot_amount'
  | 'gross'
  | 'advances'
  | 'net'
  | 'signature';

/** Money columns take paise, quantities units (the repository's thousandths ÷ 1000). */
const COLUMNS: XlsxColumn<Key>[] = [
  { key: 'serial', header: '#', kind: 'quantity', decimals: 0, width: 5 },
  { key: 'name', header: 'Name', kind: 'text', width: 26 },
  { key: 'trade', header: 'Trade', kind: 'text', width: 14 },
  { key: 'daily_wage', header: 'Daily wage', kind: 'money' },
  { key: 'man_days', header: 'Days worked', kind: 'quantity', total: true },
  { key: 'ot_hours', header: 'OT hours', kind: 'quantity', decimals: 2, total: true },
  { key: 'wages', header: 'Wages', kind: 'money', total: true },
  { key: 'ot_amount', header: 'OT amount', kind: 'money', total: true },
  { key: 'gross', header: 'Gross', kind: 'money', total: true },
  { key: 'advances', header: 'Advances deducted', kind: 'money', total: true },
  { key: 'net', header: 'Net paid', kind: 'money', total: true },
  { key: 'signature', header: 'Signature / thumb', kind: 'text', width: 22 },
];

const xlsxRow = (row: RegisterRow): XlsxRow<Key> => ({
  serial: row.serial,
  name: row.name,
  trade: row.trade,
  daily_wage: row.daily_wage,
  man_days: row.man_days / 1000,
  ot_hours: row.ot_hours / 1000,
  wages: row.wages,
  ot_amount: row.ot_amount,
  gross: row.gross,
  advances: row.advances,
  net: row.net,
});

/** The wage register as an Excel sheet: a row per worker, the totals, the sheets it counts. */
export function wageRegisterXlsx(
  source: WageRegisterSource,
  onError: (e: unknown) => void,
): Readable {
  const { register } = source;
  async function* rows(): AsyncGenerator<XlsxRow<Key>[]> {
    await Promise.resolve();
    yield register.rows.map(xlsxRow);
  }
  return xlsxStream<Key>(
    {
      title: 'Register of wages',
      info: [
        'Form XVII, Contract Labour (Regulation and Abolition) Central Rules, 1971',
        `Site: ${source.siteName}`,
        `Wage period: ${register.period}`,
        `Generated: ${dateText(source.today)}`,
      ],
      columns: COLUMNS,
      rows: rows(),
      totals: { label: 'Total', labelKey: 'name' },
      after: () => [
        {},
        { name: 'Wage sheets counted' },
        ...register.sheets.map((sheet) => ({ name: sheetSummary(sheet, dateText) })),
      ],
    },
    onError,
  );
}
