import { englishTemplate, interpolate, type Translator } from './translate.ts';

// The pseudo-locale (en-XA, issue 33): loaded only when a device is set to it.

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
  // A text translated twice (a toast's title, an API error's message) is made pseudo once.
  if (text.startsWith('⟦')) return text;
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
