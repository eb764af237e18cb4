import { PASSWORD_MIN_LENGTH } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * Client-side zod schemas carry i18n keys as their messages ("validation.required"); the form shows
 * them through this helper so every validation message is translated.
 */
export function fieldError(
  t: TFunction,
  error: { message?: string | undefined; type?: unknown } | undefined,
): string | undefined {
  if (!error?.message) return undefined;
  // Messages from the server arrive already translated.
  if (error.type === 'server') return error.message;
  return t(error.message, { min: PASSWORD_MIN_LENGTH });
}

/**
 * A 400 VALIDATION_FAILED answer carries `data: { field: { code, message } }`; puts each message
 * under its form field. Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { type: string; message: string }) => void,
): boolean {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return false;
  let applied = false;
  for (const field of fields) {
    const entry = error.data[field];
    if (typeof entry === 'object' && entry !== null && 'message' in entry) {
      const message = (entry as { message: unknown }).message;
      if (typeof message === 'string' && message) {
        setError(field, { type: 'server', message });
        applied = true;
      }
    }
  }
  return applied;
}
