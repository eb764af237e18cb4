/** The shared contract of the running-balance writers (PDF, XLSX): a period and its entries. */

/** An entry of a running-balance export (paise). */
export interface PeriodLine {
  date: string;
  reference: string | null;
  debit: number;
  credit: number;
  balance: number;
}

/** What every running-balance export reads: the period, the balances, the entries' chunks. */
export interface PeriodSource<L extends PeriodLine> {
  siteName: string;
  from: string | undefined;
  to: string | undefined;
  /** The business day of the export (TIMEZONE): "generated" and the lapse of credit notes. */
  today: string;
  /** Paise. */
  opening: number;
  closing: number;
  count: number;
  lines(): AsyncGenerator<L[]>;
}
