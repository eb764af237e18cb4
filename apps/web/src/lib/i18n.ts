import type { Language } from '@siteledger/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only what the sign-in pages and the shell's first paint need ships with the first page (issue
// 7's 170 KB budget); every other English string loads right after, before any other screen
// (routes.tsx waits for `allStringsReady`). Strings live one file per group and language
// (locales/<language>/<group>.json, issue 41): these are the groups of the first paint.
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';
import kit from '../locales/en/kit.json';
import pages from '../locales/en/pages.json';
import preferences from '../locales/en/preferences.json';
import pwa from '../locales/en/pwa.json';
import toast from '../locales/en/toast.json';
import validation from '../locales/en/validation.json';
import { mergeLocaleFiles, mergeTrees, type LocaleTree } from '../locales/merge';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'hi'];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hi';
}

function initialLanguage(): Language {
  const stored = typeof window === 'undefined' ? null : readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : 'en';
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

type Tree = LocaleTree;

/**
 * Feature fragments (`features/<area>/locales/{en,hi}.json`) are merged over the locale files;
 * `scripts/merge-locales.mjs` folds them into locales/<language>/<group>.json, the home of every
 * string.
 */
const fragments = import.meta.glob<Tree>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** Hindi is fetched only when it is chosen: English, the default, ships with the first page. */
const loadHindi = () => import('../locales/all-hi').then((module) => module.default);
/** All of English: a chunk of its own, so the first page keeps only the groups above. */
const loadEnglish = () => import('../locales/all-en').then((module) => module.default);
const englishCore: Tree = mergeLocaleFiles({
  auth,
  common,
  errors,
  kit,
  pages,
  preferences,
  pwa,
  toast,
  validation,
});

function withFragments(base: Tree, language: Language): Tree {
  return Object.entries(fragments)
    .filter(([file]) => file.endsWith(`/${language}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((acc, [, tree]) => mergeTrees(acc, tree), base);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: withFragments(englishCore, 'en') } },
  partialBundledLanguages: true,
  lng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  // No silent fallback: a key missing in the current language shows the key and logs a warning.
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  parseMissingKeyHandler: (key: string) => {
    console.warn(`[i18n] Missing translation key: ${key}`);
    return key;
  },
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
});

setDocumentLanguage(i18n.language);

/** Makes a language's strings available (Hindi is loaded on first use). */
export async function ensureLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(
    language,
    'translation',
    withFragments(await loadHindi(), language),
    false,
    true,
  );
}

/**
 * Every English string (fetched after the first paint); screens other than sign-in wait for it.
 * Offline on a first visit it cannot come: the service worker holds it on every later one.
 */
export const allStringsReady: Promise<void> = loadEnglish()
  .then((all) => {
    // All of English is a superset of the first page's groups: replacing the groups is the same
    // as merging them key by key, without i18next's deep merge on the main thread.
    i18n.addResourceBundle('en', 'translation', withFragments(all, 'en'), false, true);
  })
  .catch((error: unknown) => console.warn('[i18n] Could not load the strings', error));

/** Resolves once the remembered language is ready; the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = (async () => {
  const language = initialLanguage();
  if (language === 'en') return;
  try {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    setDocumentLanguage(language);
  } catch {
    // Offline on a first visit in Hindi: English rather than no app at all.
  }
})();

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  writeStorage(STORAGE_KEYS.language, language);
  setDocumentLanguage(language);
  await i18n.changeLanguage(language);
}
