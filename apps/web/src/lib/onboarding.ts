/**
 * Onboarding tour flags (spec parts 4 and 9), shared by the tour runner (features/onboarding),
 * the Profile page's "Tours" section and the user menu's "Help tour":
 *
 *   siteledger.onboarding.seen.<page>  'true' once that page's tour ended (completed, closed, skipped)
 *   siteledger.onboarding.disabled     'true' → no tour starts by itself (Help tour still plays one)
 *   siteledger.feature.*               feature flags, cleared with the onboarding keys by the debug reset
 *
 *   requestTour()            // Help tour: the current page's tour now (the dashboard's elsewhere)
 *   const settings = useOnboardingSettings()   // { disabled, seen } kept current
 */
import { useSyncExternalStore } from 'react';
import { pageName, RECORD_TYPES } from './record-types';
import { STORAGE_PREFIX } from './storage';

/**
 * Pages with a tour that are not a record type's list: their steps are in onboarding/tours.ts,
 * their texts under `onboarding.tours.<page>`.
 */
const OTHER_TOUR_PATHS: Readonly<Record<string, string>> = { tds: '/tds' };

/** The dashboard, every record type's list page (lib/record-types.ts) and the others have a tour. */
export const TOUR_PAGES: readonly string[] = [
  'dashboard',
  ...RECORD_TYPES.map(pageName),
  ...Object.keys(OTHER_TOUR_PATHS),
];
export type TourPage = string;

export const ONBOARDING_PREFIX = `${STORAGE_PREFIX}onboarding.`;
export const FEATURE_PREFIX = `${STORAGE_PREFIX}feature.`;
export const ONBOARDING_DISABLED_KEY = `${ONBOARDING_PREFIX}disabled`;
export const seenKey = (page: TourPage): string => `${ONBOARDING_PREFIX}seen.${page}`;

/** The list page each tour belongs to. */
const PAGE_PATHS: Readonly<Record<TourPage, string>> = {
  dashboard: '/',
  ...Object.fromEntries(RECORD_TYPES.map((type) => [pageName(type), type.path])),
  ...OTHER_TOUR_PATHS,
};

export function pathOfTour(page: TourPage): string {
  return PAGE_PATHS[page] ?? '/';
}

/** Detail pages (/items/abc) have no tour of their own. */
export function tourPageForPath(pathname: string): TourPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TOUR_PAGES.find((page) => PAGE_PATHS[page] === path) ?? null;
}

export function isTourPage(value: unknown): value is TourPage {
  return typeof value === 'string' && TOUR_PAGES.includes(value);
}

// localStorage can throw (private mode, disabled storage): then nothing is remembered.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Not remembered.
  }
}

const CHANGE_EVENT = 'siteledger:onboarding-change';

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

function keysWithPrefix(...prefixes: string[]): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
  }
  return keys;
}

export function isOnboardingDisabled(): boolean {
  return read(ONBOARDING_DISABLED_KEY) === 'true';
}

export function setOnboardingDisabled(disabled: boolean): void {
  write(ONBOARDING_DISABLED_KEY, disabled ? 'true' : null);
  notify();
}

export function isTourSeen(page: TourPage): boolean {
  return read(seenKey(page)) === 'true';
}

/** Called when a tour ends, however it ends (done, closed, skipped). */
export function markTourSeen(page: TourPage): void {
  write(seenKey(page), 'true');
  notify();
}

export function seenTours(): TourPage[] {
  return TOUR_PAGES.filter(isTourSeen);
}

/** Clears every seen flag: each page shows its tour again once. */
export function resetTours(): void {
  for (const page of TOUR_PAGES) write(seenKey(page), null);
  notify();
}

/** Debug reset: every onboarding and feature key goes (seen flags, the disable flag, feature flags). */
export function resetOnboarding(): string[] {
  const keys = keysWithPrefix(ONBOARDING_PREFIX, FEATURE_PREFIX);
  for (const key of keys) write(key, null);
  notify();
  return keys;
}

/** Window event asking the mounted tour runner to play a tour now. */
export const TOUR_REQUEST_EVENT = 'siteledger:tour';

export interface TourRequest {
  /** Without a page: the current page's tour, or the dashboard's away from a tour page. */
  page?: TourPage;
}

export function requestTour(page?: TourPage): void {
  window.dispatchEvent(
    new CustomEvent<TourRequest>(TOUR_REQUEST_EVENT, { detail: page ? { page } : {} }),
  );
}

export interface OnboardingSettings {
  disabled: boolean;
  seen: number;
}

let cached: OnboardingSettings = { disabled: false, seen: 0 };

function snapshot(): OnboardingSettings {
  const next = { disabled: isOnboardingDisabled(), seen: seenTours().length };
  // useSyncExternalStore needs the same object while nothing changed.
  if (next.disabled !== cached.disabled || next.seen !== cached.seen) cached = next;
  return cached;
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

export function useOnboardingSettings(): OnboardingSettings {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
