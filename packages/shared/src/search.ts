import { z } from 'zod/mini';
import { singleLine } from './text.ts';

// Search and the command palette (issue 16, docs/decisions/015-search.md): one call finds
// products, tasks, comments, events and (for those who may list them) people, grouped by kind.

export const SEARCH_KINDS = ['product', 'task', 'comment', 'event', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MAX = 200;
/** Results per kind: `limit` defaults to this and may go up to SEARCH_LIMIT_MAX. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;
/**
 * The default of SEARCH_RATE_PER_MINUTE: type-ahead sends a request a pause after each burst of
 * keys, so this leaves room for busy typing.
 */
export const SEARCHES_PER_MINUTE = 120;

export const searchMessages = {
  kinds: `Kinds must be a comma-separated list of: ${SEARCH_KINDS.join(', ')}`,
  rateLimited: (perMinute: number) =>
    `You can search at most ${perMinute} times a minute. Please wait a minute and try again.`,
  noResults: 'No results found.',
} as const;

/** `kinds=task,comment` (or repeated); nothing or '' means every kind. */
const KindListSchema = z._default(
  z.pipe(
    z.transform((v: unknown) => [
      ...new Set(
        (Array.isArray(v) ? v.join(',') : String(v ?? ''))
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ]),
    z.array(z.enum(SEARCH_KINDS, searchMessages.kinds)).check(z.maxLength(SEARCH_KINDS.length)),
  ),
  [],
);

/** GET /api/search?q=&kinds=&limit= */
export const SearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.maxLength(SEARCH_QUERY_MAX), singleLine()),
  kinds: KindListSchema,
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(SEARCH_LIMIT_MAX))),
    SEARCH_LIMIT_DEFAULT,
  ),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** Text in pieces, the matched ones marked: rendered as <mark>, never as HTML. */
export const HighlightSchema = z.array(z.object({ text: z.string(), mark: z.boolean() }));
export type Highlight = z.infer<typeof HighlightSchema>;

export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The name or title (for a comment, its task's title; for a person, their name). */
  title: HighlightSchema,
  /** Where the words matched in the description or body (a person: their e-mail); may be empty. */
  snippet: HighlightSchema,
  /** The task a comment belongs to; null for other kinds. */
  taskId: z.nullable(z.string()),
  /** The key of a task, or of a comment's task (`ATL-12`, issue 28); absent for other kinds. */
  taskKey: z.optional(z.string()),
  /** The product a task, comment or event belongs to (null for others, and for an event without one). */
  productId: z.nullable(z.string()),
  /** A line under the title: the product's name, an event's date, a person's role. */
  context: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({
  /** The non-empty groups, in SEARCH_KINDS order, each best match first. */
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(SearchHitSchema) })),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Marks every case-insensitive occurrence of the query's words (2 letters or more) in `text`. */
export function highlightWords(text: string, query: string): Highlight {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 2),
    ),
  ];
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  // toLowerCase keeps lengths for the scripts we match on; when it does not, mark nothing.
  if (lower.length === text.length) {
    for (const word of words) {
      for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + word.length)) {
        marked.fill(true, at, at + word.length);
      }
    }
  }
  const pieces: Highlight = [];
  for (let i = 0; i < text.length; ) {
    let end = i;
    while (end < text.length && marked[end] === marked[i]) end++;
    pieces.push({ text: text.slice(i, end), mark: Boolean(marked[i]) });
    i = end;
  }
  return pieces;
}
