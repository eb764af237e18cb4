import { fromMilli, toMilli, type Language } from '@siteledger/domain';
import { indianDate } from '../../documents/format.js';

/**
 * The words of the stock report files in both languages. Server text is localized with
 * `Record<Language, …>` tables, as the error and text-issue messages are; the web app's
 * locale files do not reach the server.
 */
export interface StockLabels {
  stockTitle: string;
  statementTitle: string;
  consumptionTitle: string;
  site: string;
  asOf: string;
  period: string;
  generated: string;
  groupedBy: string;
  allDates: string;
  from: (date: string) => string;
  upTo: (date: string) => string;
  page: (page: number, pages: number) => string;
  item: string;
  unit: string;
  work: string;
  notSaid: string;
  onHand: string;
  minimum: string;
  averageCost: string;
  value: string;
  status: string;
  low: string;
  lowCount: (count: number) => string;
  opening: string;
  in: string;
  out: string;
  closing: string;
  openingQuantity: string;
  openingValue: string;
  inQuantity: string;
  inValue: string;
  outQuantity: string;
  outValue: string;
  closingQuantity: string;
  closingValue: string;
  quantity: string;
  entries: string;
  total: string;
  statementNote: string;
  noItems: string;
  noConsumption: string;
}

export const STOCK_LABELS: Record<Language, StockLabels> = {
  en: {
    stockTitle: 'Stock on hand',
    statementTitle: 'Stock statement',
    consumptionTitle: 'Material consumption',
    site: 'Site',
    asOf: 'As of',
    period: 'Period',
    generated: 'Generated',
    groupedBy: 'Grouped by',
    allDates: 'All dates',
    from: (date) => `From ${date}`,
    upTo: (date) => `Up to ${date}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
    item: 'Item',
    unit: 'Unit',
    work: 'Work',
    notSaid: 'Not specified',
    onHand: 'On hand',
    minimum: 'Minimum level',
    averageCost: 'Average cost',
    value: 'Value',
    status: 'Status',
    low: 'Low stock',
    lowCount: (count) => `Items below their minimum: ${count}`,
    opening: 'Opening',
    in: 'In',
    out: 'Out',
    closing: 'Closing',
    openingQuantity: 'Opening quantity',
    openingValue: 'Opening value',
    inQuantity: 'Quantity in',
    inValue: 'Value in',
    outQuantity: 'Quantity out',
    outValue: 'Value out',
    closingQuantity: 'Closing quantity',
    closingValue: 'Closing value',
    quantity: 'Quantity',
    entries: 'Entries',
    total: 'Total',
    statementNote: 'Closing = opening + in − out, valued at the moving average cost.',
    noItems: 'No items.',
    noConsumption: 'No consumption in this period.',
  },
  hi: {
    stockTitle: 'उपलब्ध स्टॉक',
    statementTitle: 'स्टॉक विवरण',
    consumptionTitle: 'सामान की खपत',
    site: 'साइट',
    asOf: 'तारीख',
    period: 'अवधि',
    generated: 'बनाने की तारीख',
    groupedBy: 'समूह',
    allDates: 'सभी तारीख़ें',
    from: (date) => `${date} से`,
    upTo: (date) => `${date} तक`,
    page: (page, pages) => `पृष्ठ ${page} / ${pages}`,
    item: 'सामान',
    unit: 'इकाई',
    work: 'काम',
    notSaid: 'नहीं बताया गया',
    onHand: 'उपलब्ध मात्रा',
    minimum: 'न्यूनतम स्तर',
    averageCost: 'औसत लागत',
    value: 'मूल्य',
    status: 'स्थिति',
    low: 'कम स्टॉक',
    lowCount: (count) => `न्यूनतम से कम सामान: ${count}`,
    opening: 'प्रारंभिक',
    in: 'आवक',
    out: 'जावक',
    closing: 'अंतिम',
    openingQuantity: 'प्रारंभिक मात्रा',
    openingValue: 'प्रारंभिक मूल्य',
    inQuantity: 'आवक मात्रा',
    inValue: 'आवक मूल्य',
    outQuantity: 'जावक मात्रा',
    outValue: 'जावक मूल्य',
    closingQuantity: 'अंतिम मात्रा',
    closingValue: 'अंतिम मूल्य',
    quantity: 'मात्रा',
    entries: 'प्रविष्टियाँ',
    total: 'कुल',
    statementNote: 'अंतिम = प्रारंभिक + आवक − जावक, चल औसत लागत पर।',
    noItems: 'कोई सामान नहीं।',
    noConsumption: 'इस अवधि में कोई खपत नहीं।',
  },
};

/** "All dates", "From 01-04-2026", "Up to 31-03-2026" or "01-04-2026 – 30-06-2026". */
export function stockPeriod(labels: StockLabels, from: string | null, to: string | null): string {
  if (from && to) return `${indianDate(from)} – ${indianDate(to)}`;
  if (from) return labels.from(indianDate(from));
  if (to) return labels.upTo(indianDate(to));
  return labels.allDates;
}

/**
 * A quantity as a plain number with at most 3 decimals ("-12.5", "0.333"), by integer
 * arithmetic on thousandths so that no float noise ("0.30000000000000004") reaches a file.
 */
export function plainQuantity(quantity: number): string {
  const milli = toMilli(quantity);
  const abs = Math.abs(milli);
  const rest = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const whole = `${milli < 0 ? '-' : ''}${Math.floor(abs / 1000)}`;
  return rest ? `${whole}.${rest}` : whole;
}

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** "1,250.5 bag": grouped the Indian way, like amounts, in both languages. */
export function quantityText(quantity: number, unit: string): string {
  return `${quantityFormat.format(fromMilli(toMilli(quantity)))} ${unit}`.trim();
}
