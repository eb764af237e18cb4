import type { Paise } from './money.js';

/**
 * One business over many sites (issue 47) — the rules that need no database: which vendors of a
 * business's sites are the same party (merged with a preview the owner confirms), and how what is
 * owed ages (payables ageing 0–30, 31–60, 61–90, 90+ days).
 */

export const AGEING_BUCKETS = ['0_30', '31_60', '61_90', '90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD; negative when `to` is earlier); labour's daysBetween counts both ends. */
export function ageInDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The bucket of a bill dated `billDate` on `asOf`: 0–30 days old (a future date too), … 90+. */
export function ageingBucket(billDate: string, asOf: string): AgeingBucket {
  const age = ageInDays(billDate, asOf);
  if (age <= 30) return '0_30';
  if (age <= 60) return '31_60';
  if (age <= 90) return '61_90';
  return '90_plus';
}

export type Ageing = Record<AgeingBucket, Paise> & { total: Paise };

export function emptyAgeing(): Ageing {
  return { '0_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0, total: 0 };
}

/** What is still owed on each bill, summed by age on `asOf` (bills owing nothing left out). */
export function ageingOf(bills: readonly { date: string; owed: Paise }[], asOf: string): Ageing {
  const out = emptyAgeing();
  for (const bill of bills) {
    if (bill.owed <= 0) continue;
    out[ageingBucket(bill.date, asOf)] += bill.owed;
    out.total += bill.owed;
  }
  return out;
}

/**
 * Words a trade name carries that do not tell two parties apart ("Sri Lakshmi Traders Pvt. Ltd."
 * and "SRI LAKSHMI TRADERS" are one name): the legal form and the "M/s" before it.
 */
const LEGAL_WORDS = new Set([
  'm/s',
  'ms',
  'pvt',
  'private',
  'ltd',
  'limited',
  'llp',
  'co',
  'company',
  'and',
  'the',
]);

/** A name as compared for merging: lower case, letters (with their vowel signs) and digits, legal words left out. */
export function partyNameKey(name: string): string {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/m\/s/g, ' ')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '' && !LEGAL_WORDS.has(word));
  return words.join(' ');
}

export interface MergeCandidate {
  id: string;
  site: string;
  name: string;
  gstin: string | null;
}

export interface MergeGroup<V extends MergeCandidate = MergeCandidate> {
  /** `gstin`: the same registration (certain); `name`: the same name and no GSTIN that differs. */
  reason: 'gstin' | 'name';
  /** What the merged vendor is called and registered as: the first with a GSTIN, else the first. */
  keep: V;
  vendors: V[];
}

/**
 * Vendors that are one party, for the owner to confirm: the same GSTIN; or, without a GSTIN,
 * the same name as one registration (or as each other). Two different GSTINs are two parties
 * even under one name (a trader's branches in two states), so a name shared by several
 * registrations joins none of them. Groups of one are left out; input order decides `keep`.
 */
export function mergeGroups<V extends MergeCandidate>(vendors: readonly V[]): MergeGroup<V>[] {
  const byGstin = new Map<string, V[]>();
  const withoutGstin: V[] = [];
  for (const vendor of vendors) {
    const gstin = vendor.gstin?.trim().toUpperCase();
    if (gstin) byGstin.set(gstin, [...(byGstin.get(gstin) ?? []), vendor]);
    else withoutGstin.push(vendor);
  }
  // Each name's registrations: a name with exactly one takes the same-named vendors without one.
  const registrationsOf = new Map<string, string[]>();
  for (const [gstin, group] of byGstin) {
    for (const key of new Set(group.map((v) => partyNameKey(v.name)))) {
      registrationsOf.set(key, [...(registrationsOf.get(key) ?? []), gstin]);
    }
  }
  const byName = new Map<string, V[]>();
  for (const vendor of withoutGstin) {
    const key = partyNameKey(vendor.name);
    if (key === '') continue;
    const registrations = registrationsOf.get(key) ?? [];
    if (registrations.length === 1) byGstin.get(registrations[0]!)!.push(vendor);
    else if (registrations.length === 0) byName.set(key, [...(byName.get(key) ?? []), vendor]);
  }
  const groups: MergeGroup<V>[] = [];
  for (const group of byGstin.values()) {
    if (group.length > 1) groups.push({ reason: 'gstin', keep: group[0]!, vendors: group });
  }
  for (const group of byName.values()) {
    if (group.length > 1) groups.push({ reason: 'name', keep: group[0]!, vendors: group });
  }
  return groups;
}

export interface AccountCandidate {
  id: string;
  name: string;
  type: string;
  account_number: string | null;
}

/**
 * Money accounts that are one account (issue 47: the same HDFC account entered on three sites):
 * of one type, with the same account number, or — where either has none — the same name
 * (`partyNameKey`, so "HDFC Current A/c" and "hdfc current a/c" meet). Two different numbers are
 * two accounts even under one name. Groups of one are left out; input order decides the first.
 */
export function accountGroups<A extends AccountCandidate>(accounts: readonly A[]): A[][] {
  const numberOf = (a: A) => a.account_number?.replace(/\s+/g, '').toUpperCase() || null;
  const groups: A[][] = [];
  for (const account of accounts) {
    const number = numberOf(account);
    const name = partyNameKey(account.name);
    const group = groups.find((members) =>
      members.every((other) => {
        if (other.type !== account.type) return false;
        const theirs = numberOf(other);
        if (number && theirs) return number === theirs;
        return name !== '' && partyNameKey(other.name) === name;
      }),
    );
    if (group) group.push(account);
    else groups.push([account]);
  }
  return groups.filter((group) => group.length > 1);
}

/**
 * Items or services that are one (issue 47: "Cement" made on two sites before they joined one
 * business): the same name (`partyNameKey`) in the same unit — a bag and a tonne of cement are
 * two items. Groups of one are left out; input order decides the first.
 */
export function catalogGroups<C extends { name: string; unit: string }>(rows: readonly C[]): C[][] {
  const groups = new Map<string, C[]>();
  for (const row of rows) {
    const name = partyNameKey(row.name);
    if (name === '') continue;
    const key = `${name}\n${row.unit}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}
