import { placeOfSupplyBarsCredit, toRupees, type InputTaxSummary } from '@siteledger/domain';
import type { InputTaxMode } from '../../../db/schema.js';

/** What GSTR-3B table 4 reads of a register row (paise; a return's are negative). */
export interface ItcRow {
  cgst: number;
  sgst: number;
  igst: number;
  place_of_supply: string | null;
}

interface Sums {
  igst: number;
  cgst: number;
  sgst: number;
}

const heads = (s: Sums) => ({
  integrated_tax: toRupees(s.igst),
  central_tax: toRupees(s.cgst),
  state_tax: toRupees(s.sgst),
  cess: 0,
});

const NONE: Sums = { igst: 0, cgst: 0, sgst: 0 };

/**
 * GSTR-3B table 4 from the period's rows (zInputTaxSummary explains the reading). Tax whose
 * place of supply is not the site's state is 4(D)(2) (Circular 170/02/2022-GST) and stays out
 * of 4(A)(5); of the rest, 4(A)(5) is all of it, 4(B)(1) all of it when the site adds GST to
 * cost (s.17(5)(d)) else nothing, and 4(C) = 4(A) − 4(B).
 */
export function inputTaxTables(
  mode: InputTaxMode,
  siteState: string | null,
  rows: readonly ItcRow[],
): InputTaxSummary {
  const available = { ...NONE };
  const barred = { ...NONE };
  for (const row of rows) {
    const into = placeOfSupplyBarsCredit(siteState, row.place_of_supply) ? barred : available;
    into.igst += row.igst;
    into.cgst += row.cgst;
    into.sgst += row.sgst;
  }
  const reversed = mode === 'cost' ? available : NONE;
  return {
    input_tax_mode: mode,
    all_other_itc: heads(available),
    reversed_section_17_5: heads(reversed),
    net_itc: heads({
      igst: available.igst - reversed.igst,
      cgst: available.cgst - reversed.cgst,
      sgst: available.sgst - reversed.sgst,
    }),
    ineligible_pos: heads(barred),
  };
}
