import { Readable } from 'node:stream';
import { formatInr, GST_STATES } from '@siteledger/domain';
import { CSV_BOM, csvRow, money, type CsvCell } from '../../../documents/csv-writer.js';
import { indianDate, periodText } from '../../../documents/format.js';
import {
  band,
  COLORS,
  createPdf,
  drawAmount,
  drawText,
  PAGE,
  rule,
} from '../../../documents/pdf-canvas.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../../documents/xlsx-writer.js';
import { ITC_BLOCK_TITLE, itcBlockRows } from './register-itc-block.js';
import type { Heads, RegisterData } from './register-service.js';
import { invoiceValue } from './register-totals.js';

const KIND_LABELS = {
  delivery: 'Delivery',
  booking: 'Service booking',
  return: 'Return',
  credit_note: 'Credit note',
  petty_expense: 'Petty cash',
};

/** A row's type; a bill under reverse charge says so (issue 40 item 10: the site owes its tax). */
const kindLabel = (row: { kind: keyof typeof KIND_LABELS; reverse_charge: boolean }) =>
  row.reverse_charge ? `${KIND_LABELS[row.kind]} (reverse charge)` : KIND_LABELS[row.kind];

const rateLabel = (rate: number | null) => (rate === null ? 'No GST' : `${rate} %`);

function stateName(gstin: string | null): string {
  const code = gstin?.slice(0, 2) as keyof typeof GST_STATES | undefined;
  return code && GST_STATES[code] ? GST_STATES[code] : '';
}

function headerLines(data: RegisterData): string[] {
  return [
    `Site: ${data.siteName}${data.siteGstin ? ` (GSTIN ${data.siteGstin})` : ''}`,
    `Period: ${periodText(data.from, data.to)}`,
    `Generated: ${indianDate(data.today)}`,
  ];
}

const HEADERS = [
  'Date',
  'Type',
  'Vendor',
  'Vendor GSTIN',
  'Supplier invoice no.',
  'Invoice date',
  'GST rate',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Other tax',
  'Invoice value',
];

/**
 * The register as CSV: the column headings as the first row (issue 38: a spreadsheet or an import
 * reads the first row as the header; the site and period are in the file name, the PDF and the
 * Excel file carry the title block), the rows, then the totals per rate.
 */
export function registerCsv(data: RegisterData): Readable {
  function* chunks(): Generator<string> {
    yield CSV_BOM + csvRow(HEADERS);
    for (const row of data.rows) {
      yield csvRow([
        row.date,
        kindLabel(row),
        row.vendor,
        row.vendor_gstin,
        row.supplier_invoice_number,
        row.supplier_invoice_date,
        rateLabel(row.rate),
        ...amounts(row),
      ]);
    }
    let totals = '\r\n' + csvRow(['Totals by rate']) + csvRow(['GST rate', ...HEADERS.slice(7)]);
    for (const t of data.totals) totals += csvRow([rateLabel(t.rate), ...amounts(t)]);
    totals += csvRow(['Grand total', ...amounts(data.grandTotal)]);
    totals += '\r\n' + csvRow([ITC_BLOCK_TITLE]);
    totals += csvRow(['Table', 'Integrated tax', 'Central tax', 'State tax', 'Cess']);
    for (const r of itcBlockRows(data.inputTax))
      totals += csvRow([
        r.label,
        money(r.integrated),
        money(r.central),
        money(r.state),
        money(r.cess),
      ]);
    yield totals;
  }
  return Readable.from(chunks(), { objectMode: false });
}

function amounts(h: Heads): CsvCell[] {
  return [
    money(h.taxable),
    money(h.cgst),
    money(h.sgst),
    money(h.igst),
    money(h.other),
    money(invoiceValue(h)),
  ];
}

type Key =
  | 'date'
  | 'kind'
  | 'vendor'
  | 'gstin'
  | 'invoice'
  | 'invoice_date'
  | 'rate'
  | 'taxable'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'other'
  | 'invoice_value';

const COLUMNS: XlsxColumn<Key>[] = [
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'kind', header: 'Type', kind: 'text', width: 16 },
  { key: 'vendor', header: 'Vendor', kind: 'text', width: 28 },
  { key: 'gstin', header: 'Vendor GSTIN', kind: 'text', width: 17 },
  { key: 'invoice', header: 'Supplier invoice no.', kind: 'text', width: 20 },
  { key: 'invoice_date', header: 'Invoice date', kind: 'date' },
  { key: 'rate', header: 'GST rate', kind: 'percent' },
  { key: 'taxable', header: 'Taxable value', kind: 'money', total: true },
  { key: 'cgst', header: 'CGST', kind: 'money', total: true },
  { key: 'sgst', header: 'SGST', kind: 'money', total: true },
  { key: 'igst', header: 'IGST', kind: 'money', total: true },
  { key: 'other', header: 'Other tax', kind: 'money', total: true },
  { key: 'invoice_value', header: 'Invoice value', kind: 'money', total: true },
];

