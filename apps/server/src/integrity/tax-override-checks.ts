import { headsBeyondTolerance } from '@siteledger/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { headsByRate, parseOverrides } from '../modules/deliveries/tax-overrides.js';

/**
 * Issue 40: a delivery with `tax_overrides` has, for each overridden rate, the supplier's heads
 * instead of its lines'. The heads the delivery must then carry (Σ per rate: override or lines),
 * and the overrides more than ₹1 away from their rate's lines (or naming a rate no line has).
 */
export async function overriddenHeads(
  db: Kysely<Database>,
  deliveryId: string,
  overridesText: string,
): Promise<{ heads: number; stray: number[] }> {
  const lines = await db
    .selectFrom('delivery_items')
    .select(['gst_rate', 'cgst_amount', 'sgst_amount', 'igst_amount'])
    .where('delivery', '=', deliveryId)
    .execute();
  const computed = headsByRate(
    lines.map((l) => ({
      gst_rate: l.gst_rate === null ? null : Number(l.gst_rate),
      cgst_amount: Number(l.cgst_amount),
      sgst_amount: Number(l.sgst_amount),
      igst_amount: Number(l.igst_amount),
    })),
  );
  const overrides = new Map(parseOverrides(overridesText).map((o) => [o.gst_rate, o]));
  const stray = [...overrides.values()]
    .filter((o) => {
      const heads = computed.get(o.gst_rate);
      return !heads || headsBeyondTolerance(heads, o).length > 0;
    })
    .map((o) => o.gst_rate);
  let heads = 0;
  for (const [rate, h] of computed) {
    const o = overrides.get(rate) ?? h;
    heads += o.cgst + o.sgst + o.igst;
  }
  return { heads, stray };
}
