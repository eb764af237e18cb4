import type { Paise } from './money.js';

/**
 * Labour (API.md "Labour"): attendance fractions, overtime and the wage sheet's figures. Quantities
 * are thousandths (a day's fraction, man-days, hours), money is paise, the OT multiplier is
 * hundredths (2× = 200). Every amount is rounded to the paisa once, half away from zero (amounts
 * here are never negative, so half up).
 */

/** A day's fractions a mark may take: absent, ¼, ½, ¾, full. */
export const ATTENDANCE_FRACTIONS = [0, 0.25, 0.5, 0.75, 1] as const;
/** Overtime in quarter hours, at most 12 hours a day. */
export const OT_STEP_MILLI = 250;
export const MAX_OT_MILLI = 12_000;
/** BOCW Act § 29: overtime at twice the ordinary rate of wages. */
export const DEFAULT_OT_MULTIPLIER = 2;
export const DEFAULT_NORMAL_HOURS = 8;
/** A person's fractions over all sites on one date (thousandths of a day). */
export const ONE_DAY_MILLI = 1000;
/** The longest period a wage sheet may cover (a quarter: sheets are weekly, fortnightly, monthly). */
export const MAX_WAGE_SHEET_DAYS = 93;

/** n ÷ d rounded half away from zero, exactly (BigInt: OT products can pass 2^53). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divRound: the divisor must be positive');
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** One worker's attendance in a sheet's period, with what is needed to pay it. */
export interface WageRowInput {
  readonly worker: string;
  readonly daily_wage: Paise;
  /** Thousandths of an hour (8 h = 8000). */
  readonly normal_hours_milli: number;
  /** Σ fraction (× headcount for a gang), thousandths. */
  readonly man_days_milli: number;
  /** Σ overtime hours (× headcount for a gang), thousandths. */
  readonly ot_milli: number;
  /** Advances given and not yet deducted by another sheet. */
  readonly advances_open: Paise;
}

export interface WageRowFigures {
  readonly worker: string;
  readonly man_days_milli: number;
  readonly ot_milli: number;
  readonly wages: Paise;
  readonly ot_amount: Paise;
  readonly gross: Paise;
  /** What this sheet deducts: the open advances, never more than the gross (net ≥ 0). */
  readonly advances: Paise;
  readonly net: Paise;
}

export interface WageSheetFigures {
  readonly rows: WageRowFigures[];
  readonly totals: Omit<WageRowFigures, 'worker'>;
}

/** man-days × daily wage, to the paisa. */
export function wagesFor(manDaysMilli: number, dailyWage: Paise): Paise {
  return Number(divRound(BigInt(manDaysMilli) * BigInt(dailyWage), 1000n));
}

/** OT hours × daily wage ÷ normal hours × multiplier, to the paisa. */
export function overtimeFor(
  otMilli: number,
  dailyWage: Paise,
  normalHoursMilli: number,
  multiplierHundredths: number,
): Paise {
  if (otMilli === 0) return 0;
  return Number(
    divRound(
      BigInt(otMilli) * BigInt(dailyWage) * BigInt(multiplierHundredths),
      BigInt(normalHoursMilli) * 100n,
    ),
  );
}

/** A wage sheet's rows and totals; the totals are the sums of the rows (the integrity check's rule). */
export function computeWageSheet(
  rows: readonly WageRowInput[],
  multiplierHundredths: number,
): WageSheetFigures {
  const figures = rows.map((row): WageRowFigures => {
    const wages = wagesFor(row.man_days_milli, row.daily_wage);
    const ot_amount = overtimeFor(
      row.ot_milli,
      row.daily_wage,
      row.normal_hours_milli,
      multiplierHundredths,
    );
    const gross = wages + ot_amount;
    const advances = Math.min(Math.max(0, row.advances_open), gross);
    return {
      worker: row.worker,
      man_days_milli: row.man_days_milli,
      ot_milli: row.ot_milli,
      wages,
      ot_amount,
      gross,
      advances,
      net: gross - advances,
    };
  });
  const sum = (key: keyof Omit<WageRowFigures, 'worker'>) =>
    figures.reduce((total, row) => total + row[key], 0);
  return {
    rows: figures,
    totals: {
      man_days_milli: sum('man_days_milli'),
      ot_milli: sum('ot_milli'),
      wages: sum('wages'),
      ot_amount: sum('ot_amount'),
      gross: sum('gross'),
      advances: sum('advances'),
      net: sum('net'),
    },
  };
}

/** Days from `from` to `to`, both counted (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}