const xlsxAmounts = (h: Heads) => ({
  taxable: h.taxable,
  cgst: h.cgst,
  sgst: h.sgst,
  igst: h.igst,
  other: h.other,
  invoice_value: invoiceValue(h),
});

/** The table-4 block under the totals: each head in its own column. */
const xlsxItcBlock = (data: RegisterData): XlsxRow<Key>[] => [
  {},
  { kind: ITC_BLOCK_TITLE },
  { kind: 'Table', cgst: 'Central tax', sgst: 'State tax', igst: 'Integrated tax', other: 'Cess' },
  ...itcBlockRows(data.inputTax).map((r) => ({
    kind: r.label,
    cgst: r.central,
    sgst: r.state,
    igst: r.integrated,
    other: r.cess,
  })),
];

/** The register as an Excel sheet: typed columns, totals, then a row per rate. */
export function registerXlsx(data: RegisterData, onError: (error: unknown) => void): Readable {
  async function* rows(): AsyncGenerator<XlsxRow<Key>[]> {
    await Promise.resolve();
    yield data.rows.map((row) => ({
      date: row.date,
      kind: kindLabel(row),
      vendor: row.vendor,
      gstin: row.vendor_gstin,
      invoice: row.supplier_invoice_number,
      invoice_date: row.supplier_invoice_date,
      rate: row.rate,
      ...xlsxAmounts(row),
    }));
  }
  return xlsxStream<Key>(
    {
      title: 'Purchase register',
      info: headerLines(data),
      columns: COLUMNS,
      rows: rows(),
      totals: { label: 'Total' },
      after: () => [
        {},
        { kind: 'Totals by rate' },
        ...data.totals.map((t) => ({ kind: rateLabel(t.rate), rate: t.rate, ...xlsxAmounts(t) })),
        { kind: 'Grand total', ...xlsxAmounts(data.grandTotal) },
        ...xlsxItcBlock(data),
      ],
    },
    onError,
  );
}

/** Columns of the PDF table: x offset from the left margin and width, in points. */
const PDF_COLUMNS = [
  { header: 'Date', width: 48 },
  { header: 'Vendor / GSTIN', width: 94 },
  { header: 'Invoice', width: 62 },
  { header: 'Rate', width: 28, right: true },
  { header: 'Taxable', width: 60, right: true },
  { header: 'CGST', width: 54, right: true },
  { header: 'SGST', width: 54, right: true },
  { header: 'IGST', width: 54, right: true },
  { header: 'Invoice value', width: 61.28, right: true },
] as const;
const ROW = 24;
const BOTTOM = PAGE.height - 50;

const inr = (paise: number) => (paise === 0 ? '–' : formatInr(paise));

