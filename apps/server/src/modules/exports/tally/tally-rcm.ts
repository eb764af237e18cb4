import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type * as details from './tally-repo.js';
import type { GstDutyHead, Voucher, VoucherLine } from './tally-xml.js';
import { ledgerXml } from './tally-xml.js';

/**
 * Reverse charge in Tally (issue 40 item 10). A bill under reverse charge is a Purchase voucher
 * with ISREVERSECHARGEAPPLICABLE Yes (and the purchase line's GSTOVRDNISREVCHARGEAPPL
 * "Applicable"): the supplier is credited the value only (what the site owes him), the tax is
 * debited to the typed Input ledgers when the site claims credit (else to the purchase, as cost)
 * and credited to a liability ledger per head, "Output CGST (RCM)" …, under Duties & Taxes, which
 * the site's GST payment (3.1(d)) clears.
 */
export const RCM_LEDGERS: Record<'cgst' | 'sgst' | 'igst', { name: string; head: GstDutyHead }> = {
  cgst: { name: 'Output CGST (RCM)', head: 'Central Tax' },
  sgst: { name: 'Output SGST (RCM)', head: 'State Tax' },
  igst: { name: 'Output IGST (RCM)', head: 'Integrated Tax' },
};
const INPUT = { cgst: 'Input CGST', sgst: 'Input SGST', igst: 'Input IGST' } as const;

/** True when the site has a bill under reverse charge (its file then needs the RCM ledgers). */
export async function usesReverseCharge(db: Kysely<Database>, siteId: string): Promise<boolean> {
  const row = await sql<{ found: number }>`select 1 as found where exists (
      select 1 from deliveries where site_id = ${siteId} and reverse_charge = 1)
    or exists (select 1 from service_bookings where site_id = ${siteId} and reverse_charge = 1)`.execute(
    db,
  );
  return row.rows.length > 0;
}

/** The RCM liability ledger masters. */
export function rcmMastersXml(remoteId: (slug: string) => string): string {
  return Object.entries(RCM_LEDGERS)
    .map(([slug, ledger]) =>
      ledgerXml({
        remoteId: remoteId(`rcm-${slug}`),
        name: ledger.name,
        parent: 'Duties & Taxes',
        dutyHead: ledger.head,
      }),
    )
    .join('');
}

/** The tax of an RCM bill: a delivery's heads, a booking's rcm_* heads. */
export function rcmHeads(
  detail: details.DeliveryDetail | details.BookingDetail,
): Record<'cgst' | 'sgst' | 'igst', number> {
  if ('rcm_cgst_amount' in detail) {
    return {
      cgst: Number(detail.rcm_cgst_amount),
      sgst: Number(detail.rcm_sgst_amount),
      igst: Number(detail.rcm_igst_amount),
    };
  }
  return {
    cgst: Number(detail.cgst_amount),
    sgst: Number(detail.sgst_amount),
    igst: Number(detail.igst_amount),
  };
}

/**
 * The voucher of an RCM bill. `partyLine` is the supplier's credit (the bill's ledger amount,
 * which leaves the tax out); `expense` the purchase or services ledger and its taxable value;
 * `extra` the lines after the tax (round-off).
 */
export function rcmVoucher(
  voucher: Omit<Voucher, 'lines' | 'reverseCharge'>,
  partyLine: VoucherLine,
  expense: { ledger: string; paise: number; costCentre: string },
  heads: Record<'cgst' | 'sgst' | 'igst', number>,
  claim: boolean,
  extra: VoucherLine[] = [],
): Voucher {
  const keys = (['cgst', 'sgst', 'igst'] as const).filter((k) => heads[k] !== 0);
  const tax = keys.reduce((sum, k) => sum + heads[k], 0);
  const lines: VoucherLine[] = [
    partyLine,
    {
      ledger: expense.ledger,
      debit: true,
      paise: expense.paise + (claim ? 0 : tax),
      costCentre: expense.costCentre,
      reverseCharge: true,
    },
    ...(claim ? keys.map((k) => ({ ledger: INPUT[k], debit: true, paise: heads[k] })) : []),
    ...keys.map((k) => ({ ledger: RCM_LEDGERS[k].name, debit: false, paise: heads[k] })),
    ...extra,
  ];
  return { ...voucher, lines, reverseCharge: true };
}
