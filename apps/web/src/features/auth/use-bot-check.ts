import type { TurnstileInstance } from '@marsidev/react-turnstile';
import { useCallback, useRef, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';

/** State for the optional bot check of login and register. */
export function useBotCheck() {
  const config = useAppConfig();
  const siteKey = config.data?.turnstile_site_key ?? null;
  const widget = useRef<TurnstileInstance | undefined>(undefined);
  const [token, setToken] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const onToken = useCallback((next: string | null) => {
    setToken(next);
    if (next) setMissing(false);
  }, []);

  /** True when the form may be sent; otherwise flags the widget as required. */
  const ready = useCallback(() => {
    if (!siteKey || token) return true;
    setMissing(true);
    return false;
  }, [siteKey, token]);

  /** A token is single-use: after every attempt the widget issues a fresh one. */
  const reset = useCallback(() => {
    setToken(null);
    widget.current?.reset();
  }, []);

  return {
    siteKey,
    loading: config.isPending,
    token: token ?? undefined,
    missing,
    widget,
    onToken,
    ready,
    reset,
  };
}
