/** Everything the app keeps in localStorage lives under the `siteledger.` prefix. */
export const STORAGE_PREFIX = 'siteledger.';

export const STORAGE_KEYS = {
  auth: `${STORAGE_PREFIX}auth`,
  language: `${STORAGE_PREFIX}language`,
  theme: `${STORAGE_PREFIX}theme`,
  currentSite: `${STORAGE_PREFIX}currentSite`,
  role: `${STORAGE_PREFIX}role`,
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, quota, disabled storage); never let that break the app. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply is not remembered.
  }
}

export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeStorage(key, value === null ? null : JSON.stringify(value));
}
