import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from './i18n';

describe('i18n', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a missing key as the key itself and logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no.such.key'));
  });

  it('does not fall back silently from Hindi to English', async () => {
    await changeLanguage('hi');
    expect(i18n.t('nav.dashboard')).toBe('डैशबोर्ड');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18n.t('nav.notThere')).toBe('nav.notThere');
    expect(warn).toHaveBeenCalled();
    await changeLanguage('en');
    expect(i18n.t('nav.dashboard')).toBe('Dashboard');
  });

  it('formats plurals in both languages', async () => {
    expect(i18n.t('sites.unitsValue', { count: 1, value: '1' })).toBe('1 unit');
    expect(i18n.t('sites.unitsValue', { count: 48, value: '48' })).toBe('48 units');
    await changeLanguage('hi');
    expect(i18n.t('sites.unitsValue', { count: 48, value: '48' })).toBe('48 यूनिट');
    await changeLanguage('en');
  });
});
