import type { LanguageCode, PSEUDO_LANGUAGE } from '@shipyard/shared';
import { english, type TranslateValues, type Translator } from './translate.ts';

// Issue 33 (docs/decisions/053-languages.md): `t('Add Task')` is the text in the reader's
// language; `k('Pending')` marks a text that is translated later, where it is shown (a constant
// read at module load, before the language is known). `npm run lint` checks that every key is
// translated in every language (scripts/i18n-check.mjs).

export type { TranslateValues, Translator } from './translate.ts';

let translator: Translator = english;
let current: LanguageCode | typeof PSEUDO_LANGUAGE = 'en';
let direction: 'ltr' | 'rtl' = 'ltr';

/** A text in the reader's language; the English key itself in English. */
export function t(key: string, values?: TranslateValues): string {
  return translator(key, values);
}

/** Marks a text as one to translate (the lint check counts it); answers it unchanged. */
export function k<const T extends string>(key: T): T {
  return key;
}

/** The language this page speaks ('en', 'de', … or the pseudo-locale). */
export const currentLanguage = () => current;

/**
 * The locale dates, numbers and lists are formatted in. English (and the pseudo-locale) keep the
 * browser's own locale, as before issue 33 (an en-GB reader sees '31 Dec 2023'); another language
 * takes the browser's region when it is the same language ('de-AT' on a German page), else its own.
 */
export function formattingLocale(): string {
  const browser = new Intl.DateTimeFormat().resolvedOptions().locale;
  if (current === 'en' || current === 'en-XA') return browser;
  const base = (tag: string) => tag.split('-')[0]?.toLowerCase();
  return base(browser) === base(current) && !current.includes('-') ? browser : current;
}

/** 'rtl' for a right-to-left language. */
export const currentDirection = () => direction;

/** Used once, by startLanguage, before the first render. */
export function setPageLanguage(
  code: LanguageCode | typeof PSEUDO_LANGUAGE,
  next: Translator,
  dir: 'ltr' | 'rtl' = 'ltr',
) {
  current = code;
  translator = next;
  direction = dir;
}
