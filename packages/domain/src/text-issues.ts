import type { Language } from './errors.js';

// Without zod, so the web app's sign-in page can show these messages without loading it.

/**
 * What text may hold (issue 17). PostgreSQL refuses NUL in `text` while SQLite stores it, so the
 * same request crashed one database and was kept by the other; other C0 controls are invisible
 * and break exports (CSV, PDF, Tally XML). A lone UTF-16 surrogate cannot be written as UTF-8:
 * both drivers would silently replace it. All of these are refused, everywhere, the same way.
 * Tab, line feed and carriage return stay allowed in multi-line fields (notes, addresses).
 */
export type TextIssue = 'control_character' | 'line_break' | 'invalid_unicode';

// Checked by char code rather than a regex: one pass, no allocation, and it runs over every
// string of every request.
export function findTextIssue(value: string, multiline = true): TextIssue | null {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (c === 0x09 || c === 0x0a || c === 0x0d) {
        if (!multiline) return 'line_break';
        continue;
      }
      return 'control_character';
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      // A high surrogate must be followed by a low one; a low one never stands first.
      const next = value.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return 'invalid_unicode';
    }
  }
  return null;
}

/** The field message for each issue, in both languages (shown under the field). */
export const TEXT_ISSUE_MESSAGES: Record<TextIssue, Record<Language, string>> = {
  control_character: {
    en: 'Contains a control character that cannot be saved',
    hi: 'इसमें ऐसा नियंत्रण वर्ण है जिसे सहेजा नहीं जा सकता',
  },
  line_break: {
    en: 'Must be on one line (no line breaks or tabs)',
    hi: 'एक ही पंक्ति में होना चाहिए (कोई लाइन ब्रेक या टैब नहीं)',
  },
  invalid_unicode: {
    en: 'Contains an invalid character',
    hi: 'इसमें एक अमान्य वर्ण है',
  },
};

export function textIssueMessage(issue: TextIssue, language: Language): string {
  return TEXT_ISSUE_MESSAGES[issue][language];
}
