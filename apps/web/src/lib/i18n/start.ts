import {
  isLanguageCode,
  LANGUAGES,
  type LanguageCode,
  matchLanguage,
  PSEUDO_LANGUAGE,
} from '@shipyard/shared';
import { LANGUAGE_STORAGE_KEY } from './boot.ts';
import { currentDirection, setPageLanguage } from './index.ts';
import { english } from './translate.ts';

// Issue 33: the page's language, chosen before the first render: the one the reader picked
// (kept on this device, and in their profile), else the browser's best match, else English.
// Loaded by boot.ts unless the page is plainly English; another language loads i18next and its
// texts, the pseudo-locale its own small module.

export { LANGUAGE_STORAGE_KEY } from './boot.ts';

type PageLanguage = LanguageCode | typeof PSEUDO_LANGUAGE;

/** The language this device was set to, if any. */
export function storedLanguage(): PageLanguage | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === PSEUDO_LANGUAGE || isLanguageCode(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a language on this device ('browser' forgets it: the browser's then applies). */
export function storeLanguage(value: PageLanguage | 'browser') {
  try {
    if (value === 'browser') localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
  } catch {
    // Storage refused (private mode): the browser's language applies on the next page.
  }
}

export const browserLanguage = (): LanguageCode => matchLanguage(navigator.languages ?? [navigator.language]);

/** Loads the page's language; answers once the first render may use `t`. */
export async function startLanguage(): Promise<void> {
  const code = storedLanguage() ?? browserLanguage();
  if (code === 'en') setPageLanguage('en', english);
  else if (code === PSEUDO_LANGUAGE) setPageLanguage(code, (await import('./pseudo.ts')).pseudo);
  else {
    try {
      const { loadTranslator } = await import('./i18next-setup.ts');
      const dir = LANGUAGES.find((language) => language.code === code)?.dir ?? 'ltr';
      setPageLanguage(code, await loadTranslator(code), dir);
    } catch {
      // Its texts could not be fetched (offline on a new build, say): the page reads in English.
      setPageLanguage('en', english);
    }
  }
  document.documentElement.lang = code;
  document.documentElement.dir = currentDirection();
}
