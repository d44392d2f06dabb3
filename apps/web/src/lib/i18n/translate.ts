// Issue 33 (docs/decisions/053-languages.md): how a text is put in the reader's language.
// The keys are the English texts themselves (the spec's, exactly), so English needs no lookup
// but for plurals; every other language is i18next with that language's resources, loaded
// before the first render. The language is fixed for the life of a page (a change reloads it),
// so `t` is a plain function: components, toasts and validation messages call it alike.

/** Values put into a text (`{{name}}`); `count` also picks the plural form. */
export type TranslateValues = Record<string, string | number | null | undefined> & { count?: number };
export type Translator = (key: string, values?: TranslateValues) => string;

/**
 * English's own plural forms (`'{{count}} tasks_one': '{{count}} task'`), its only resource: added
 * by english-plurals.ts, which the signed-in shell loads (the public pages show no plural, and their
 * first load has no byte to spare: docs/decisions/005-bundle-budget.md).
 */
const englishPlurals: Record<string, string> = {};

export function addEnglishPlurals(forms: Record<string, string>) {
  Object.assign(englishPlurals, forms);
}

const englishRules = new Intl.PluralRules('en');

/** `{{name}}` replaced by its value; an unknown name is left as it is, as i18next does. */
export function interpolate(text: string, values?: TranslateValues): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The English text of a key: the key itself, or its plural form for `count`. */
export function englishTemplate(key: string, values?: TranslateValues): string {
  if (typeof values?.count !== 'number') return key;
  return englishPlurals[`${key}_${englishRules.select(values.count)}`] ?? key;
}

export const english: Translator = (key, values) => interpolate(englishTemplate(key, values), values);
