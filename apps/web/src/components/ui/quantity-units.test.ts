import { ITEM_UNITS } from '@siteledger/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { formatQuantity, unitOptions } from './quantity-field';

describe('units (issue 38)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('show in the user’s language, one spelling for two', async () => {
    expect(formatQuantity(12.5, 'bag')).toBe('12.5 bag');
    expect(formatQuantity(2, 'ton')).toBe('2 MT');
    expect(formatQuantity(2, 'MT')).toBe('2 MT');
    expect(formatQuantity(3, 'm3')).toBe('3 cum');
    await ensureLanguage('hi');
    await i18n.changeLanguage('hi');
    expect(formatQuantity(12.5, 'bag')).toBe('12.5 बोरी');
    expect(formatQuantity(2, 'ton')).toBe(formatQuantity(2, 'MT'));
  });

  it('offer one of two spellings, keeping an item’s own', () => {
    const values = (current?: string) =>
      unitOptions(i18n.t, ITEM_UNITS, current).map((o) => o.value);
    expect(values()).toContain('MT');
    expect(values()).not.toContain('ton');
    expect(values()).not.toContain('m3');
    expect(values()).not.toContain('ft3');
    expect(values('ton')).toContain('ton');
  });
});
