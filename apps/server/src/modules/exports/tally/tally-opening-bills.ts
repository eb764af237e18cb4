import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { ledgerLines, type LedgerLine } from '../ledger-lines.js';
import { voucherFor, type ChunkDetails, type VoucherContext } from './tally-vouchers.js';
import type { OpeningBill } from './tally-xml.js';

/** YYYY-MM-DD − one day. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A supplier's entries before `from` (a dated file's opening), a chunk at a time. */
export function linesBefore(
  db: Kysely<Database>,
  params: { siteId: string; vendor: { id: string }; today: string; from: string },
): AsyncGenerator<LedgerLine[]> {
  const { siteId, vendor, today, from } = params;
  return ledgerLines(db, {
    siteId,
    vendor: vendor.id,
    today,
    from: '',
    to: dayBefore(from),
    opening: 0,
  });
}

/** The name under which what is On Account (or an advance) opens in the ledger's bill-wise list. */
export const ON_ACCOUNT = 'On Account';

/**
 * A supplier's opening balance bill-wise (issue 40 item 8): the bills still pending at `from`,
 * found the way Tally would find them — by replaying, bill by bill, the vouchers of every entry
 * before `from` (the same vouchers the export writes: a bill is a New Ref, a payment, return or
 * credit note settles Agst Ref, the rest goes On Account). What is left of each bill is a New Ref
 * of the ledger's opening with the bill's own date, so Tally's ageing counts from the bill, not
 * from the start of the file; the On Account rest (an advance when the site paid ahead) closes the
 * list, so the bills add up to OPENINGBALANCE. Paise, credit positive.
 */
export async function openingBills(
  lines: AsyncGenerator<LedgerLine[]>,
  details: (chunk: LedgerLine[]) => Promise<ChunkDetails>,
): Promise<OpeningBill[]> {
  const ctx: VoucherContext = {
    party: '\u0000party',
    costCentre: '',
    gstSite: { gstin: null, state: null },
    accounts: new Map(),
  };
  const bills = new Map<string, { date: string; paise: number }>();
  let onAccount = 0;
  let onAccountDate = '';
  for await (const chunk of lines) {
    const d = await details(chunk);
    for (const line of chunk) {
      const voucher = voucherFor(ctx, line, d);
      if (!voucher) continue;
      for (const entry of voucher.lines) {
        if (!entry.party) continue;
        for (const bill of entry.bills ?? []) {
          const signed = entry.debit ? -bill.paise : bill.paise;
          if (bill.type === 'On Account' || bill.type === 'Advance' || !bill.name) {
            onAccount += signed;
            onAccountDate = voucher.date;
            continue;
          }
          const known = bills.get(bill.name);
          if (known) known.paise += signed;
          else bills.set(bill.name, { date: voucher.date, paise: signed });
        }
      }
    }
  }
  const out: OpeningBill[] = [];
  for (const [name, bill] of bills) {
    if (bill.paise !== 0) out.push({ name, date: bill.date, paise: bill.paise, advance: false });
  }
  if (onAccount !== 0) {
    out.push({ name: ON_ACCOUNT, date: onAccountDate, paise: onAccount, advance: onAccount < 0 });
  }
  return out;
}
