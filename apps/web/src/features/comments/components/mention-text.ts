import { mentionMarkdown } from '@shipyard/shared';

// Where the composer is typing a mention, and the text once one is picked. Pure, so the rules
// are tested apart from the textarea.

/** An `@` at the start or after a space or bracket, then up to 30 letters without spaces. */
const TYPING_MENTION = /(?:^|[\s([{])@([^\s@[\]()]{0,30})$/u;

export type MentionQuery = {
  /** Index of the `@`. */
  start: number;
  /** What follows it, up to the caret. */
  query: string;
};

/** The mention being typed just before `caret`, if any. */
export function mentionAt(value: string, caret: number): MentionQuery | undefined {
  const match = TYPING_MENTION.exec(value.slice(0, caret));
  if (!match) return undefined;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** `value` with the typed `@query` replaced by the person's mention and a space; the new caret. */
export function insertMention(
  value: string,
  at: MentionQuery,
  person: { id: string; name: string },
): { value: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const mention = `${mentionMarkdown(person.name, person.id)} `;
  const rest = value.slice(end).replace(/^ /, '');
  return { value: `${value.slice(0, at.start)}${mention}${rest}`, caret: at.start + mention.length };
}
