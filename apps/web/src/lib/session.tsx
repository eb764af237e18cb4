import { isRole, type Role, type User } from '@siteledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  api,
  getAuthToken,
  isApiError,
  NETWORK_ERROR,
  onUnauthorized,
  setAuthToken,
} from './api-client';
import { readJson, readStorage, STORAGE_KEYS, writeJson, writeStorage } from './storage';

/**
 * The signed-in user, their token and the site they work in. Token and user live in
 * `siteledger.auth`; the current site id and role in `siteledger.currentSite` / `siteledger.role`.
 * All of it is cleared on logout and whenever the server says the session is over (401).
 */
export interface StoredAuth {
  token: string;
  user: User;
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

function isStoredAuth(value: unknown): value is StoredAuth {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const user = record.user as Record<string, unknown> | null | undefined;
  return (
    typeof record.token === 'string' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string'
  );
}

function readStoredRole(): Role | null {
  const stored = readStorage(STORAGE_KEYS.role);
  return isRole(stored) ? stored : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [auth, setAuth] = useState<StoredAuth | null>(() => {
    const stored = readJson(STORAGE_KEYS.auth, isStoredAuth);
    setAuthToken(stored?.token ?? null);
    return stored;
  });
  // The token present when the app started; confirmed once with GET /api/me.
  const [initialToken] = useState(() => auth?.token ?? null);
  const [checked, setChecked] = useState(initialToken === null);
  const [siteId, setSiteId] = useState<string | null>(() => readStorage(STORAGE_KEYS.currentSite));
  const [role, setRole] = useState<Role | null>(readStoredRole);

  const clearLocal = useCallback(() => {
    writeStorage(STORAGE_KEYS.auth, null);
    writeStorage(STORAGE_KEYS.currentSite, null);
    writeStorage(STORAGE_KEYS.role, null);
    setAuthToken(null);
    setAuth(null);
    setSiteId(null);
    setRole(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    onUnauthorized(() => {
      clearLocal();
      void navigate('/login', { replace: true });
    });
  }, [clearLocal, navigate]);

  // On start with a stored token: confirm it with GET /api/me before showing anything private.
  useEffect(() => {
    const token = initialToken;
    if (!token) return;
    let cancelled = false;
    api
      .get<User>('/api/me')
      .then((user) => {
        if (cancelled || getAuthToken() !== token) return;
        const next = { token, user };
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
  }, [initialToken]);

  const signIn = useCallback(
    (next: StoredAuth) => {
      queryClient.clear();
      writeJson(STORAGE_KEYS.auth, next);
      setAuthToken(next.token);
      setAuth(next);
      setChecked(true);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (getAuthToken()) {
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
