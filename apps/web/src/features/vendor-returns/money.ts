import { formatInr, toPaise } from '@siteledger/domain';

/** Server rupees → "₹1,23,456.78" (never formatted by hand). */
export const inr = (rupees: number | null | undefined): string =>
  rupees === null || rupees === undefined ? '—' : formatInr(toPaise(rupees));
