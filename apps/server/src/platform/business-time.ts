/**
 * The business day and month in the server's TIMEZONE (API.md: "today", "current month" and plan
 * limits are reckoned there, default Asia/Kolkata).
 */

// Building an Intl.DateTimeFormat costs far more than using one (a tenth of a millisecond, several
// times per create request before they were kept): one of each per zone is kept for the process.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function kept(
  formats: Map<string, Intl.DateTimeFormat>,
  timezone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) formats.set(timezone, (format = make()));
  return format;
}

/** Today's date (YYYY-MM-DD) in `timezone`. */
export function businessToday(timezone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return kept(
    dayFormats,
    timezone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  ).format(now);
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(timezone: string, instant: number): number {
  const parts = kept(
    clockFormats,
    timezone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight starting the given calendar day in `timezone`. */
function zonedMidnight(timezone: string, year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMs(timezone, guess);
  // A DST change between the guess and the answer shifts the offset once more.
  return guess - zoneOffsetMs(timezone, first);
}

/**
 * The calendar month containing `now` in `timezone`, as ISO instants: its first moment and its
 * last millisecond (spec: "start to last day 23:59:59.999").
 */
export function businessMonth(timezone: string, now: Date = new Date()) {
  const today = businessToday(timezone, now);
  const key = `${timezone}|${today.slice(0, 7)}`;
  let month = months.get(key);
  if (!month) {
    month = monthBounds(timezone, today);
    // Only the current month (and, in tests, a few others) is ever asked for.
    if (months.size > 100) months.clear();
    months.set(key, month);
  }
  return month;
}

const months = new Map<string, { start: string; end: string }>();

function monthBounds(timezone: string, today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = zonedMidnight(timezone, year, month, 1);
  const next =
    month === 12
      ? zonedMidnight(timezone, year + 1, 1, 1)
      : zonedMidnight(timezone, year, month + 1, 1);
  return { start: new Date(start).toISOString(), end: new Date(next - 1).toISOString() };
}

/** A business date n days on (calendar arithmetic in UTC: dates carry no time). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
