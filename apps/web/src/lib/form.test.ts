import {
  zBusinessDate,
  zItemCreate,
  zLogin,
  zOptionalEmail,
  zOptionalGstin,
  zPlannedDate,
  zPositiveRupees,
  zQuantity,
  zRupees,
  zServiceCreate,
  zVendorCreate,
} from '@siteledger/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldError } from './form';
import { DOMAIN_MESSAGE_KEYS, formSchema } from './form-schema';
import { changeLanguage } from './i18n';

/** The keys a form shows for a value, field by field (first issue of each). */
function keysFor<O, I>(schema: z.ZodType<O, I>, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

// A stand-in for i18next's t: the key itself, so the test reads which message a field shows.
const t = ((key: string) => key) as unknown as Parameters<typeof fieldError>[0];

describe('forms validate with the domain schemas', () => {
  const item = formSchema(zItemCreate, { unit: 'items.validation.unitRequired' });

  afterEach(async () => {
    await changeLanguage('en');
  });

  it("a domain limit surfaces in the form: a name past the item's 200 characters is too long", () => {
    expect(item.safeParse({ name: 'x'.repeat(200), unit: 'bag' }).success).toBe(true);
    expect(keysFor(item, { name: 'x'.repeat(201), unit: 'bag' })).toEqual({
      name: 'validation.tooLong',
    });
  });

  it('keeps the keys the forms always showed: name required, the field’s own key, required', () => {
    expect(keysFor(item, { name: '   ', unit: '' })).toEqual({
      name: 'validation.nameRequired',
      unit: 'items.validation.unitRequired',
    });
    const service = formSchema(zServiceCreate);
    expect(
      keysFor(service, { name: 'Mason', category: '', unit: 'day', standard_rate: 1 }),
    ).toEqual({ category: 'validation.required' });
  });

  it('keeps the output of the domain schema (trimmed text)', () => {
    const parsed = item.safeParse({ name: '  Cement  ', unit: 'bag' });
    expect(parsed.data).toEqual({ name: 'Cement', unit: 'bag' });
  });

  it('maps money issues onto the money keys', () => {
    const money = formSchema(z.object({ rate: zRupees }));
    expect(keysFor(money, { rate: undefined })).toEqual({ rate: 'validation.required' });
    expect(keysFor(money, { rate: Number.NaN })).toEqual({ rate: 'kit.validation.number' });
    expect(keysFor(money, { rate: -1 })).toEqual({ rate: 'kit.validation.notNegative' });
    expect(keysFor(money, { rate: 1.234 })).toEqual({ rate: 'validation.twoDecimals' });
    expect(keysFor(money, { rate: 1e12 })).toEqual({ rate: 'validation.tooLarge' });
  });

  it('maps the domain refinements (GSTIN, email) onto their keys', () => {
    const vendor = formSchema(zVendorCreate);
    expect(keysFor(vendor, { name: 'A', gstin: 'nope', email: 'a@' })).toEqual({
      gstin: 'vendors.validation.gstin',
      email: 'validation.emailInvalid',
    });
    // The right shape with a wrong check character: a typo, said as such.
    expect(keysFor(vendor, { name: 'A', gstin: '27AAPFU0939F1Z5' })).toEqual({
      gstin: 'vendors.validation.gstinCheck',
    });
  });

  it('names domain messages the domain still gives (a reworded one would show in English)', () => {
    const given = [
      zItemCreate.safeParse({ name: '', unit: 'bag' }),
      zLogin.shape.password.safeParse(''),
      zRupees.safeParse(1.234),
      zQuantity.safeParse(1.2345),
      zPositiveRupees.safeParse(0),
      zBusinessDate.safeParse('1999-12-31'),
      zPlannedDate.safeParse('2100-01-01'),
      zOptionalEmail.safeParse('a@'),
      zOptionalGstin.safeParse('27AAPFU'),
      zOptionalGstin.safeParse('27AAPFU0939F1Z5'),
    ].map((result) => result.error?.issues[0]?.message);
    expect(given).toEqual(Object.keys(DOMAIN_MESSAGE_KEYS));
  });

  it("shows the domain's own text message for a control character, in the user's language", async () => {
    const keys = keysFor(item, { name: 'Ce\u0000ment', unit: 'bag' });
    const error = { type: 'custom', message: keys.name };
    expect(fieldError(t, error)).toBe('Contains a control character that cannot be saved');
    await changeLanguage('hi');
    expect(fieldError(t, error)).toBe('इसमें ऐसा नियंत्रण वर्ण है जिसे सहेजा नहीं जा सकता');
  });
});
