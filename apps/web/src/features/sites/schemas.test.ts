import { describe, expect, it } from 'vitest';
import { siteFormSchema } from './schemas';

function firstKeys(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

const site = { name: 'Green Park', description: '', total_units: 24, total_planned_area: 18000 };

describe('the site form checks with the domain’s zSiteCreate', () => {
  it('keeps the sites’ own messages', () => {
    const empty = { name: '', description: '', total_units: NaN, total_planned_area: NaN };
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
