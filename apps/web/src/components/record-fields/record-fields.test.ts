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
    expect(itemBody(parsed)).toEqual({
      name: 'Cement',
      description: null,
      unit: 'bag',
      tags: [],
      hsn_code: null,
      gst_rate: null,
      min_stock_level: null,
    });
  });

  it('takes an optional minimum stock level of zero or more with at most 3 decimals', () => {
    const item = { ...itemFormDefaults(null, 'Cement'), unit: 'bag' };
    expect(itemBody(itemFormSchema.parse({ ...item, min_stock_level: 12.5 }))).toMatchObject({
      min_stock_level: 12.5,
    });
    expect(itemBody(itemFormSchema.parse({ ...item, min_stock_level: 0 }))).toMatchObject({
      min_stock_level: 0,
    });
    expect(firstKeys(itemFormSchema.safeParse({ ...item, min_stock_level: 1.2345 }))).toEqual({
      min_stock_level: 'kit.validation.threeDecimals',
    });
    expect(firstKeys(itemFormSchema.safeParse({ ...item, min_stock_level: -1 }))).toEqual({
      min_stock_level: 'kit.validation.notNegative',
    });
    expect(firstKeys(itemFormSchema.safeParse({ ...item, min_stock_level: Number.NaN }))).toEqual({
      min_stock_level: 'kit.validation.number',
    });
    // An item's own level comes back into the form; none stays empty.
    const stocked = { min_stock_level: 40 } as Parameters<typeof itemFormDefaults>[0];
    expect(itemFormDefaults(stocked).min_stock_level).toBe(40);
    expect(itemFormDefaults(null).min_stock_level).toBeUndefined();
  });

  it('takes an HSN code of 4, 6 or 8 digits and a GST rate the law has', () => {
    const item = { ...itemFormDefaults(null, 'Cement'), unit: 'bag' };
    const parsed = itemFormSchema.parse({ ...item, hsn_code: '25232930', gst_rate: 28 });
    expect(itemBody(parsed)).toMatchObject({ hsn_code: '25232930', gst_rate: 28 });
    expect(
      firstKeys(itemFormSchema.safeParse({ ...item, hsn_code: '25231', gst_rate: 13 })),
    ).toEqual({ hsn_code: 'gst.validation.hsn', gst_rate: expect.any(String) });
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
      // The GSTIN's own state; the registration left to the server's default (regular).
      state_code: '27',
      address: null,
      payment_details: null,
      tags: [],
      pan: null,
      tds_section: null,
      tds_194c6: false,
    });
  });

  it('sends the state chosen for a vendor without a GSTIN, and the registration chosen', () => {
    const unregistered = vendorFormSchema.parse({
      ...vendorFormDefaults(null, 'Local sand supplier'),
      state_code: '29',
      registration_type: 'unregistered',
    });
    expect(vendorBody(unregistered)).toMatchObject({
      gstin: null,
      state_code: '29',
      registration_type: 'unregistered',
    });
    const composition = vendorFormSchema.parse({
      ...vendorFormDefaults(null, 'Shah Traders'),
      gstin: '29AAGCB7383J1Z4',
      state_code: '27',
      registration_type: 'composition',
    });
    // A GSTIN names the state: what was chosen before it was typed does not travel.
    expect(vendorBody(composition)).toMatchObject({
      state_code: '29',
      registration_type: 'composition',
    });
    expect(
      firstKeys(vendorFormSchema.safeParse({ ...vendorFormDefaults(null, 'X'), state_code: '42' })),
    ).toEqual({ state_code: 'gst.validation.state' });
  });

  it('sends the PAN, the TDS section and a transporter’s declaration; none is null', () => {
    const typed = vendorFormSchema.parse({
      ...vendorFormDefaults(null, 'Ramesh Constructions'),
      pan: ' aaapl1234c ',
      tds_section: '194C',
      tds_194c6: true,
    });
    expect(vendorBody(typed)).toMatchObject({
      pan: 'AAAPL1234C',
      tds_section: '194C',
      tds_194c6: true,
    });
    const none = vendorFormSchema.parse(vendorFormDefaults(null, 'Local supplier'));
    expect(vendorBody(none)).toMatchObject({ pan: null, tds_section: null, tds_194c6: false });
    expect(
      vendorFormSchema.safeParse({ ...vendorFormDefaults(null, 'X'), pan: 'ABC' }).success,
    ).toBe(false);
  });
});
