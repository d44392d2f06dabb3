// Issue 33 (docs/decisions/053-languages.md): how a text is put in the reader's language.
// The keys are the English texts themselves (the spec's, exactly), so English needs no lookup
// but for plurals; every other language is i18next with that language's resources, loaded
// before the first render. The language is fixed for the life of a page (a change reloads it),
// so `t` is a plain function: components, toasts and validation messages call it alike.

/** Values put into a text (`{{name}}`); `count` also picks the plural form. */
export type TranslateValues = Record<string, string | number | null | undefined> & { count?: number };
export type Translator = (key: string, values?: TranslateValues) => string;

/** English's own plural forms (`'{{count}} tasks_one': '{{count}} task'`), the only English resource. */
const englishFiles = import.meta.glob<{ default: Record<string, string> }>('../../locales/en/*.json', {
  eager: true,
});
const englishPlurals: Record<string, string> = Object.assign(
  {},
  ...Object.values(englishFiles).map((file) => file.default),
);
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

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * A text of the pseudo-locale: accented, 40 % longer (vowels doubled, then padded) and bracketed,
 * so an untranslated text (plain English) and a clipped one (no closing bracket) both show.
 * `{{values}}` are kept as they are, to be filled in after.
 */
export function pseudoText(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\})/);
  let letters = 0;
  const body = parts
    .map((part) => {
      if (part.startsWith('{{')) return part;
      letters += part.length;
      return part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
    })
    .join('');
  const padding = '·'.repeat(Math.max(1, Math.round(letters * 0.4)));
  return `⟦${body}${padding}⟧`;
}

export const pseudo: Translator = (key, values) =>
  interpolate(pseudoText(englishTemplate(key, values)), values);
