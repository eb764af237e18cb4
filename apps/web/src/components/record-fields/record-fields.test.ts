import { describe, expect, it } from 'vitest';
import { itemBody, itemFormDefaults, itemFormSchema } from './item-fields';
import { vendorBody, vendorFormDefaults, vendorFormSchema } from './vendor-fields';

function firstKeys(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

describe('the item form (item dialog and quick add)', () => {
  it("checks the domain's limits: a name over 200 characters, a description over 2000", () => {
    const values = {
      ...itemFormDefaults(null, 'x'.repeat(201)),
      unit: 'bag',
      description: 'd'.repeat(2001),
    };
    expect(firstKeys(itemFormSchema.safeParse(values))).toEqual({
      name: 'validation.tooLong',
      description: 'validation.tooLong',
    });
  });

  it('asks for a name and a unit with the messages it always showed', () => {
    expect(firstKeys(itemFormSchema.safeParse(itemFormDefaults(null)))).toEqual({
      name: 'validation.nameRequired',
      unit: 'items.validation.unitRequired',
    });
  });

  it('sends a trimmed name and no empty description', () => {
    const parsed = itemFormSchema.parse({ ...itemFormDefaults(null, ' Cement '), unit: 'bag' });
    expect(itemBody(parsed)).toEqual({ name: 'Cement', description: null, unit: 'bag', tags: [] });
  });
});

describe('the vendor form (vendor dialog and quick add)', () => {
  it("checks the domain's limits and rules: name length, phone length, email, GSTIN", () => {
    const values = {
      ...vendorFormDefaults(null, 'x'.repeat(201)),
      phone: '9'.repeat(41),
      email: 'not-an-email',
      gstin: '27AAPFU',
    };
    expect(firstKeys(vendorFormSchema.safeParse(values))).toEqual({
      name: 'validation.tooLong',
      phone: 'validation.tooLong',
      email: 'validation.emailInvalid',
      gstin: 'vendors.validation.gstin',
    });
  });

  it('keeps the form’s own phone check', () => {
    const values = { ...vendorFormDefaults(null, 'Sharma'), phone: 'call me' };
    expect(firstKeys(vendorFormSchema.safeParse(values))).toEqual({
      phone: 'validation.phoneInvalid',
    });
  });

  it('sends an uppercased GSTIN and no empty text', () => {
    const parsed = vendorFormSchema.parse({
      ...vendorFormDefaults(null, 'Sharma Traders'),
      gstin: ' 27aapfu0939f1zv ',
    });
    expect(vendorBody(parsed)).toEqual({
      name: 'Sharma Traders',
      company_name: null,
      contact_person: null,
      phone: null,
      email: null,
      gstin: '27AAPFU0939F1ZV',
      address: null,
      payment_details: null,
      tags: [],
    });
  });
});
