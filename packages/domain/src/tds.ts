import type { Paise } from './money.js';
import { financialYear } from './purchasing.js';

/**
 * TDS, income-tax deducted at source (API.md "TDS"): the sections the product knows as data,
 * the deductee's PAN and type, the rate, the thresholds with their catch-up, and the deposit due
 * date. Pure functions over integer paise; the server groups the credits (per deductor TAN and
 * deductee PAN, or vendor record without a PAN) and the web explains the same figures.
 *
 * Section codes are those of the Income-tax Act 1961. The Income-tax Act 2025, in force from
 * 1 April 2026, renumbers the TDS provisions (they become rows of one table in its section 393);
 * the product keeps the API's codes "194C", "194J", "194I" as stable names for the same payments.
 */

export const TDS_SECTION_CODES = ['194C', '194J', '194I'] as const;
export type TdsSection = (typeof TDS_SECTION_CODES)[number];

export function isTdsSection(value: unknown): value is TdsSection {
  return typeof value === 'string' && (TDS_SECTION_CODES as readonly string[]).includes(value);
}

/** API.md: 'individual_huf' when the PAN's fourth character is P or H, else 'other'. */
export type DeducteeType = 'individual_huf' | 'other';

/**
 * The thresholds in force from a date on. A credit is taxed when it alone exceeds `single` (when
 * the section has one), or once the credits of its period (the financial year, or for 194I since
 * FY 2025-26 the calendar month) including it exceed `aggregate`.
 */
export interface TdsThresholds {
  /** First business date (YYYY-MM-DD) these apply to; the earliest entry also covers any before. */
  from: string;
  single: Paise | null;
  aggregate: Paise;
  period: 'financial_year' | 'month';
}

export interface TdsSectionData {
  /** What the product deducts under it. */
  nature: string;
  /** Percent by deductee type. */
  rates: Record<DeducteeType, number>;
  /** Oldest first. */
  thresholds: readonly TdsThresholds[];
}

const RUPEE = 100;

export const TDS_SECTIONS: Record<TdsSection, TdsSectionData> = {
  /*
   * s.194C (payments to contractors): 1 % individual/HUF, 2 % others since the Finance (No. 2)
   * Act 2009 (from 1 October 2009); s.194C(5): ₹30,000 a credit, ₹1,00,000 a year since the
   * Finance Act 2016 (from 1 June 2016; ₹75,000 a year before). s.194C(6): transporters with a
   * declaration and PAN are not deducted from (see tdsRate).
   */
  '194C': {
    nature: 'Work contracts, labour and transport',
    rates: { individual_huf: 1, other: 2 },
    thresholds: [
      {
        from: '2016-06-01',
        single: 30_000 * RUPEE,
        aggregate: 1_00_000 * RUPEE,
        period: 'financial_year',
      },
    ],
  },
  /*
   * s.194J(1) (fees for professional or technical services): 10 % on professional fees; fees for
   * technical services pay 2 % since the Finance Act 2020. The product uses one rate, 10 %
   * (architects, engineers, consultants on a site); technical-service fees at 2 % are not split
   * out. Threshold ₹50,000 a year from FY 2025-26 (Finance Act 2025); ₹30,000 before (Finance
   * Act 2010). No per-credit threshold.
   */
  '194J': {
    nature: 'Professional fees (architects, engineers, consultants)',
    rates: { individual_huf: 10, other: 10 },
    thresholds: [
      { from: '2010-07-01', single: null, aggregate: 30_000 * RUPEE, period: 'financial_year' },
      { from: '2025-04-01', single: null, aggregate: 50_000 * RUPEE, period: 'financial_year' },
    ],
  },
  /*
   * s.194I (rent): (a) plant, machinery or equipment 2 % (Finance (No. 2) Act 2009), (b) land,
   * building or furniture 10 %. The product uses 2 %: on a site rent is for hired plant and
   * machinery (cranes, mixers, shuttering). Threshold ₹50,000 for a month or part of a month from
   * FY 2025-26 (Finance Act 2025), modelled as the calendar month's credits; ₹2,40,000 a year
   * before (Finance Act 2019). No per-credit threshold.
   */
  '194I': {
    nature: 'Hire of plant and machinery',
    rates: { individual_huf: 2, other: 2 },
    thresholds: [
      { from: '2019-04-01', single: null, aggregate: 2_40_000 * RUPEE, period: 'financial_year' },
      { from: '2025-04-01', single: null, aggregate: 50_000 * RUPEE, period: 'month' },
    ],
  },
};

/** s.206AA: a deductee without a PAN is deducted from at 20 % (or the section's rate if higher). */
export const NO_PAN_RATE = 20;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function checkDate(date: string): void {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
}

