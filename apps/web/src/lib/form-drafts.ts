import { STORAGE_PREFIX } from './storage';
import { objectOf } from './object-of';

/**
 * Drafts of forms being typed, kept in localStorage so a reload, a crash or a closed tab does not
 * lose them: one per user, site and form (`siteledger.draft.<user>.<site>.<form>`), until the
 * entry is saved or discarded.
 */
const DRAFT_PREFIX = `${STORAGE_PREFIX}draft.`;

export interface StoredDraft {
  savedAt: string;
  values: Record<string, unknown>;
}

export function draftKey(userId: string, siteId: string, form: string): string {
  return `${DRAFT_PREFIX}${userId}.${siteId}.${form}`;
}

function isDraft(value: unknown): value is StoredDraft {
  const record = objectOf(value);
  return (
    typeof record?.savedAt === 'string' &&
    objectOf(record.values) !== null &&
    !Array.isArray(record.values)
  );
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Files and blobs cannot be kept as text; a draft keeps everything else. */
const withoutFiles = (_key: string, value: unknown): unknown =>
  typeof Blob !== 'undefined' && value instanceof Blob ? undefined : value;

export function writeDraft(key: string, values: unknown): void {
  try {
    const draft = { savedAt: new Date().toISOString(), values };
    window.localStorage.setItem(key, JSON.stringify(draft, withoutFiles));
  } catch {
    // Storage full or unavailable: the form still works, only without a kept draft.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
