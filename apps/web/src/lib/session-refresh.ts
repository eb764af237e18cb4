import type { SessionTimes } from '@siteledger/domain';

/**
 * Keeping a session alive while the app is used: the server's token stops working some days after
 * it was issued unless refreshed (README, "Sessions"), so an open app refreshes once a day. Tabs
 * share one cookie, so one tab refreshes at a time (Web Locks) and the others see its result.
 */
export const REFRESH_AFTER_MS = 24 * 3_600_000;
/** How often an open app checks whether its token is due. */
export const REFRESH_CHECK_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;

export function refreshDue(session: SessionTimes | null | undefined, now = Date.now()): boolean {
  if (!session) return true;
  const age = now - Date.parse(session.token_issued_at);
  const left = Date.parse(session.expires_at) - now;
  // Near the end (idle or absolute), try more often — but not on every check.
  return age >= REFRESH_AFTER_MS || (left < REFRESH_AFTER_MS && age >= HOUR_MS);
}

/** Runs `task` with no other tab running it at the same time (where the browser can tell). */
export async function oneTabAtATime(name: string, task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    await task();
    return;
  }
  await locks.request(name, task);
}
