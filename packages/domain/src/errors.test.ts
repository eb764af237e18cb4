import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode, messageFor, pickLanguage, statusFor } from './errors.js';

describe('error catalogue', () => {
  it('every code has a status ≥ 400 and non-empty English and Hindi messages', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.en.length, code).toBeGreaterThan(0);
      expect(def.hi, code).toMatch(/[\u0900-\u097F]/);
      const variants: Record<string, { en: string; hi: string }> =
        'variants' in def ? def.variants : {};
      for (const variant of Object.values(variants)) {
        expect(variant.hi, code).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it('keeps the spec wording and the API statuses', () => {
    expect(messageFor('UNAUTHENTICATED', 'en')).toBe('User not authenticated');
    expect(statusFor('UNAUTHENTICATED')).toBe(401);
    expect(
      messageFor('PERMISSION_DENIED', 'en', {
        variant: 'action',
        action: 'delete',
        entity: 'deliveries',
      }),
    ).toBe('Permission denied: Cannot delete deliveries');
    expect(
      messageFor('PERMISSION_DENIED', 'en', { variant: 'owner_only', what: 'add users' }),
    ).toBe('Permission denied: Only owners can add users');
    expect(messageFor('ACCOUNT_REQUIRED', 'en')).toBe(
      'Account selection is required when credit notes do not cover the full payment amount.',
    );
    expect(messageFor('RETURN_QUANTITY_EXCEEDED', 'en', { available: 3, returned: 2 })).toBe(
      'Only 3 units available for return (2 already returned)',
    );
    expect(messageFor('USER_NOT_FOUND', 'en', { email: 'a@b.in' })).toBe(
      'No user found with email a@b.in',
    );
    expect(messageFor('LAST_OWNER', 'en', { variant: 'demote' })).toBe(
      'Cannot change role of the last owner',
    );
    expect(statusFor('CREDIT_NOTE_BALANCE_CHANGED')).toBe(409);
    expect(statusFor('INVITATION_EXPIRED')).toBe(410);
    expect(statusFor('RATE_LIMITED')).toBe(429);
    expect(statusFor('FILE_TOO_LARGE')).toBe(413);
    expect(statusFor('INVALID_FILE_TYPE')).toBe(415);
  });

  it('an unknown variant falls back to the base message; placeholders without data stay visible', () => {
    expect(messageFor('NOT_FOUND', 'en', { variant: 'nope' })).toBe('Item not found');
    expect(messageFor('USER_NOT_FOUND', 'en')).toBe('No user found with email {email}');
  });

  it('recognises codes', () => {
    expect(isErrorCode('LIMIT_EXCEEDED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('picks the language from Accept-Language', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('hi')).toBe('hi');
    expect(pickLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pickLanguage('en-GB,hi;q=0.5')).toBe('en');
    expect(pickLanguage('fr, hi;q=0.4')).toBe('hi');
    expect(pickLanguage('hi;q=0, en')).toBe('en');
    expect(pickLanguage('de')).toBe('en');
  });
});
