/**
 * The service-booking time calculator (spec parts 2, 5, 9): hours between a start and an end time
 * of day, optionally ending on the next day, at most 24 hours.
 */

/** Longest duration the calculator accepts, in hours (spec part 9). */
export const MAX_CALCULATED_HOURS = 24;

/** Codes a web form maps to its i18n keys; the English text is the spec's. */
export const TIME_CALCULATOR_MESSAGES = {
  END_BEFORE_START: 'End time must be after start time',
  DURATION_TOO_LONG: 'Duration cannot exceed 24 hours',
  INVALID_TIME: 'Use the format HH:MM',
} as const;
export type TimeCalculatorErrorCode = keyof typeof TIME_CALCULATOR_MESSAGES;

export class TimeCalculatorError extends Error {
  constructor(readonly code: TimeCalculatorErrorCode) {
    super(TIME_CALCULATOR_MESSAGES[code]);
    this.name = 'TimeCalculatorError';
  }
}

/** 'HH:MM' (00:00..23:59) → minutes after midnight, or null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The error code for a start/end pair, or null when it is valid. */
export function checkTimeRange(
  start: string,
  end: string,
  endsNextDay: boolean,
): TimeCalculatorErrorCode | null {
  const from = parseTimeOfDay(start);
  const to = parseTimeOfDay(end);
  if (from === null || to === null) return 'INVALID_TIME';
  const minutes = to - from + (endsNextDay ? 24 * 60 : 0);
  if (minutes <= 0) return 'END_BEFORE_START';
  if (minutes > MAX_CALCULATED_HOURS * 60) return 'DURATION_TOO_LONG';
  return null;
}

/**
 * Hours from `start` to `end` ('HH:MM'), rounded to 2 decimals; `endsNextDay` adds a day to the
 * end. Throws TimeCalculatorError when the end is not after the start or the span passes 24 h.
 */
export function calculateHours(start: string, end: string, endsNextDay: boolean): number {
  const problem = checkTimeRange(start, end, endsNextDay);
  if (problem) throw new TimeCalculatorError(problem);
  // checkTimeRange has accepted both, so they parse.
  const minutes =
    (parseTimeOfDay(end) ?? 0) - (parseTimeOfDay(start) ?? 0) + (endsNextDay ? 1440 : 0);
  return Math.round((minutes / 60) * 100) / 100;
}
