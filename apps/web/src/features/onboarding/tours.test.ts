import { describe, expect, it } from 'vitest';
import { TOUR_PAGES } from '../../lib/onboarding';
import en from '../../locales/all-en';
import hi from '../../locales/all-hi';
import { TOURS } from './tours';

type Texts = Record<string, Record<string, { title?: unknown; description?: unknown }>>;

/** 'petty-cash' → 'pettyCash': the tour's texts are under `onboarding.tours.<camelCase>`. */
const textKey = (page: string) =>
  page.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

describe('tours', () => {
  it.each(TOUR_PAGES.map((page) => [page]))(
    '%s has steps, and a title and description for each step in English and Hindi',
    (page) => {
      const steps = TOURS[page] ?? [];
      expect(steps.length).toBeGreaterThan(0);
      for (const strings of [en, hi]) {
        const tours = (strings as unknown as { onboarding: { tours: Texts } }).onboarding.tours;
        for (const step of steps) {
          const text = tours[textKey(page)]?.[step.id];
          expect(text?.title, `${page}.${step.id}`).toEqual(expect.any(String));
          expect(text?.description, `${page}.${step.id}`).toEqual(expect.any(String));
        }
      }
    },
  );

  it('the TDS page has its own tour: header, tabs, period, register, deposits', () => {
    expect(TOURS.tds?.map((step) => step.id)).toEqual([
      'header',
      'tabs',
      'period',
      'table',
      'deposits',
    ]);
  });
});
