// Issue 33: the languages Shipyard speaks (docs/decisions/053-languages.md). English is the
// default and its texts are the spec's, exactly; every other language translates them.

/** Each language: its code (BCP 47), its own name (as the picker shows it) and its direction. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];

/**
 * The pseudo-locale: English made about 40 % longer and accented, to find texts that are not
 * translated and layouts that break on longer words. Never offered in the picker.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);

/**
 * The best of ours for a list of preferred languages (the browser's `navigator.languages`, an
 * `Accept-Language` header's tags): an exact match first, then the same base language
 * ('pt-PT' → 'pt-BR', 'zh-TW' → 'zh-CN', 'de-AT' → 'de'); English when none matches.
 */
export function matchLanguage(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]?.toLowerCase();
    const sameBase = LANGUAGE_CODES.find((code) => code.split('-')[0]?.toLowerCase() === base);
    if (sameBase) return sameBase;
  }
  return 'en';
}