/** The thresholds in force on a business date. */
export function tdsThresholdsOn(section: TdsSection, date: string): TdsThresholds {
  checkDate(date);
  const entries = TDS_SECTIONS[section].thresholds;
  let chosen = entries[0];
  for (const entry of entries) if (entry.from <= date) chosen = entry;
  if (!chosen) throw new RangeError(`No thresholds for ${section}`);
  return chosen;
}

/** API.md: five letters, four digits, a letter (upper case). */
export function isPan(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{5}\d{4}[A-Z]$/.test(value);
}

/** A GSTIN's characters 3–12 are its holder's PAN; null when they do not make one. */
export function panFromGstin(gstin: string): string | null {
  const pan = gstin.trim().toUpperCase().slice(2, 12);
  return isPan(pan) ? pan : null;
}

/** The PAN's fourth character is the holder's status: P a person, H a Hindu undivided family. */
export function deducteeType(pan: string | null): DeducteeType {
  const status = pan?.charAt(3).toUpperCase();
  return status === 'P' || status === 'H' ? 'individual_huf' : 'other';
}

/** Financial year (April–March) of a business date: '2026-03-31' → '2025-26'. */
export function financialYearOf(date: string): string {
  checkDate(date);
  return financialYear(date);
}

/** The first day of a business date's financial year: '2026-03-31' → '2025-04-01'. */
export function financialYearStart(date: string): string {
  checkDate(date);
  return `${financialYear(date).slice(0, 4)}-04-01`;
}

/**
 * When the TDS on a credit must be deposited (Income-tax Rules 1962, rule 30(2)): the 7th of the
 * next month, but 30 April for a credit in March (the year-end month).
 */
export function tdsDueDate(date: string): string {
  checkDate(date);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month === 3) return `${year}-04-30`;
  return month === 12 ? `${year + 1}-01-07` : `${year}-${String(month + 1).padStart(2, '0')}-07`;
}

/** Who is paid: the vendor's section, PAN and § 194C(6) declaration. */
export interface TdsDeductee {
  section: TdsSection;
  pan: string | null;
  tds_194c6: boolean;
}

/**
 * The rate in percent. 0 under a § 194C(6) declaration, as API.md fixes it (`tds_194c6`: no TDS);
 * the law wants the PAN with the declaration, which the vendor form asks for, not this rule.
 * Without a PAN: the higher of the section's rate and 20 %.
 */
export function tdsRate(section: TdsSection, pan: string | null, tds194c6: boolean): number {
  const hasPan = isPan(pan);
  if (section === '194C' && tds194c6) return 0;
  const rate = TDS_SECTIONS[section].rates[deducteeType(hasPan ? pan : null)];
  return hasPan ? rate : Math.max(rate, NO_PAN_RATE);
}

/** n ÷ d rounded half away from zero, exactly; d > 0. */
function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = n < 0n ? -n : n;
  const rounded = (2n * magnitude + d) / (2n * d);
  return n < 0n ? -rounded : rounded;
}

/**
 * `percent` % of an amount, rounded to the paisa half away from zero. Exact: the percent is
 * taken as whole basis points and the product is a BigInt (₹1e11 × 20 % passes 2^53 paise).
 * Throws on a non-integer amount or a percent outside 0–100 with more than 2 decimals.
 */
