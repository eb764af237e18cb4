import { z } from 'zod';
import type { Paise } from './money.js';

/**
 * GST building blocks (API.md "GST"): state codes, GSTIN checks, rates, HSN/SAC codes and the
 * CGST/SGST/IGST split of a line. Pure functions; the server and the web app share them.
 */

/**
 * GST state and union-territory codes as they open a GSTIN (the GST portal's list). Old codes stay
 * because books span years: 25 (Daman and Diu, merged into 26 in 2020) and 28 (Andhra Pradesh
 * before its 2014 division; registrations there use 37).
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
} as const satisfies Record<string, string>;

export type GstStateCode = keyof typeof GST_STATES;

export function isStateCode(code: unknown): code is GstStateCode {
  return typeof code === 'string' && Object.hasOwn(GST_STATES, code);
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * State code (2 digits), PAN (5 letters, 4 digits, 1 letter), entity number (1–9, A–Z), a
 * character that is 'Z' by default but may be any alphanumeric, and the check character.
 */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;

/**
 * The check character of a GSTIN from its first 14 characters (the GSTN's mod-36 Luhn scheme):
 * each character's value (0–9, A–Z → 0–35) times a factor alternating 1, 2 from the first one;
 * each product counts as ⌊p / 36⌋ + p mod 36; the check is (36 − sum mod 36) mod 36.
 * Throws on input that is not 14 characters of 0–9 / A–Z (upper case).
 */
export function gstinCheckChar(first14: string): string {
  if (first14.length !== 14) throw new RangeError('gstinCheckChar needs 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_CHARS.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError('gstinCheckChar: not a GSTIN character');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = 'format' | 'state' | 'check_digit';

export type GstinParse =
  | { ok: true; gstin: string; stateCode: GstStateCode; pan: string }
  | { ok: false; problem: GstinProblem };

/** Checks a GSTIN as typed (trimmed, any case): its shape, then its state code, then its check. */
export function parseGstin(value: string): GstinParse {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN_SHAPE.test(gstin)) return { ok: false, problem: 'format' };
  const stateCode = gstin.slice(0, 2);
  if (!isStateCode(stateCode)) return { ok: false, problem: 'state' };
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, problem: 'check_digit' };
  }
  return { ok: true, gstin, stateCode, pan: gstin.slice(2, 12) };
}

/** GST rates in percent, old and current (books span years; 40 % since September 2025). */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

export type GstRate = (typeof GST_RATES)[number];

const GST_RATE_SET: ReadonlySet<number> = new Set(GST_RATES);

export function isGstRate(n: unknown): n is GstRate {
  return typeof n === 'number' && GST_RATE_SET.has(n);
}

/** HSN code of goods: 4, 6 or 8 digits. */
export function isHsnCode(code: unknown): code is string {
  return typeof code === 'string' && /^(?:\d{4}|\d{6}|\d{8})$/.test(code);
}

/** SAC code of services: 6 digits starting with 99 (chapter 99 of the tariff). */
export function isSacCode(code: unknown): code is string {
  return typeof code === 'string' && /^99\d{4}$/.test(code);
}

export interface GstSplit {
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** n ÷ d rounded half away from zero, exactly; d > 0. */
function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = n < 0n ? -n : n;
  const rounded = (2n * magnitude + d) / (2n * d);
  return n < 0n ? -rounded : rounded;
}

/**
 * The tax on one line (API.md "GST", split per line): within a state CGST = SGST =
 * taxable × rate ÷ 2 ÷ 100, across states IGST = taxable × rate ÷ 100, each rounded to the paisa
 * half away from zero, so a return (negative taxable) mirrors its delivery. Exact: the rate is
 * taken as whole basis points and the product is a BigInt, so no float rounding at any size.
 * Throws on a non-integer taxable value or a rate outside 0–100 with more than 2 decimals.
 */
export function splitGst(taxablePaise: Paise, ratePercent: number, sameState: boolean): GstSplit {
  if (!Number.isSafeInteger(taxablePaise)) {
    throw new RangeError('splitGst: taxable value must be whole paise');
  }
  const basisPoints = Math.round(ratePercent * 100);
  // Tolerates float noise in a rate such as 0.1 × 3, but not a third decimal.
  if (
    !(ratePercent >= 0 && ratePercent <= 100) ||
    Math.abs(ratePercent * 100 - basisPoints) > 1e-6
  ) {
    throw new RangeError('splitGst: rate must be a percentage with at most 2 decimals');
  }
  // taxable × bp can pass 2^53 (₹1e11 at 18 % is 1.8e17): BigInt keeps every digit.
  const product = BigInt(taxablePaise) * BigInt(basisPoints);
  // BigInt has no -0, so a zero tax on a return comes back as a plain 0.
  if (sameState) {
    const half = Number(divideRounded(product, 20_000n));
    return { cgst: half, sgst: half, igst: 0 };
  }
  return { cgst: 0, sgst: 0, igst: Number(divideRounded(product, 10_000n)) };
}

/* The GSTIN schema is `zGstin` in schemas/vendors.ts (shape, state code and check character). */

export const zGstRate = z
  .number()
  .refine(isGstRate, `GST rate must be one of ${GST_RATES.join(', ')}`);

export const zHsnCode = z.string().trim().refine(isHsnCode, 'HSN code must have 4, 6 or 8 digits');

export const zSacCode = z
  .string()
  .trim()
  .refine(isSacCode, 'SAC code must have 6 digits starting with 99');

export const zStateCode = z.string().trim().refine(isStateCode, 'Unknown GST state code');

/** Rates are stored in hundredths of a percent (18 % → 1800): 0.25 % and 7.5 % stay integers. */
export function rateToStored(percent: number): number {
  return Math.round(percent * 100);
}

export function rateFromStored(stored: number): number {
  return stored / 100;
}

/** A vendor's GST registration (API.md "GST"); composition and unregistered vendors charge none. */
export const REGISTRATION_TYPES = ['regular', 'composition', 'unregistered'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/**
 * A site's input tax: 'cost' (default; credit on building one's own property is blocked by
 * s.17(5)(d), so GST is part of the cost) or 'claim' (input tax credit is claimed).
 */
export const INPUT_TAX_MODES = ['cost', 'claim'] as const;
export type InputTaxMode = (typeof INPUT_TAX_MODES)[number];

/** The state code a GSTIN begins with (the GSTIN is assumed valid). */
export function gstinState(gstin: string): string {
  return gstin.slice(0, 2);
}
