import { PASSWORD_MIN_LENGTH } from '@siteledger/domain';
import type { TFunction } from 'i18next';

/**
 * Client-side zod schemas carry i18n keys as their messages ("validation.required"); the form shows
 * them through this helper so every validation message is translated.
 */
export function fieldError(
  t: TFunction,
  error: { message?: string | undefined } | undefined,
): string | undefined {
  if (!error?.message) return undefined;
  return t(error.message, { min: PASSWORD_MIN_LENGTH });
}
