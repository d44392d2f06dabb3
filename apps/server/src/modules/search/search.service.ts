import {
  type Highlight,
  highlightWords,
  isAdmin,
  SEARCH_KINDS,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../lib/session.ts';
import { MARK_START, MARK_STOP, type SearchRepository } from './search.repository.ts';

// GET /api/search (docs/decisions/015-search.md): what the caller may see, grouped by kind.

/** A ts_headline with MARK_START/MARK_STOP around matches → pieces; no HTML is ever involved. */
function piecesOfHeadline(headline: string): Highlight {
  const pieces: Highlight = [];
  let mark = false;
  for (const part of headline.split(new RegExp(`([${MARK_START}${MARK_STOP}])`))) {
    if (part === MARK_START) mark = true;
    else if (part === MARK_STOP) mark = false;
    else if (part !== '') pieces.push({ text: part, mark });
  }
  return pieces;
}

/** People are found only by those who may list every user (decision 011: admins). */
const maySearchPeople = (viewer: SessionUser) => isAdmin(viewer.role);

type Deps = { db: Db; search: SearchRepository };

export function createSearchService({ db, search }: Deps) {
  type Finder = (tx: Db, viewer: SessionUser, q: string, limit: number) => Promise<SearchHit[]>;
  const hit = (kind: SearchKind, id: string, fields: Omit<SearchHit, 'kind' | 'id'>): SearchHit => ({
    kind,
    id,
    ...fields,
  });

  const finders: Record<SearchKind, Finder> = {
    product: async (tx, viewer, q, limit) =>
      (await search.products(tx, viewer, { q, limit })).map((row) =>
        hit('product', row.id, {
          title: highlightWords(row.name, q),
          snippet: piecesOfHeadline(row.snippet),
          taskId: null,
          productId: row.id,
          context: row.archived ? 'Archived product' : 'Product',
        }),
      ),
    task: async (tx, viewer, q, limit) =>
      (await search.tasks(tx, viewer, { q, limit })).map((row) =>
        hit('task', row.id, {
          title: highlightWords(row.title, q),
          snippet: piecesOfHeadline(row.snippet),
          taskId: row.id,
          taskKey: row.key,
          productId: row.productId,
          context: row.productName,
        }),
      ),
    comment: async (tx, viewer, q, limit) =>
      (await search.comments(tx, viewer, { q, limit })).map((row) =>
        hit('comment', row.id, {
          title: [{ text: row.taskTitle, mark: false }],
          snippet: piecesOfHeadline(row.snippet),
          taskId: row.taskId,
          taskKey: row.taskKey,
          productId: row.productId,
          context: row.productName,
        }),
      ),
    event: async (tx, viewer, q, limit) =>
      (await search.events(tx, viewer, { q, limit })).map((row) =>
        hit('event', row.id, {
          title: highlightWords(row.title, q),
          snippet: piecesOfHeadline(row.snippet),
          taskId: null,
          productId: null,
          context: row.startTime ? `${row.date} ${row.startTime.slice(0, 5)}` : row.date,
        }),
      ),
    person: async (tx, _viewer, q, limit) =>
      (await search.people(tx, { q, limit })).map((row) =>
        hit('person', row.id, {
          title: highlightWords(row.name, q),
          snippet: highlightWords(row.email, q),
          taskId: null,
          productId: null,
          context: row.role,
        }),
      ),
  };

  return {
    async search(viewer: SessionUser, query: SearchQuery): Promise<SearchResult> {
      const asked = query.kinds.length > 0 ? query.kinds : SEARCH_KINDS;
      const kinds = SEARCH_KINDS.filter(
        (kind) => asked.includes(kind) && (kind !== 'person' || maySearchPeople(viewer)),
      );
      if (query.q === '' || kinds.length === 0) return { groups: [] };
      // One query per kind, side by side on the pool: the slowest kind is the answer's time.
      const found = await Promise.all(kinds.map((kind) => finders[kind](db, viewer, query.q, query.limit)));
      return {
        groups: kinds
          .map((kind, index) => ({ kind, hits: found[index] ?? [] }))
          .filter((group) => group.hits.length > 0),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
