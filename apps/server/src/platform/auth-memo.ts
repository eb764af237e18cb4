import type { EventBus } from './events.js';
import type { SiteChanges } from './site-changes.js';

/** The change channel of sign-in state: sessions, people, memberships, sites' rules. */
export const AUTH_CHANNEL = '*auth*';
/** A kept answer is read again after this long whatever happens (a tool writing outside the server). */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  version: string;
  until: number;
  value: object;
}

/**
 * Who is signed in with a token and what role they hold on a site, kept between requests until
 * sign-in state may have changed (issue 22: the session and role lookups were two of a list
 * request's five statements). Any write that is not a site's record — sign-in, sign-out,
 * sessions, password, two-step, profile, sites, members, invitations — moves the version
 * (`changed()`, from the onSend hook in access.ts, before its answer is sent), on this instance at
 * once and on the others through the event bus; while the bus cannot hear the other instances
 * (`epoch()` null) nothing is kept. Only found answers are kept, never longer than the session's
 * own expiry or MAX_AGE_MS. `SITE_READ_CACHE=off` turns it off.
 */
export interface AuthMemo {
  get<T extends object>(
    key: string,
    compute: () => Promise<T | undefined>,
    expires?: (value: T) => number,
  ): Promise<T | undefined>;
  changed(): void;
}

export function createAuthMemo(
  changes: SiteChanges,
  bus: EventBus,
  options: { enabled: boolean },
): AuthMemo {
  const entries = new Map<string, Entry>();
  return {
    async get<T extends object>(
      key: string,
      compute: () => Promise<T | undefined>,
      expires?: (value: T) => number,
    ) {
      const version = options.enabled ? changes.version(AUTH_CHANNEL) : null;
      if (version === null) return compute();
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.version === version && now < entry.until) return entry.value as T;
      const value = await compute();
      // A change that landed while it was read keeps the answer out.
      if (value && changes.version(AUTH_CHANNEL) === version) {
        entries.set(key, {
          version,
          until: Math.min(now + MAX_AGE_MS, expires ? expires(value) : Infinity),
          value,
        });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    changed() {
      entries.clear();
      // Here at once (the shared bus may deliver its own copy only after a round trip).
      changes.changed(AUTH_CHANNEL);
      bus.publish(AUTH_CHANNEL, { collection: 'auth', action: 'update', id: null, user: null });
    },
  };
}
