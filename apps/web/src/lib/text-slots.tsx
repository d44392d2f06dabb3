import { Fragment, type ReactNode } from 'react';

// Issue 33: a sentence with an element inside it (a bold e-mail address, a <time>) is translated
// whole, its element a {{value}}: `fillSlots(t('Sent to {{email}}.', { email: slot('email') }),
// { email: <strong>{email}</strong> })`. The translation puts the value where its language wants it.

const MARK = '\u0001';

/** The stand-in for an element, passed to t() as the value of `name`. */
export const slot = (name: string) => `${MARK}${name}${MARK}`;

/**
 * A translated text with its slots replaced by their elements, in the translation's order;
 * `wrapText` wraps the words between them (a screen-reader-only span, say).
 */
export function fillSlots(
  text: string,
  nodes: Record<string, ReactNode>,
  wrapText: (words: string) => ReactNode = (words) => words,
): ReactNode {
  const parts = text.split(MARK);
  return parts.map((part, index) => (
    // Odd parts are slot names; even parts the text between them.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
    <Fragment key={index}>
      {index % 2 === 1 ? (nodes[part] ?? null) : part === '' ? null : wrapText(part)}
    </Fragment>
  ));
}

/**
 * A translated text with one slot, as the words before and after it, for an element that sits
 * between them: `aroundSlot(t('by {{name}}', { name: slot('name') }))`.
 */
export function aroundSlot(text: string): [string, string] {
  const [before = '', , after = ''] = text.split(MARK);
  return [before, after];
}
