import { mentionMarkdown } from '@shipyard/shared';

// Where the composer is typing a mention, and the text once one is picked. Pure, so the rules
// are tested apart from the textarea. Issue 28: the composer shows a picked mention as "@Name"
// (marked as a chip behind the text) and sends the same markdown as before, `[@Name](user:<id>)`.

/** An `@` at the start or after a space or bracket, then up to 30 letters without spaces. */
const TYPING_MENTION = /(?:^|[\s([{])@([^\s@[\]()]{0,30})$/u;

/** A mention's markdown, with the name's escapes (mentionMarkdown's form). */
const MENTION_MARKUP = /\[@((?:\\.|[^\]\\])*)\]\(user:([^)\s]+)\)/g;

export type MentionQuery = {
  /** Index of the `@`. */
  start: number;
  /** What follows it, up to the caret. */
  query: string;
};

/** A person mentioned in the text being written. */
export type PickedMention = { id: string; name: string };

/** The mention being typed just before `caret`, if any. */
export function mentionAt(value: string, caret: number): MentionQuery | undefined {
  const match = TYPING_MENTION.exec(value.slice(0, caret));
  if (!match) return undefined;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** `value` with the typed `@query` replaced by "@Name " (the readable mention); the new caret. */
export function insertMention(
  value: string,
  at: MentionQuery,
  person: { id: string; name: string },
): { value: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const mention = `@${person.name} `;
  const rest = value.slice(end).replace(/^ /, '');
  return { value: `${value.slice(0, at.start)}${mention}${rest}`, caret: at.start + mention.length };
}

/** Markdown as the composer shows it: each mention as "@Name", and who they are. */
export function toReadable(markdown: string): { text: string; mentions: PickedMention[] } {
  const mentions: PickedMention[] = [];
  const text = markdown.replace(MENTION_MARKUP, (_, escaped: string, id: string) => {
    const name = escaped.replace(/\\(.)/g, '$1');
    if (!mentions.some((m) => m.id === id)) mentions.push({ id, name });
    return `@${name}`;
  });
  return { text, mentions };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where each picked mention's "@Name" stands in the text: [start, end, person], in order. */
export function mentionRanges(text: string, mentions: readonly PickedMention[]) {
  // Longer names first, so "@Ada Lovelace" is not read as "@Ada" when both were picked.
  const byLength = [...mentions].sort((a, b) => b.name.length - a.name.length);
  const ranges: Array<{ start: number; end: number; person: PickedMention }> = [];
  for (const person of byLength) {
    const pattern = new RegExp(`@${escapeRegExp(person.name)}(?![\\p{L}\\p{N}_])`, 'gu');
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!ranges.some((r) => start < r.end && end > r.start)) ranges.push({ start, end, person });
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The readable text as the markdown the server stores: each picked "@Name" as its mention. */
export function toMarkdown(text: string, mentions: readonly PickedMention[]): string {
  let out = '';
  let at = 0;
  for (const { start, end, person } of mentionRanges(text, mentions)) {
    out += text.slice(at, start) + mentionMarkdown(person.name, person.id);
    at = end;
  }
  return out + text.slice(at);
}
