// A sentence with a styled part in it (a name in bold, a link) is translated whole, with the
// part as a {{value}}: t('by {{name}}', { name: PART }) is cut around PART, and the part is
// rendered in its place, so each language puts it where its word order wants it.

/** Stands for the part rendered apart. */
export const PART = '\u0000';

/** The text before and after the part. */
export function aroundPart(text: string): [string, string] {
  const at = text.indexOf(PART);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + PART.length)];
}
