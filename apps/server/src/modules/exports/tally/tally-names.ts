/**
 * Names in Tally. One Tally company usually keeps the books of all of an owner's sites, and Tally
 * knows a ledger only by its name: two sites' "Ram Traders" would merge into one supplier. So a
 * name is kept as it is for the first record (by creation) of that name among the owner's sites,
 * and the later ones get the site's name added — only when needed, and the same in every export
 * (a later record never takes a name an earlier export gave to another).
 */

/** Tally compares names without case, spaces or punctuation ("Ram Traders." = "ram traders"). */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

/**
 * Ledgers every TallyPrime company has ("Cash", "Profit & Loss A/c") and the ledgers the export
 * posts to: a supplier or account of that name must not merge into them.
 */
const RESERVED = new Set(
  [
    'Cash',
    'Profit & Loss A/c',
    'Purchase',
    'Purchase Returns',
    'Services',
    'Round Off',
    'Input GST',
    'Input CGST',
    'Input SGST',
    'Input IGST',
    'Vendor Credit Notes',
  ].map(nameKey),
);

export const isReservedName = (name: string) => RESERVED.has(nameKey(name));

export interface NamedRecord {
  id: string;
  site_id: string;
  name: string;
  created: string;
}

const earlier = (a: NamedRecord, b: NamedRecord) =>
  a.created < b.created || (a.created === b.created && a.id < b.id);

/**
 * The Tally names of `records` (ids → name), given every record of the kind among the owner's
 * sites (`all`, which includes `records`) and the sites' names.
 */
export function uniqueNames(
  records: readonly NamedRecord[],
  all: readonly NamedRecord[],
  siteNames: ReadonlyMap<string, string>,
): Map<string, string> {
  const byKey = new Map<string, NamedRecord[]>();
  for (const record of all) {
    const key = nameKey(record.name);
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  const names = new Map<string, string>();
  for (const record of records) {
    const name = record.name.trim();
    const key = nameKey(name);
    const before = (byKey.get(key) ?? []).filter((other) => earlier(other, record));
    if (before.length === 0 && !RESERVED.has(key) && key !== '') {
      names.set(record.id, name);
      continue;
    }
    const site = siteNames.get(record.site_id) ?? '';
    // Another record of the same site and name: the site's name alone would not tell them apart.
    const sameSite = before.some((other) => other.site_id === record.site_id);
    names.set(
      record.id,
      sameSite ? `${name} (${site}, ${record.id.slice(0, 6)})` : `${name} (${site})`,
    );
  }
  return names;
}
