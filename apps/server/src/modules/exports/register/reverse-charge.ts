import { toPaise, type InputTaxSummary, type PurchaseRegister } from '@siteledger/domain';
import type { RegisterLine } from './register-service.js';
import { rupees as rupeeFields } from '../../../platform/record-shape.js';

type TaxHeads = InputTaxSummary['all_other_itc'];

/** Paise heads as the JSON's rupee heads. */
function rupees(igst: number, cgst: number, sgst: number): TaxHeads {
  return {
    ...rupeeFields({ integrated_tax: igst, central_tax: cgst, state_tax: sgst }),
    cess: 0,
  };
}

/** a + b, both rupee heads, added in paise. */
function plus(a: TaxHeads, b: TaxHeads): TaxHeads {
  return rupees(
    toPaise(a.integrated_tax) + toPaise(b.integrated_tax),
    toPaise(a.central_tax) + toPaise(b.central_tax),
    toPaise(a.state_tax) + toPaise(b.state_tax),
  );
}

/**
 * Reverse charge in GSTR-3B (issue 40 item 10). A bill under reverse charge (s.9(3)/9(4) CGST Act:
 * GTA, notified services, a promoter's shortfall) is an inward supply the site pays the tax on:
 * - table 3.1(d) "Inward supplies (liable to reverse charge)": its taxable value and tax (returns
 *   of such goods reduce both);
 * - table 4(A)(3) "Inward supplies liable to reverse charge": the same tax is input tax, kept out
 *   of 4(A)(5) "All other ITC". When the site adds GST to cost (s.17(5)(d)), it is reversed in
 *   4(B)(1) like the rest, so 4(C) stays 0; when it claims, 4(C) includes it.
 * Each bill counts by its own recorded input_tax_mode (issue 40 item 3). `forward` builds table 4
 * from the other rows, as it always did.
 */
export function withReverseCharge(
  rows: readonly RegisterLine[],
  forward: (rows: RegisterLine[]) => Omit<InputTaxSummary, 'reverse_charge_itc'>,
): {
  inputTax: InputTaxSummary;
  inwardReverseCharge: PurchaseRegister['inward_reverse_charge'];
} {
  // A return of reverse-charge goods reverses no tax (the vendor never had it): it stays out of
  // 3.1(d) rather than lower its value alone.
  const rcm = rows.filter((r) => r.reverse_charge && r.kind !== 'return');
  const heads = (of: readonly RegisterLine[]) => {
    const sum = (pick: (r: RegisterLine) => number) => of.reduce((s, r) => s + pick(r), 0);
    return rupees(
      sum((r) => r.igst),
      sum((r) => r.cgst),
      sum((r) => r.sgst),
    );
  };
  const sum = (pick: (r: RegisterLine) => number) => rcm.reduce((s, r) => s + pick(r), 0);
  const tax = heads(rcm);
  const base = forward(rows.filter((r) => !r.reverse_charge));
  return {
    inputTax: {
      ...base,
      reverse_charge_itc: tax,
      reversed_section_17_5: plus(
        base.reversed_section_17_5,
        heads(rcm.filter((r) => r.mode === 'cost')),
      ),
      net_itc: plus(base.net_itc, heads(rcm.filter((r) => r.mode === 'claim'))),
    },
    inwardReverseCharge: { ...rupeeFields({ taxable_value: sum((r) => r.taxable) }), ...tax },
  };
}
