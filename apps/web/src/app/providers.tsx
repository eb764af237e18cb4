import {
  onlineManager,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type Query,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toast-context';
import { isApiError } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { isOnline } from '../lib/online-status';
import { SessionProvider } from '../lib/session';
import { keepSubscriptionFresh } from '../lib/subscription-api';
import { ThemeProvider } from '../lib/theme';
import { keepWritesFresh } from '../lib/write-effects';

/**
 * A 404 means the record is gone (deleted here, on another device, or by someone else): what the
 * cache still holds for it (possibly restored from the saved data, lib/query-persist.ts) must not
 * be shown over the error, so the page says "not found" instead of the stale record.
 */
export function dropDataOfMissing(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (!isApiError(error) || error.status !== 404 || query.state.data === undefined) return;
  query.setState({ data: undefined, dataUpdatedAt: 0 });
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: dropDataOfMissing }),
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not heal by retrying; network and server faults may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client: main.tsx fills it with the saved data before the first render. */
export const appQueryClient = createQueryClient();
// TanStack Query assumes "online" until an `offline` event; opened offline, it must know at once
// (queries then wait with what was saved instead of failing over it).
onlineManager.setOnline(isOnline());

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => appQueryClient);
  // Usage counts and the read-only state follow every write (lib/subscription-api.ts).
  useEffect(() => keepSubscriptionFresh(queryClient), [queryClient]);
  // What each write's answer says it changed (issue 41, lib/write-effects.ts).
  useEffect(() => keepWritesFresh(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ToastProvider>
              <SessionProvider>{children}</SessionProvider>
            </ToastProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
