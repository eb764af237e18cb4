/**
 * `useLiveUpdates()` — mounted once in the main layout. Keeps the current site's event stream open
 * while signed in (reconnecting when the token or the site changes, closing on sign-out), refreshes
 * the cached queries each change touches so open lists update, and announces what other people
 * record: an in-app toast always, a notification too when they are switched on.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, hasSession } from './api-client';
import { CLIENT_ID } from './client-id';
import { currentLanguage } from './i18n';
import {
  collectionsToRefresh,
  concernsViewer,
  connectLiveUpdates,
  materialRequestNotice,
  type RecordEvent,
  type RequestSnapshot,
} from './live-updates';
import {
  isLowStockEvent,
  lowStockNotice,
  transferIncomingNotice,
  transferReceivedNotice,
} from './live-updates-stock';
import { notificationsEnabled, showNotification } from './notifications';
import { queryKeys } from './query-keys';
import { useSession } from './session';
import { refreshSubscription } from './subscription-api';
import { changesPlanState, refreshSiteCollections } from './write-effects';
import { toast } from './toast-store';

/** Spec part 1: the notification titles, for creates by someone else. */
export const NOTIFY_ON_CREATE: Readonly<Record<string, string>> = {
  deliveries: 'live.notify.deliveries',
  payments: 'live.notify.payments',
  quotations: 'live.notify.quotations',
  service_bookings: 'live.notify.service_bookings',
  // Site stock (issue 25).
  stock_consumptions: 'live.notify.stock_consumptions',
  stock_transfers: 'live.notify.stock_transfers',
  stock_adjustments: 'live.notify.stock_adjustments',
};

/** Whether an event reports a write this very tab made (it sent its X-Client-Id). */
export function isOwnEcho(event: RecordEvent): boolean {
  return event.client === CLIENT_ID;
}

/** Events often come in bursts (a batch of delivery lines): refresh once per burst. */
const BATCH_MS = 100;

export function refreshCollections(
  queryClient: QueryClient,
  siteId: string,
  collections: Iterable<string>,
  planChanged: boolean,
): Promise<unknown> {
  const jobs = [refreshSiteCollections(queryClient, siteId, collections)];
  if (planChanged) jobs.push(refreshSubscription(queryClient));
  return Promise.all(jobs);
}

/** Shows a notice: an in-app toast always, a system notification too when switched on. */
function notify(t: TFunction, title: string, body: string, tag: string): void {
  toast.info(t('live.notify.toast', { title, site: body }));
  if (notificationsEnabled()) void showNotification(title, { body, tag });
}

/** The material request as it reads now (who asked, its status), or null when unreadable. */
function readRequest(siteId: string, id: string): Promise<RequestSnapshot | null> {
  return api
    .get<RequestSnapshot>(
      `/api/sites/${encodeURIComponent(siteId)}/material_requests/${encodeURIComponent(id)}`,
    )
    .catch(() => null);
}

/** An item's name for the low-stock notice, or null when unreadable. */
function readItemName(siteId: string, id: string): Promise<string | null> {
  return api
    .get<{ name?: unknown }>(
      `/api/sites/${encodeURIComponent(siteId)}/items/${encodeURIComponent(id)}`,
    )
    .then((item) => (typeof item.name === 'string' ? item.name : null))
    .catch(() => null);
}

function siteName(queryClient: QueryClient, siteId: string): string | null {
  const sites: unknown = queryClient.getQueryData(queryKeys.sites);
  if (!Array.isArray(sites)) return null;
  const site: unknown = sites.find(
    (entry: unknown) =>
      typeof entry === 'object' && entry !== null && (entry as { id?: unknown }).id === siteId,
  );
  const name = (site as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : null;
}

export function useLiveUpdates(): void {
  const { status, siteId, user, role } = useSession();
  const userId = user?.id ?? null;
  const signedIn = status === 'signed-in';
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const announce = useRef<(event: RecordEvent) => void>(() => undefined);

  useEffect(() => {
    announce.current = (event) => {
      const viewer = { id: userId ?? '', owner: role === 'owner' };
      if (siteId && userId && event.id && concernsViewer(event, viewer)) {
        const body = siteName(queryClient, siteId) ?? t('live.notify.fallbackBody');
        const tag = `siteledger-material_requests-${event.id}-${event.step ?? event.action}`;
        void readRequest(siteId, event.id).then((request) => {
          const key = materialRequestNotice(event, viewer, request);
          if (key) notify(t, t(key), body, tag);
        });
        return;
      }
      if (siteId && event.id && isLowStockEvent(event)) {
        const body = siteName(queryClient, siteId) ?? t('live.notify.fallbackBody');
        void readItemName(siteId, event.id).then((name) => {
          const notice = lowStockNotice(name);
          notify(t, t(notice.key, { name: notice.name }), body, `siteledger-low-stock-${event.id}`);
        });
        return;
      }
      const incomingKey = transferIncomingNotice(event, userId);
      if (siteId && incomingKey) {
        const body = siteName(queryClient, siteId) ?? t('live.notify.fallbackBody');
        notify(t, t(incomingKey), body, `siteledger-stock_transfers-${event.id}-incoming`);
        return;
      }
      const receivedKey = transferReceivedNotice(event, userId);
      if (siteId && receivedKey) {
        const body = siteName(queryClient, siteId) ?? t('live.notify.fallbackBody');
        notify(t, t(receivedKey), body, `siteledger-stock_transfers-${event.id}-receive`);
        return;
      }
      const titleKey = NOTIFY_ON_CREATE[event.collection];
      if (event.action !== 'create' || !titleKey || !siteId) return;
      if (!event.user || event.user === userId) return;
      const body = siteName(queryClient, siteId) ?? t('live.notify.fallbackBody');
      notify(t, t(titleKey), body, `siteledger-${event.collection}-${event.id ?? Date.now()}`);
    };
  });

  useEffect(() => {
    if (!signedIn || !siteId || !userId) return undefined;
    const pending = new Set<string>();
    let planChanged = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const collections = [...pending];
      pending.clear();
      void refreshCollections(queryClient, siteId, collections, planChanged);
      planChanged = false;
    };
    const stop = connectLiveUpdates({
      siteId,
      signedIn: hasSession,
      language: currentLanguage,
      onRecord: (event) => {
        // This tab's own write: its answer refreshed the same queries (lib/write-effects.ts).
        if (isOwnEcho(event)) return;
        for (const collection of collectionsToRefresh(event.collection, event.changed))
          pending.add(collection);
        planChanged ||=
          changesPlanState(event.collection, event.action) ||
          (event.changed?.includes('subscription') ?? false);
        timer ??= setTimeout(flush, BATCH_MS);
        announce.current(event);
      },
      onReady: (again) => {
        // Back after a drop: whatever changed meanwhile never arrived as an event.
        if (again) void queryClient.invalidateQueries({ queryKey: queryKeys.site(siteId) });
      },
      onRefused: (refusal) => {
        // A 401 here means the session ended: let the API client's handler sign out.
        if (refusal === 401) void api.get('/api/me').catch(() => undefined);
      },
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [signedIn, siteId, userId, queryClient]);
}
