/**
 * The browser's offer to install the app (spec part 1). Chromium fires `beforeinstallprompt` once,
 * often before React has mounted, so it is captured when this module loads and kept here until the
 * install card uses it. A dismissal lasts for the browser session (sessionStorage).
 *
 *   const install = useInstallPrompt();
 *   install.available && !install.dismissed → show the card; install.install() / install.dismiss()
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { STORAGE_PREFIX } from './storage';

/** Chromium's install event; not part of TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const INSTALL_DISMISSED_KEY = `${STORAGE_PREFIX}installPromptDismissed`;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferred(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  listeners.forEach((listener) => listener());
}

function isInstallEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

/** Keeps the install event (and stops the browser's own mini-infobar); forgets it once installed. */
export function captureInstallPrompt(target: EventTarget): () => void {
  const onPrompt = (event: Event) => {
    if (!isInstallEvent(event)) return;
    event.preventDefault();
    setDeferred(event);
  };
  const onInstalled = () => setDeferred(null);
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

if (typeof window !== 'undefined') captureInstallPrompt(window);

export function pendingInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferred;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the event can be used once, so it is dropped either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  setDeferred(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function isInstallDismissed(store: SessionStore | null = sessionStore()): boolean {
  try {
    return store?.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(store: SessionStore | null = sessionStore()): void {
  try {
    store?.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Storage unavailable: the card stays hidden until the page reloads.
  }
}

export interface InstallPromptState {
  available: boolean;
  dismissed: boolean;
  install: () => Promise<'accepted' | 'dismissed' | 'unavailable'>;
  dismiss: () => void;
}

export function useInstallPrompt(): InstallPromptState {
  const event = useSyncExternalStore(subscribe, pendingInstallPrompt, () => null);
  const [dismissed, setDismissed] = useState(() => isInstallDismissed());
  const dismiss = useCallback(() => {
    rememberInstallDismissed();
    setDismissed(true);
  }, []);
  return { available: event !== null, dismissed, install: promptInstall, dismiss };
}
