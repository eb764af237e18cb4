import { z } from 'zod';
import { findTextIssue, TEXT_ISSUE_MESSAGES, type TextIssue } from './text-issues.js';

export * from './text-issues.js';

/**
 * The first string inside `value` (an object, array or string, as parsed from JSON, a query or
 * a form) that holds a forbidden character, with its path: keys are checked like values, so a
 * field named with a NUL is refused too. Every string is allowed to be multi-line here; a field
 * that must be one line says so in its own schema (`zLine`).
 */
export function findUnsafeText(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; issue: TextIssue } | null {
  if (typeof value === 'string') {
    const issue = findTextIssue(value);
    return issue ? { path: [...path], issue } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  // Binary bodies (a webhook's raw bytes, uploads) are not text.
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const keyIssue = findTextIssue(key);
      if (keyIssue) return { path: [...path, key], issue: keyIssue };
      const found = findUnsafeText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refineText(multiline: boolean) {
  return (value: string, ctx: z.RefinementCtx) => {
    const issue = findTextIssue(value, multiline);
    if (issue) {
      // `params.text_issue` lets the server answer in the caller's language.
      ctx.addIssue({
        code: 'custom',
        message: TEXT_ISSUE_MESSAGES[issue].en,
        params: { text_issue: issue },
      });
    }
  };
}

/** Single-line text (names, references, units): trimmed, at most `max`, no controls or breaks. */
export function zLine(max: number) {
  return z.string().trim().max(max).superRefine(refineText(false));
}

/** Multi-line text (notes, descriptions, addresses): tab and line breaks allowed. */
export function zMultiline(max: number) {
  return z.string().trim().max(max).superRefine(refineText(true));
}

/** Text sent as is (passwords, tokens): not trimmed, but no controls. */
export function zRawText(max: number) {
  return z.string().max(max).superRefine(refineText(false));
}
