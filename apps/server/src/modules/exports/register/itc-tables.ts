import { placeOfSupplyBarsCredit, type InputTaxSummary } from '@siteledger/domain';
import { rupees } from '../../../platform/record-shape.js';
import type { InputTaxMode } from '../../../db/schema.js';

/** What GSTR-3B table 4 reads of a register row (paise; a return's are negative). */
export interface ItcRow {
  cgst: number;
  sgst: number;
  igst: number;
  place_of_supply: string | null;
  /** The bill's or return's own input_tax_mode (issue 40 item 3). */
  mode: InputTaxMode;
}

interface Sums {
  igst: number;
  cgst: number;
  sgst: number;
}

const heads = (s: Sums) => ({
  ...rupees({ integrated_tax: s.igst, central_tax: s.cgst, state_tax: s.sgst }),
  cess: 0,
});

const NONE: Sums = { igst: 0, cgst: 0, sgst: 0 };

const add = (into: Sums, row: ItcRow) => {
  into.igst += row.igst;
  into.cgst += row.cgst;
  into.sgst += row.sgst;
};

/**
 * GSTR-3B table 4 from the period's rows (zInputTaxSummary explains the reading). Tax whose
 * place of supply is not the site's state is 4(D)(2) (Circular 170/02/2022-GST) and stays out
 * of 4(A)(5); of the rest, 4(A)(5) is all of it, 4(B)(1) the tax of records kept in cost mode
 * (s.17(5)(d)), each record by its own recorded mode (issue 40 item 3), and 4(C) = 4(A) − 4(B).
 * `input_tax_mode` is that of the period's last row (the site's when the period has none), so a
 * later switch of the site's mode leaves a past period's reading as it was filed.
 */
export function inputTaxTables(
  siteMode: InputTaxMode,
  siteState: string | null,
  rows: readonly ItcRow[],
): Omit<InputTaxSummary, 'reverse_charge_itc'> {
  const available = { ...NONE };
  const reversed = { ...NONE };
  const barred = { ...NONE };
  for (const row of rows) {
    if (placeOfSupplyBarsCredit(siteState, row.place_of_supply)) {
      add(barred, row);
      continue;
    }
    add(available, row);
    if (row.mode === 'cost') add(reversed, row);
  }
  return {
    input_tax_mode: rows.at(-1)?.mode ?? siteMode,
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
