import { describe, expect, it } from 'vitest';
import {
  GSTIN_CHECK_MESSAGE,
  GSTIN_PATTERN,
  zGstin,
  zOptionalGstin,
  zVendorCreate,
  zVendorUpdate,
} from './vendors.js';

describe('GSTIN', () => {
  it('accepts real-shaped GSTINs, trimmed and uppercased', () => {
    expect(zGstin.parse('27AAPFU0939F1ZV')).toBe('27AAPFU0939F1ZV');
    expect(zGstin.parse(' 29abcde1234f2zv ')).toBe('29ABCDE1234F2ZV');
    expect(GSTIN_PATTERN.test('07AAACR5055K1Z5')).toBe(true);
  });

  it('refuses a GSTIN whose check character does not match, with its own message', () => {
    for (const typo of ['27AAPFU0939F1Z5', '29ABCDE1234F2Z5', '27AAPFU0939G1ZV']) {
      const result = zGstin.safeParse(typo);
      expect(result.success, typo).toBe(false);
      expect(result.error?.issues[0]?.message, typo).toBe(GSTIN_CHECK_MESSAGE);
      expect(zOptionalGstin.safeParse(typo).success, typo).toBe(false);
    }
    // A state code no GSTIN has: the shape message.
    expect(zGstin.safeParse('00AAPFU0939F1ZV').error?.issues[0]?.message).not.toBe(
      GSTIN_CHECK_MESSAGE,
    );
  });

  it('refuses wrong length, entity number 0, a missing Z and letters where digits go', () => {
    for (const bad of [
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVX',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1XV',
      'A7AAPFU0939F1ZV',
      '27AAPF10939F1ZV',
      '27AAPFU093AF1ZV',
      '',
    ]) {
      expect(zGstin.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('the form field treats empty as none', () => {
    expect(zOptionalGstin.parse('  ')).toBe('');
    expect(zOptionalGstin.safeParse('bad').success).toBe(false);
  });
});

describe('vendor schemas', () => {
  it('needs a name; email may be empty but not malformed', () => {
    expect(zVendorCreate.safeParse({}).success).toBe(false);
    expect(zVendorCreate.parse({ name: ' A ', email: '' })).toEqual({ name: 'A', email: '' });
    expect(zVendorCreate.parse({ name: 'A', email: ' X@Y.IN ' }).email).toBe('x@y.in');
    expect(zVendorCreate.safeParse({ name: 'A', email: 'x@' }).success).toBe(false);
  });

  it('an update carries only what was sent', () => {
    expect(zVendorUpdate.parse({ phone: '1' })).toEqual({ phone: '1' });
  });
});
