/**
 * This page's id, sent as `X-Client-Id` with every write. The server names it in the live-update
 * event of that write, so this tab can skip the echo of its own change: the write's own
 * invalidation (lib/write-effects.ts) refreshed the same queries already. Made per page load, not
 * kept in sessionStorage: a duplicated tab copies sessionStorage and would then skip the other
 * tab's changes as if they were its own.
 */
function newClientId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const CLIENT_ID = newClientId();
export const CLIENT_ID_HEADER = 'X-Client-Id';