/** The register as a PDF: one row per bill and rate (two text lines), totals per rate last. */
export function registerPdf(data: RegisterData, onError: (error: unknown) => void): Readable {
  const doc = createPdf('Purchase register', data.siteName);
  try {
    let y = PAGE.top;
    let page = 1;
    const heading = () => {
      drawText(doc, 'Purchase register', PAGE.left, y, { size: 15, weight: 'bold' });
      drawText(doc, `Page ${page}`, PAGE.left, y + 4, {
        size: 8,
        color: COLORS.muted,
        width: PAGE.right - PAGE.left,
        align: 'right',
      });
      y += 22;
      for (const line of headerLines(data)) {
        drawText(doc, line, PAGE.left, y, { size: 9, color: COLORS.muted });
        y += 12;
      }
      y += 6;
      band(doc, PAGE.left, y, PAGE.right - PAGE.left, 16, COLORS.band);
      let x = PAGE.left;
      for (const c of PDF_COLUMNS) {
        drawText(doc, c.header, x + 3, y + 4, {
          size: 8,
          weight: 'bold',
          width: c.width - 6,
          align: 'right' in c ? 'right' : 'left',
        });
        x += c.width;
      }
      y += 18;
    };
    const room = (height: number) => {
      if (y + height <= BOTTOM) return;
      doc.addPage();
      page += 1;
      y = PAGE.top;
      heading();
    };
    const cells = (values: [string, string?][], bold = false) => {
      let x = PAGE.left;
      values.forEach(([first, second], i) => {
        const c = PDF_COLUMNS[i]!;
        const align = 'right' in c ? 'right' : 'left';
        const style = {
          size: 8,
          width: c.width - 6,
          align,
          weight: bold ? 'bold' : 'regular',
        } as const;
        // Amounts are set smaller rather than cut (issue 40: ₹1 crore and more print whole).
        if (align === 'right') drawAmount(doc, first, x + 3, y + 2, style);
        else drawText(doc, first, x + 3, y + 2, style);
        if (second)
          drawText(doc, second, x + 3, y + 12, { ...style, size: 7, color: COLORS.muted });
        x += c.width;
      });
      rule(doc, y + ROW - 1, COLORS.faint);
      y += ROW;
    };
    heading();
    if (data.rows.length === 0) {
      drawText(doc, 'No purchases in this period.', PAGE.left, y + 4, { size: 9 });
      y += ROW;
    }
    for (const row of data.rows) {
      room(ROW);
      cells([
        [indianDate(row.date), kindLabel(row)],
        [row.vendor, [row.vendor_gstin, stateName(row.vendor_gstin)].filter(Boolean).join(' · ')],
        [
          row.supplier_invoice_number ?? '',
          row.supplier_invoice_date ? indianDate(row.supplier_invoice_date) : undefined,
        ],
        [rateLabel(row.rate)],
        [inr(row.taxable), row.other ? `+ tax ${formatInr(row.other)}` : undefined],
        [inr(row.cgst)],
        [inr(row.sgst)],
        [inr(row.igst)],
        [formatInr(invoiceValue(row))],
      ]);
    }
    room(ROW * (data.totals.length + 3));
    y += 8;
    drawText(doc, 'Totals by rate', PAGE.left, y, { size: 10, weight: 'bold' });
    y += 16;
    for (const t of data.totals) {
      cells(
        [
          [''],
          [rateLabel(t.rate)],
          [''],
          [''],
          [inr(t.taxable), t.other ? `+ tax ${formatInr(t.other)}` : undefined],
          [inr(t.cgst)],
          [inr(t.sgst)],
          [inr(t.igst)],
          [formatInr(invoiceValue(t))],
        ],
        true,
      );
    }
    const g = data.grandTotal;
    cells(
      [
        [''],
        ['Grand total'],
        [''],
        [''],
        [inr(g.taxable), g.other ? `+ tax ${formatInr(g.other)}` : undefined],
        [inr(g.cgst)],
        [inr(g.sgst)],
        [inr(g.igst)],
        [formatInr(invoiceValue(g))],
      ],
      true,
    );
    room(ROW * 7);
    y += 10;
    const it = data.inputTax;
    drawText(doc, 'Input tax (GSTR-3B table 4)', PAGE.left, y, { size: 10, weight: 'bold' });
    y += 16;
    const heads = (h: typeof it.net_itc) =>
      `IGST ${formatInr(Math.round(h.integrated_tax * 100))} · CGST ${formatInr(
        Math.round(h.central_tax * 100),
      )} · SGST ${formatInr(Math.round(h.state_tax * 100))}`;
    for (const [label, h] of [
      ['4(A)(5) All other ITC', it.all_other_itc],
      ['4(B)(1) Reversed: s.17(5) blocked credit', it.reversed_section_17_5],
      ['4(C) Net ITC available', it.net_itc],
      ['4(A)(3) Inward supplies liable to reverse charge', it.reverse_charge_itc],
      ['4(D)(2) Ineligible: place of supply', it.ineligible_pos],
    ] as const) {
      drawText(doc, label, PAGE.left, y, { size: 8.5, width: 190 });
      drawText(doc, heads(h), PAGE.left + 195, y, { size: 8.5 });
      y += 13;
    }
    const someTax = (h: typeof it.net_itc) =>
      h.integrated_tax !== 0 || h.central_tax !== 0 || h.state_tax !== 0;
    drawText(
      doc,
      // Each bill counts by the mode it was recorded with (issue 40).
      someTax(it.reversed_section_17_5) && someTax(it.net_itc)
        ? 'Bills of this period count by the mode each was recorded with: part added to cost, part claimed.'
        : it.input_tax_mode === 'cost'
          ? 'This site adds GST to cost (credit on building one’s own property is blocked by s.17(5)(d)).'
          : 'This site claims input tax credit.',
      PAGE.left,
      y + 4,
      { size: 8, color: COLORS.muted },
    );
    doc.end();
  } catch (error) {
    onError(error);
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  return doc;
}
