/**
 * Issue 40: a bill's heads for one GST rate may be set to the figures printed on the supplier's
 * invoice (credit is what the supplier charged), when each differs from the computed head by at
 * most ₹1.00. Amounts in paise.
 */
export const TAX_OVERRIDE_TOLERANCE_PAISE = 100;

export const TAX_HEADS = ['cgst', 'sgst', 'igst'] as const;
export type TaxHead = (typeof TAX_HEADS)[number];

export type HeadFigures = Record<TaxHead, number>;

export const TAX_HEAD_LABELS: Record<TaxHead, string> = {
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
};

/** The heads of `printed` more than ₹1 away from `computed`, in CGST, SGST, IGST order. */
export function headsBeyondTolerance(computed: HeadFigures, printed: HeadFigures): TaxHead[] {
  return TAX_HEADS.filter(
    (head) => Math.abs(printed[head] - computed[head]) > TAX_OVERRIDE_TOLERANCE_PAISE,
  );
}
