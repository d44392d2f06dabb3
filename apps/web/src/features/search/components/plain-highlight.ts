import { type Highlight, plainTextPreview } from '@shipyard/shared';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A result's highlighted text as plain text (issue 28): markdown and mention markup
 * (`[@Name](user:<id>)`) become what plainTextPreview shows ("@Name", never the id), and the
 * words of the query are marked again in it. Text with no markdown keeps the server's marks.
 */
export function plainHighlight(pieces: Highlight, query: string): Highlight {
  const raw = pieces.map((piece) => piece.text).join('');
  const plain = plainTextPreview(raw, 240);
  if (plain === raw.replace(/\s+/g, ' ').trim()) return pieces;
  const words = query
    .split(/\s+/)
    .filter((word) => word !== '')
    .map(escapeRegExp);
  if (words.length === 0) return [{ text: plain, mark: false }];
  const pattern = new RegExp(`(${words.join('|')})`, 'gi');
  return plain
    .split(pattern)
    .filter((text) => text !== '')
    .map((text) => ({ text, mark: words.some((word) => new RegExp(`^${word}$`, 'i').test(text)) }));
}

/**
 * Whether a command's label is an exact match for what is typed: the same words, or its start
 * ("sign" for "Sign out"). Such commands rank above the search results (issue 28).
 */
export const isExactCommandMatch = (label: string, query: string) => {
  const q = query.trim().toLowerCase();
  return q !== '' && label.toLowerCase().startsWith(q);
};
