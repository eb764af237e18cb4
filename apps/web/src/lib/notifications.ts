/**
 * Browser or native notifications (spec parts 1, 7 and 9): a desktop wrapper's native command is
 * tried first when one is present (Tauri's `invoke`, an Electron bridge), else the service
 * worker's `showNotification`, else `new Notification(...)`. Each closes after 5 seconds.
 * Permission is asked only from a person's gesture (the user menu); the person can also mute them
 * here without revoking the browser permission (`siteledger.notifications` = off).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_PREFIX } from './storage';
import { toast } from './toast-store';
import { objectOf } from './object-of';

export const NOTIFICATION_CLOSE_MS = 5000;
const PREFERENCE_KEY = `${STORAGE_PREFIX}notifications`;
const ICON = '/favicon.svg';

type Callable = (...args: unknown[]) => unknown;

interface NativeBridge {
  notify(title: string, body: string): Promise<unknown>;
}

function fn(value: unknown): Callable | null {
  return typeof value === 'function' ? (value as Callable) : null;
}

function field(value: unknown, key: string): unknown {
  return objectOf(value)?.[key];
}

/** The desktop wrapper's notification command, when the app runs inside one. */
export function nativeBridge(win: unknown = globalThis.window): NativeBridge | null {
  const tauri = field(win, '__TAURI__');
  const invoke =
    fn(field(field(tauri, 'core'), 'invoke')) ??
    fn(field(tauri, 'invoke')) ??
    fn(field(field(tauri, 'tauri'), 'invoke'));
  if (invoke)
    return {
      notify: (title, body) => Promise.resolve(invoke('show_notification', { title, body })),
    };
  const electron = field(win, 'electron');
  const show = fn(field(electron, 'showNotification'));
  if (show) return { notify: (title, body) => Promise.resolve(show.call(electron, title, body)) };
  return null;
}

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  if (nativeBridge()) return 'granted';
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/** Asks the browser (call it from a click or key press). True when notifications may show. */
export async function requestNotificationPermission(): Promise<boolean> {
  if (nativeBridge()) return true;
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission !== 'default') return Notification.permission === 'granted';
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container?.controller) return null;
  try {
    const registration = await container.getRegistration();
    return registration?.active ? registration : null;
  } catch {
    return null;
  }
}

/** Shows one notification and closes it after 5 s. False when it could not be shown. */
export async function showNotification(
  title: string,
  { body, tag }: { body: string; tag: string },
): Promise<boolean> {
  const bridge = nativeBridge();
  if (bridge) {
    try {
      await bridge.notify(title, body);
      return true;
    } catch {
      // The wrapper said no: fall back to the web API below.
    }
  }
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const init: NotificationOptions = { body, tag, icon: ICON };
  const registration = await activeRegistration();
  if (registration) {
    try {
      await registration.showNotification(title, init);
      setTimeout(() => {
        void registration
          .getNotifications({ tag })
          .then((shown) => shown.forEach((notification) => notification.close()));
      }, NOTIFICATION_CLOSE_MS);
      return true;
    } catch {
      // Fall through to the page's own Notification.
    }
  }
  try {
    const notification = new Notification(title, init);
    setTimeout(() => notification.close(), NOTIFICATION_CLOSE_MS);
    return true;
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(PREFERENCE_KEY) === 'off';
  } catch {
    return false;
  }
}

function writeMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(PREFERENCE_KEY, 'off');
    else window.localStorage.removeItem(PREFERENCE_KEY);
  } catch {
    // Not remembered; the current state still applies in this tab.
  }
  listeners.forEach((listener) => listener());
}

/** on: permission granted and not muted · off: muted or not asked yet · blocked · unsupported. */
export type NotificationSetting = 'on' | 'off' | 'blocked' | 'unsupported';

export function notificationSetting(): NotificationSetting {
  const permission = notificationPermission();
  if (permission === 'unsupported') return 'unsupported';
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && !readMuted() ? 'on' : 'off';
}

/** Whether a change by someone else should pop up a notification right now. */
export const notificationsEnabled = (): boolean => notificationSetting() === 'on';

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PREFERENCE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', listener);
  };
}

/**
 * The user menu's switch. `toggle()` must run inside the click: turning on asks for permission,
 * and a refusal (or no support) shows "Notification permission not granted".
 */
export function useNotificationSetting() {
  const { t } = useTranslation();
  const setting = useSyncExternalStore(
    subscribe,
    notificationSetting,
    (): NotificationSetting => 'unsupported',
  );
  const toggle = useCallback(async () => {
    if (notificationSetting() === 'on') {
      writeMuted(true);
      toast.info(t('live.notifications.turnedOff'));
      return;
    }
    const granted = await requestNotificationPermission();
    if (!granted) {
      listeners.forEach((listener) => listener());
      toast.error(t('live.notifications.notGranted'));
      return;
    }
    writeMuted(false);
    toast.success(t('live.notifications.turnedOn'));
  }, [t]);
  return { setting, toggle };
}

/** i18n keys of the user menu's entry for each state. */
export const NOTIFICATION_MENU_TEXT: Record<NotificationSetting, { label: string; hint: string }> =
  {
    on: { label: 'live.notifications.turnOff', hint: 'live.notifications.hintOn' },
    off: { label: 'live.notifications.enable', hint: 'live.notifications.hintOff' },
    blocked: { label: 'live.notifications.blocked', hint: 'live.notifications.hintBlocked' },
    unsupported: { label: 'live.notifications.unsupported', hint: 'live.notifications.hintOff' },
  };
