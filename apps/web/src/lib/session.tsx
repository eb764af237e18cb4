import { isRole, type Role, type SessionTimes, type User } from '@siteledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  api,
  hasSession,
  isApiError,
  NETWORK_ERROR,
  onUnauthorized,
  setSignedIn,
} from './api-client';
import { forgetQueryCache } from './query-persist';
import { oneTabAtATime, REFRESH_CHECK_MS, refreshDue } from './session-refresh';
import { readJson, readStorage, STORAGE_KEYS, writeJson, writeStorage } from './storage';
import { objectOf } from './object-of';

/**
 * The signed-in user and the site they work in. The session itself is an HttpOnly cookie no
 * script can read; `siteledger.auth` keeps only the user and the session's times (when to
 * refresh), the current site id and role `siteledger.currentSite` / `siteledger.role`. All of it
 * is cleared on logout and whenever the server says the session is over (401).
 */
export interface StoredAuth {
  user: User;
  session?: SessionTimes | undefined;
}

/** What earlier versions kept: the bearer token itself, moved into a cookie at the next start. */
interface LegacyAuth extends StoredAuth {
  token?: string;
}

interface SignedInAnswer {
  user: User;
  session: SessionTimes;
}

export type SessionStatus = 'signed-out' | 'checking' | 'signed-in';

interface SessionContextValue {
  status: SessionStatus;
  user: User | null;
  siteId: string | null;
  role: Role | null;
  signIn: (auth: StoredAuth) => void;
  signOut: () => Promise<void>;
  setUser: (user: User) => void;
  selectSite: (siteId: string, role: Role | null) => void;
  clearSite: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function isStoredAuth(value: unknown): value is LegacyAuth {
  const user = objectOf(objectOf(value)?.user);
  return typeof user?.id === 'string';
}

function readStoredAuth(): LegacyAuth | null {
  return readJson(STORAGE_KEYS.auth, isStoredAuth);
}

/**
 * POST /api/auth/refresh: a new token in the cookie. With `legacyToken`, the stored bearer token
 * of an earlier version is exchanged for a cookie session (and stops working).
 */
function refreshOnServer(legacyToken?: string): Promise<SignedInAnswer> {
  return api.post<SignedInAnswer>('/api/auth/refresh', undefined, {
    ...(legacyToken ? { headers: { Authorization: `Bearer ${legacyToken}` } } : {}),
  });
}

function readStoredRole(): Role | null {
  const stored = readStorage(STORAGE_KEYS.role);
  return isRole(stored) ? stored : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [auth, setAuth] = useState<StoredAuth | null>(() => {
    const stored = readStoredAuth();
    setSignedIn(stored !== null);
    return stored;
  });
  // What was remembered when the app started; confirmed once with the server.
  const [initial] = useState(() => auth as LegacyAuth | null);
  const [checked, setChecked] = useState(initial === null);
  const [siteId, setSiteId] = useState<string | null>(() => readStorage(STORAGE_KEYS.currentSite));
  const [role, setRole] = useState<Role | null>(readStoredRole);

  const clearLocal = useCallback(() => {
    writeStorage(STORAGE_KEYS.auth, null);
    writeStorage(STORAGE_KEYS.currentSite, null);
    writeStorage(STORAGE_KEYS.role, null);
    setSignedIn(false);
    setAuth(null);
    setSiteId(null);
    setRole(null);
    queryClient.clear();
    // The last-read data stays on the device only while its person is signed in.
    void forgetQueryCache();
  }, [queryClient]);

  useEffect(() => {
    onUnauthorized(() => {
      clearLocal();
      void navigate('/login', { replace: true });
    });
  }, [clearLocal, navigate]);

  // On start with a remembered user: confirm the session before showing anything private. A
  // bearer token an earlier version stored is exchanged for a cookie session and forgotten.
  useEffect(() => {
    if (!initial) return;
    let cancelled = false;
    const confirm: Promise<StoredAuth> = initial.token
      ? refreshOnServer(initial.token)
      : api.get<User>('/api/me').then((user) => ({ user, session: initial.session }));
    confirm
      .then((next) => {
        if (cancelled || !hasSession()) return;
        writeJson(STORAGE_KEYS.auth, next);
        setAuth(next);
      })
      .catch((error: unknown) => {
        // 401 already cleared the session; offline keeps the remembered user.
        if (isApiError(error) && error.code === NETWORK_ERROR) return;
        if (isApiError(error) && error.status === 401) return;
        console.warn('[session] Could not confirm the session', error);
      })
      .finally(() => {
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [initial]);

  const signedIn = auth !== null && checked;
  // While the app is open: refresh the session's token once a day, one tab at a time.
  useEffect(() => {
    if (!signedIn) return undefined;
    const check = () => {
      void oneTabAtATime('siteledger.session-refresh', async () => {
        // Another tab may have refreshed while this one waited for the lock.
        const stored = readStoredAuth();
        if (!stored || !hasSession() || !refreshDue(stored.session)) return;
        try {
          const next = await refreshOnServer();
          if (!hasSession()) return;
          writeJson(STORAGE_KEYS.auth, next);
          setAuth(next);
        } catch (error) {
          // Offline, or another tab's refresh won (409): try again at the next check.
          if (isApiError(error) && error.status !== 401) return;
          if (!isApiError(error)) console.warn('[session] Refresh failed', error);
        }
      });
    };
    check();
    const timer = setInterval(check, REFRESH_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);

  // Signing out in one tab signs out the others (they share the cookie, which is gone).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.auth || event.newValue !== null || !hasSession()) return;
      clearLocal();
      void navigate('/login', { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clearLocal, navigate]);

  const signIn = useCallback(
    (answer: StoredAuth) => {
      queryClient.clear();
      // Only the user and the session's times: the token is in the HttpOnly cookie.
      const next: StoredAuth = { user: answer.user, session: answer.session };
      writeJson(STORAGE_KEYS.auth, next);
      setSignedIn(true);
      setAuth(next);
      setChecked(true);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (hasSession()) {
      await api.post('/api/auth/logout').catch(() => undefined);
    }
    clearLocal();
    void navigate('/login', { replace: true });
  }, [clearLocal, navigate]);

  const setUser = useCallback((user: User) => {
    setAuth((current) => {
      if (!current) return current;
      const next = { ...current, user };
      writeJson(STORAGE_KEYS.auth, next);
      return next;
    });
  }, []);

  const selectSite = useCallback((id: string, nextRole: Role | null) => {
    writeStorage(STORAGE_KEYS.currentSite, id);
    writeStorage(STORAGE_KEYS.role, nextRole);
    setSiteId(id);
    setRole(nextRole);
  }, []);

  const clearSite = useCallback(() => {
    writeStorage(STORAGE_KEYS.currentSite, null);
    writeStorage(STORAGE_KEYS.role, null);
    setSiteId(null);
    setRole(null);
  }, []);

  const status: SessionStatus = !auth ? 'signed-out' : checked ? 'signed-in' : 'checking';

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user: auth?.user ?? null,
      siteId: auth ? siteId : null,
      role: auth ? role : null,
      signIn,
      signOut,
      setUser,
      selectSite,
      clearSite,
    }),
    [status, auth, siteId, role, signIn, signOut, setUser, selectSite, clearSite],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside SessionProvider');
  return context;
}
