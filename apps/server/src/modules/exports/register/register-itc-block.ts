import type { InputTaxSummary } from '@siteledger/domain';

/** Issue 40: the GSTR-3B table 4 block the register's CSV and Excel carry after the totals. */
export const ITC_BLOCK_TITLE = 'Input tax (GSTR-3B table 4)';

export interface ItcBlockRow {
  label: string;
  /** Paise. */
  integrated: number;
  central: number;
  state: number;
  cess: number;
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * 4(A)(5), 4(B)(1) and 4(C), as `input_tax` holds them, then the credit kept apart from 4(A)(5):
 * 4(A)(3) (tax paid under reverse charge) and 4(D)(2) (place of supply in another state).
 */
export function itcBlockRows(it: InputTaxSummary): ItcBlockRow[] {
  return (
    [
      ['4(A)(5) All other ITC', it.all_other_itc],
      ['4(B)(1) Reversed: s.17(5) blocked credit', it.reversed_section_17_5],
      ['4(C) Net ITC available', it.net_itc],
      ['4(A)(3) Inward supplies liable to reverse charge', it.reverse_charge_itc],
      ['4(D)(2) Ineligible: place of supply', it.ineligible_pos],
    ] as const
  ).map(([label, h]) => ({
    label,
    integrated: paise(h.integrated_tax),
    central: paise(h.central_tax),
    state: paise(h.state_tax),
    cess: paise(h.cess),
  }));
}