export function percentOfPaise(amount: Paise, percent: number): Paise {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not whole paise: ${amount}`);
  const basisPoints = Math.round(percent * 100);
  if (!(percent >= 0 && percent <= 100) || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`Not a percentage with at most 2 decimals: ${percent}`);
  }
  // BigInt has no -0: a zero share of a negative amount is a plain 0.
  return Number(divideRounded(BigInt(amount) * BigInt(basisPoints), 10_000n));
}

/** The period a credit's aggregate is counted in: '2025-26' or, for a monthly threshold, '2026-05'. */
function periodKey(thresholds: TdsThresholds, date: string): string {
  return thresholds.period === 'month' ? date.slice(0, 7) : financialYear(date);
}

export interface TdsCredit {
  /** Business date, YYYY-MM-DD in `TIMEZONE`. */
  date: string;
  /** Taxable value in paise (no GST; an RA bill leaves out the advance it recovers). */
  base: Paise;
}

export interface EarlierTdsCredit extends TdsCredit {
  tds_amount: Paise;
  /** The rate it was given; 0 (a § 194C(6) declaration) means outside TDS: never caught up. */
  rate?: number;
  /** The catch-up it carried: the untaxed credits before it are covered. */
  carried?: Paise;
}

export interface TdsResult {
  /** Percent: the deductee's rate, also on a credit left untaxed below the thresholds. */
  rate: number;
  /** Own TDS plus `carried`, in paise. */
  tds_amount: Paise;
  /** The catch-up part: TDS of earlier untaxed credits of the period, taken on this credit. */
  carried: Paise;
}

function checkBase(base: Paise): void {
  if (!Number.isSafeInteger(base) || base < 0) throw new RangeError(`Not an amount: ${base}`);
}

/**
 * The TDS on a new credit (API.md § 194C rule, applied to every section with its own data).
 * `earlier`: the deductor's credits before this one, in order, to the same deductee under the
 * same section (credits of other periods are ignored, so a whole year's list may be passed; a
 * later credit must not be). Taxed when the credit alone exceeds the single threshold, or once
 * the period's credits with it exceed the aggregate threshold ("exceeds": ₹30,000 exactly is not
 * taxed); the credit that takes the period past the aggregate also carries the TDS of every
 * earlier credit of the period left untaxed, at its own rate, rounded with its own TDS once.
 */
export function computeTds(
  deductee: TdsDeductee,
  credit: TdsCredit,
  earlier: readonly EarlierTdsCredit[],
): TdsResult {
  checkBase(credit.base);
  const rate = tdsRate(deductee.section, deductee.pan, deductee.tds_194c6);
  const thresholds = tdsThresholdsOn(deductee.section, credit.date);
  const period = periodKey(thresholds, credit.date);
  let total = credit.base;
  // Untaxed credits since the last catch-up: a credit that carried covered those before it,
  // though they still read tds_amount 0 (the catch-up is on the carrying credit's row).
  let untaxed = 0;
  for (const e of earlier) {
    checkDate(e.date);
    if (periodKey(thresholds, e.date) !== period) continue;
    total += e.base;
    if ((e.carried ?? 0) > 0) untaxed = 0;
    if (e.tds_amount === 0 && e.rate !== 0) untaxed += e.base;
  }
  const overSingle = thresholds.single !== null && credit.base > thresholds.single;
  const overAggregate = total > thresholds.aggregate;
  if (rate === 0 || (!overSingle && !overAggregate)) return { rate, tds_amount: 0, carried: 0 };
  const own = percentOfPaise(credit.base, rate);
  // The credit that takes the period past the aggregate catches up what is untaxed; so does a
  // later one when that credit could not (its TDS was frozen: paid or deposited before).
  if (!overAggregate || untaxed === 0) return { rate, tds_amount: own, carried: 0 };
  const tdsAmount = percentOfPaise(credit.base + untaxed, rate);
  return { rate, tds_amount: tdsAmount, carried: tdsAmount - own };
}

export interface SequencedTdsCredit extends TdsCredit {
  id: string;
  /**
   * Its TDS is kept as is (already paid or deposited: the server decides which): it then needs
   * `tds_amount` (and `rate`, `carried` when known).
   */
  frozen?: boolean;
  tds_amount?: Paise;
  rate?: number;
  carried?: Paise;
}

export interface SequencedTdsResult extends TdsResult {
  id: string;
}

/**
 * The TDS of every credit of one deductee under one section, recomputed in date order (ties keep
 * the given order: pass them in creation order), for when a credit is added back-dated, edited
 * or deleted. A frozen credit keeps its figures and counts as given: a later credit catches it
 * up when it was left untaxed, but an over-deduction on it (the credits it caught up were later
 * cut or deleted) stays on it; settling that is the server's decision, not this function's.
 * Answers in date order.
 */
export function recomputeTds(
  deductee: TdsDeductee,
  credits: readonly SequencedTdsCredit[],
): SequencedTdsResult[] {
  const ordered = credits
    .map((credit, index) => ({ credit, index }))
    .sort((a, b) =>
      a.credit.date < b.credit.date ? -1 : a.credit.date > b.credit.date ? 1 : a.index - b.index,
    )
    .map(({ credit }) => credit);
  const earlier: EarlierTdsCredit[] = [];
  const results: SequencedTdsResult[] = [];
  for (const credit of ordered) {
    let result: TdsResult;
    if (credit.frozen) {
      if (credit.tds_amount === undefined) {
        throw new RangeError(`Frozen credit ${credit.id} needs its tds_amount`);
      }
      result = {
        rate: credit.rate ?? tdsRate(deductee.section, deductee.pan, deductee.tds_194c6),
        tds_amount: credit.tds_amount,
        carried: credit.carried ?? 0,
      };
    } else {
      result = computeTds(deductee, credit, earlier);
    }
    earlier.push({ date: credit.date, base: credit.base, ...result });
    results.push({ id: credit.id, ...result });
  }
  return results;
}
