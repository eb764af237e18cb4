/**
 * Where to go after signing in or registering (`?next=`, e.g. the invitation link of a mail).
 * Only a path of this app is followed: it starts with one `/` (not `//host` or `/\host`, which
 * browsers read as another site) and has no scheme or control characters; anything else is ignored,
 * so a crafted link cannot send someone to another site after they sign in.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = 'https://siteledger.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `path` with `?next=` (or `&next=`) when there is a safe next path to carry on. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(safe)}`;
}

/** The safe `next` of a location's query string, if any. */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
