import { z } from 'zod';
import { findTextIssue, TEXT_ISSUE_MESSAGES, type TextIssue } from './text-issues.js';

export * from './text-issues.js';

/** Deepest nesting of objects and arrays a request may carry (issue 37); no form needs ten. */
export const MAX_NESTING = 64;

/** A value met while walking: its key and parent, so a path is built only for an issue found. */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step, prefix: readonly (string | number)[]): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) keys.push(s.key);
  return [...prefix, ...keys.reverse()];
}

/** Binary bodies (a webhook's raw bytes, uploads) are not text and not walked. */
function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}

/**
 * True when `value` nests objects or arrays more than `max` levels deep. Iterative, and it stops
 * at the first level too deep: a 60 KB body nested 10,000 levels once overflowed the stack of a
 * recursive walk and held the event loop for a second (issue 37).
 */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (!isContainer(current)) continue;
    if (depth + 1 > max) return true;
    const inner = Array.isArray(current) ? current : Object.values(current);
    for (const v of inner) if (isContainer(v)) stack.push({ value: v, depth: depth + 1 });
  }
  return false;
}

/**
 * The first string inside `value` (an object, array or string, as parsed from JSON, a query or
 * a form) that holds a forbidden character, with its path: keys are checked like values, so a
 * field named with a NUL is refused too. Every string is allowed to be multi-line here; a field
 * that must be one line says so in its own schema (`zLine`). Walked iteratively, depth first in
 * document order; the path is built only for the string found.
 */
export function findUnsafeText(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; issue: TextIssue } | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      const issue = findTextIssue(current);
      if (issue) return { path: pathOf(step, path), issue };
      continue;
    }
    if (!isContainer(current)) continue;
    if (Array.isArray(current)) {
      // Pushed in reverse so the first element is looked at first.
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ value: current[i], key: i, parent: step });
      }
      continue;
    }
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, key, parent: step });
      // The key itself, looked at just before its value; its path is the value's.
      stack.push({ value: key, key, parent: step });
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
