import { describe, expect, it } from 'vitest';
import { siteFormSchema } from './schemas';
import { NO_GST_PROFILE, siteBody } from './site-fields';

function firstKeys(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

const site = {
  name: 'Green Park',
  description: '',
  total_units: 24,
  total_planned_area: 18000,
  ...NO_GST_PROFILE,
};

describe('the site form checks with the domain’s zSiteCreate', () => {
  it('keeps the sites’ own messages', () => {
    const empty = { ...site, name: '', total_units: NaN, total_planned_area: NaN };
    expect(firstKeys(siteFormSchema.safeParse(empty))).toEqual({
      name: 'sites.validation.nameRequired',
      total_units: 'sites.validation.unitsRequired',
      total_planned_area: 'sites.validation.areaRequired',
    });
    const wrong = { ...site, total_units: 1.5, total_planned_area: 0 };
    expect(firstKeys(siteFormSchema.safeParse(wrong))).toEqual({
      total_units: 'sites.validation.unitsWhole',
      total_planned_area: 'sites.validation.minOne',
    });
    expect(firstKeys(siteFormSchema.safeParse({ ...site, total_units: 0 }))).toEqual({
      total_units: 'sites.validation.minOne',
    });
  });

  it("takes the domain's limits: a 121-character name, a million and one units, 2 decimals", () => {
    const values = {
      ...site,
      name: 's'.repeat(121),
      total_units: 1_000_001,
      total_planned_area: 10.125,
    };
    expect(firstKeys(siteFormSchema.safeParse(values))).toEqual({
      name: 'validation.tooLong',
      total_units: 'validation.tooLarge',
      total_planned_area: 'validation.twoDecimals',
    });
  });
});

describe('the site’s GST profile (API.md "GST")', () => {
  it('takes a GSTIN by its check character, and says which part is wrong', () => {
    expect(firstKeys(siteFormSchema.safeParse({ ...site, gstin: '27AAPFU0939F1ZV' }))).toEqual({});
    expect(firstKeys(siteFormSchema.safeParse({ ...site, gstin: '27AAPFU0939F1ZX' }))).toEqual({
      gstin: 'vendors.validation.gstinCheck',
    });
    expect(firstKeys(siteFormSchema.safeParse({ ...site, gstin: '27AAPFU' }))).toEqual({
      gstin: 'vendors.validation.gstin',
    });
    expect(firstKeys(siteFormSchema.safeParse({ ...site, state_code: '42' }))).toEqual({
      state_code: 'gst.validation.state',
    });
  });

  it('sends the GSTIN’s own state beside it, else the state chosen; cost by default', () => {
    const withGstin = siteFormSchema.parse({
      ...site,
      gstin: ' 27aapfu0939f1zv ',
      state_code: '29',
      input_tax_mode: 'claim',
    });
    expect(siteBody(withGstin)).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      input_tax_mode: 'claim',
    });
    const stateOnly = siteFormSchema.parse({ ...site, state_code: '29' });
    expect(siteBody(stateOnly)).toMatchObject({
      gstin: null,
      state_code: '29',
      input_tax_mode: 'cost',
    });
    expect(siteBody(siteFormSchema.parse(site))).toMatchObject({ gstin: null, state_code: null });
  });
});
