import type { Kysely } from 'kysely';
import type { Database, VendorsTable } from '../../../db/schema.js';
import { ledgerTotals } from '../../ledger/ledger-repo.js';
import { ledgerLines, type LedgerLine } from '../ledger-lines.js';
import { deletedVouchers, droppedVoucher, type Cancellation } from './tally-cancel.js';
import { changedRecords, deletedSince, droppedSince } from './tally-changes-repo.js';
import type { TallyVendor } from './tally-export.js';

type Db = Kysely<Database>;

/** Where the incremental file starts: the last site-wide export's cut-off and end date. */
export interface SinceLast {
  /** Records created, changed or deleted at or after this timestamp go in the file. */
  since: string;
  /** The last export's `to`: entries dated after it were never in a file. */
  lastTo: string;
}

/**
 * Whether an entry goes in the incremental file: its record changed since the cut-off, or it is
 * dated after the last file's end. A credit note's lapse is an entry without a write of its own
 * (it appears the day after the note expires): one dated on the last file's end day goes again.
 */
function wanted(line: LedgerLine, changed: ReadonlySet<string>, lastTo: string): boolean {
  if (changed.has(line.id) || line.date > lastTo) return true;
  return line.type === 'credit_note_expired' && line.date >= lastTo;
}

async function* only(
  lines: AsyncGenerator<LedgerLine[]>,
  keep: (line: LedgerLine) => boolean,
): AsyncGenerator<LedgerLine[]> {
  for await (const chunk of lines) {
    const kept = chunk.filter(keep);
    if (kept.length > 0) yield kept;
  }
}

/**
 * The suppliers of an incremental file and their entries: those created, changed or deleted
 * since the last export (whatever their business date — a bill keyed in late, an edit of a bill
 * already sent, which Tally alters by its GUID) and those dated after the last file's end, up to
 * `to`. A supplier's entries are read from the earliest date that can hold one of them.
 */
export async function incrementalVendors(
  db: Db,
  params: { siteId: string; today: string; to: string; vendors: VendorsTable[] } & SinceLast,
): Promise<TallyVendor[]> {
  const { siteId, today, to, since, lastTo } = params;
  const changed = new Set<string>();
  const earliest = new Map<string, string>();
  for (const record of await changedRecords(db, siteId, since)) {
    if (record.date > to) continue;
    changed.add(record.id);
    const first = earliest.get(record.vendor);
    if (!first || record.date < first) earliest.set(record.vendor, record.date);
  }
  const out: TallyVendor[] = [];
  for (const vendor of params.vendors) {
    const totals = await ledgerTotals(db, siteId, vendor.id, today, { from: lastTo, to });
    const first = earliest.get(vendor.id);
    if (totals.count === 0 && !first) continue;
    const from = first && first < lastTo ? first : lastTo;
    out.push({
      vendor,
      opening: 0,
      lines: () =>
        only(ledgerLines(db, { siteId, vendor: vendor.id, today, from, to, opening: 0 }), (line) =>
          wanted(line, changed, lastTo),
        ),
    });
  }
  return out;
}

/** The vouchers to cancel: records deleted, bookings cancelled, returns taken out since. */
export async function cancellationsSince(
  db: Db,
  siteId: string,
  since: string,
  today: string,
): Promise<Cancellation[]> {
  const [deleted, dropped] = await Promise.all([
    deletedSince(db, siteId, since),
    droppedSince(db, siteId, since),
  ]);
  return [
    ...deleted.flatMap((entry) => deletedVouchers(entry, today)),
    ...dropped.map(droppedVoucher),
  ];
}
