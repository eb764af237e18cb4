import { describe, expect, it } from 'vitest';
import { REFRESH_AFTER_MS, refreshDue } from './session-refresh';

const DAY = 86_400_000;
const times = (issuedAgoMs: number, leftMs: number, now: number) => ({
  id: 's',
  token_issued_at: new Date(now - issuedAgoMs).toISOString(),
  expires_at: new Date(now + leftMs).toISOString(),
  absolute_expires_at: new Date(now + 80 * DAY).toISOString(),
});

describe('when the app refreshes its session', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('refreshes a token older than a day, or one it knows nothing about', () => {
    expect(refreshDue(times(REFRESH_AFTER_MS, 13 * DAY, now), now)).toBe(true);
    expect(refreshDue(null, now)).toBe(true);
  });

  it('leaves a fresh token alone', () => {
    expect(refreshDue(times(5 * 60_000, 14 * DAY, now), now)).toBe(false);
  });

  it('tries hourly in the last day before the session ends, not on every check', () => {
    expect(refreshDue(times(2 * 3_600_000, 6 * 3_600_000, now), now)).toBe(true);
    expect(refreshDue(times(10 * 60_000, 6 * 3_600_000, now), now)).toBe(false);
  });
});
