import { type AnyColumn, and, arrayContains, asc, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { events, products, taskComments, tasks, users } from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { inVisibleProducts, type Viewer, visibleProducts } from '../../lib/visibility.ts';

// The search queries (docs/decisions/015-search.md). Each kind is one query that an index serves:
// the generated `search_vector` column (GIN, migration 0012) for words, and the trigram index of
// the name or title for parts of words and misspellings. Visibility is the lists' own predicate.

/** The words of the query: `websearch_to_tsquery` accepts anything a person types ("a b", -c, "or"). */
export const wordsOf = (q: string) => sql`websearch_to_tsquery('simple', ${q})`;

/** Trigrams need three characters; shorter queries match whole words only. */
export const TRIGRAM_MIN = 3;
/** Misspellings: the query's trigrams found in a stretch of the name (pg_trgm word_similarity). */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

// A mark that no stored text holds (shared text rules refuse C0 controls), so a headline's pieces
// split back into text and matches without any HTML.
export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

const vectorOf = (table: PgTable) => sql`${table}.search_vector`;
const headline = (column: AnyColumn, q: string) =>
  sql<string>`ts_headline('simple', ${column}, ${wordsOf(q)}, ${headlineOptions})`;

/** The name or title contains the query, or is close to it (both served by the trigram index). */
function nameMatches(column: AnyColumn, q: string): SQL | undefined {
  if ([...q].length < TRIGRAM_MIN) return undefined;
  return or(containsInsensitive(column, q), sql`${q} <% ${column}`);
}

/** Words weigh by where they are (name A, text B); closeness of the name adds to it. */
function rankOf(table: PgTable, name: AnyColumn | undefined, q: string) {
  const words = sql`ts_rank_cd(${vectorOf(table)}, ${wordsOf(q)})`;
  return name ? sql<number>`${words} + word_similarity(${q}, ${name})` : sql<number>`${words}`;
}

const matches = (table: PgTable, name: AnyColumn | undefined, q: string) =>
  or(sql`${vectorOf(table)} @@ ${wordsOf(q)}`, name ? nameMatches(name, q) : undefined);

export type SearchTerms = { q: string; limit: number };

/**
 * Each kind's query is answered unexecuted (the service awaits it), so the plans test can EXPLAIN
 * exactly what runs.
 */
export function createSearchRepository() {
  return {
    /** Makes `<%` mean "close enough" for this transaction's queries. */
    async prepare(tx: Db) {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
      );
    },

    products(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      const rank = rankOf(products, products.name, q);
      return tx
        .select({
          id: products.id,
          name: products.name,
          archived: sql<boolean>`${products.archivedAt} is not null`,
          snippet: headline(products.description, q),
        })
        .from(products)
        .where(and(matches(products, products.name, q), visibleProducts(viewer)))
        .orderBy(desc(rank), asc(products.id))
        .limit(limit);
    },

    tasks(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      const rank = rankOf(tasks, tasks.title, q);
      return tx
        .select({
          id: tasks.id,
          title: tasks.title,
          productId: tasks.productId,
          productName: products.name,
          snippet: headline(tasks.description, q),
        })
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(matches(tasks, tasks.title, q), inVisibleProducts(tx, tasks.productId, viewer)))
        .orderBy(desc(rank), asc(tasks.id))
        .limit(limit);
    },

    comments(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      const rank = rankOf(taskComments, undefined, q);
      return tx
        .select({
          id: taskComments.id,
          taskId: tasks.id,
          taskTitle: tasks.title,
          productId: tasks.productId,
          productName: products.name,
          snippet: headline(taskComments.body, q),
        })
        .from(taskComments)
        .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(matches(taskComments, undefined, q), inVisibleProducts(tx, tasks.productId, viewer)))
        .orderBy(desc(rank), asc(taskComments.id))
        .limit(limit);
    },

    /** Events as the calendar shows them: the viewer's own, those naming their e-mail, a visible product's. */
    events(tx: Db, viewer: Viewer & { email: string }, { q, limit }: SearchTerms) {
      const rank = rankOf(events, events.title, q);
      const visible = or(
        eq(events.createdBy, viewer.id),
        arrayContains(events.participants, [viewer.email]),
        inVisibleProducts(tx, events.productId, viewer) ?? isNotNull(events.productId),
      );
      return tx
        .select({
          id: events.id,
          title: events.title,
          date: events.date,
          startTime: events.startTime,
          snippet: headline(events.description, q),
        })
        .from(events)
        .where(and(matches(events, events.title, q), visible))
        .orderBy(desc(rank), asc(events.id))
        .limit(limit);
    },

    /** People by name or e-mail: only asked for callers who may list every user (admins). */
    people(tx: Db, { q, limit }: SearchTerms) {
      const match = nameMatches(users.name, q);
      const byEmail = [...q].length >= TRIGRAM_MIN ? containsInsensitive(users.email, q) : undefined;
      const rank = sql<number>`word_similarity(${q}, ${users.name})`;
      return tx
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(or(match, byEmail, eq(users.email, q.toLowerCase())))
        .orderBy(desc(rank), asc(users.name), asc(users.id))
        .limit(limit);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
