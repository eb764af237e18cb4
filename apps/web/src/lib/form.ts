import {
  PASSWORD_MIN_LENGTH,
  TEXT_ISSUE_MESSAGES,
  textIssueMessage,
  type TextIssue,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { errorMessage, isApiError } from './api-client';
import { currentLanguage } from './i18n';

/*
 * Zod-free on purpose: the sign-in pages use these, and the first page carries no zod (its budget
 * is 170 KB, scripts/initial-js-size.mjs). Validating with the domain's schemas is
 * lib/form-schema.ts.
 */

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
  const textIssue = textIssueOf(error.message);
  if (textIssue) {
    return textIssueMessage(textIssue, currentLanguage());
  }
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

/** A text rule's issue (`zLine`, `zMultiline`) travels as this prefix + the issue's name. */
export const TEXT_ISSUE_KEY = 'textIssue:';

function textIssueOf(message: string): TextIssue | null {
  if (!message.startsWith(TEXT_ISSUE_KEY)) return null;
  const issue = message.slice(TEXT_ISSUE_KEY.length);
  return issue in TEXT_ISSUE_MESSAGES ? (issue as TextIssue) : null;
}

/**
 * The message for the whole form after a failed save: none when the server's answer was put
 * under the fields (`applyServerFieldErrors`), else the error in the user's language.
 */
export function saveErrorMessage(
  t: TFunction,
  mutation: { isError: boolean; error: unknown },
  errors: FieldErrors<FieldValues>,
): string | null {
  if (!mutation.isError) return null;
  const onFields = Object.values(errors).some((error) => error?.type === 'server');
  return onFields ? null : errorMessage(mutation.error, t);
}

/**
 * The same for a form that can reopen an offline entry the server refused: until the next save,
 * the refusal it came back with (`refusal`) shows.
 */
export function queuedSaveErrorMessage(
  t: TFunction,
  mutation: { isError: boolean; isSuccess: boolean; error: unknown },
  errors: FieldErrors<FieldValues>,
  refusal: unknown,
): string | null {
  const failed = saveErrorMessage(t, mutation, errors);
  if (failed) return failed;
  return refusal && !mutation.isError && !mutation.isSuccess ? errorMessage(refusal, t) : null;
}
