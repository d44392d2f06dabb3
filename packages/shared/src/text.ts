import removeMarkdown from 'remove-markdown';
import { z } from 'zod/mini';

// One rule for every string a client sends (docs/security.md): no NUL, no unpaired UTF-16
// surrogate (PostgreSQL refuses both, and JSON columns refuse the second), and control
// characters only where text may span lines (tab, newline and carriage return).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, less tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const textMessages = {
  singleLine: 'Must be a single line of text without control characters',
  invalidCharacters: 'Contains characters that are not allowed',
} as const;

/** True when no string anywhere may hold this text: a NUL byte or a lone surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value);
}

/** A check for names, titles and every other one-line field: `.check(z.trim(), singleLine())`. */
export const singleLine = () => z.refine<string>(isSingleLineText, { error: textMessages.singleLine });
/** A check for descriptions, comments and other text that may span lines. */
export const multiLine = () => z.refine<string>(isMultiLineText, { error: textMessages.invalidCharacters });

/** A mention's markdown, `[@Name](user:<id>)`, with the name's escapes. */
const MENTION_MARKUP = /\[@((?:\\.|[^\]\\])*)\]\(user:[0-9a-f-]{36}\)/gi;

/**
 * What a preview shows of markdown (issue 28): plain text on one line, no markdown, a mention as
 * "@Name" and never its user id, cut at `max` characters with an ellipsis. Lists, cards, palette
 * results and notifications show this, never the markdown itself.
 */
export function plainTextPreview(markdown: string, max = 160): string {
  // Names stand aside while the markdown goes (a name may hold brackets), then come back.
  const names: string[] = [];
  const marked = markdown.replace(MENTION_MARKUP, (_, name: string) => {
    names.push(`@${name.replace(/\\(.)/g, '$1')}`);
    return `\uE000${names.length - 1}\uE001`;
  });
  const text = removeMarkdown(marked, { gfm: true, useImgAltText: true })
    .replace(/\uE000(\d+)\uE001/g, (_, i: string) => names[Number(i)] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
