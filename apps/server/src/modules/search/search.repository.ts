import { normaliseTaskKey } from '@shipyard/shared';
import { type AnyColumn, and, arrayContains, asc, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { events, products, taskComments, tasks, users } from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { inVisibleProducts, type Viewer, visibleProducts } from '../../lib/visibility.ts';

// The search queries (docs/decisions/015-search.md). Each kind is one query that an index serves:
// the generated `search_vector` column (GIN, migration 0015) for words, and the trigram index of
// the name or title for parts of words and misspellings. Visibility is the lists' own predicate.

/** The words of the query: `websearch_to_tsquery` accepts anything a person types ("a b", -c, "or"). */
const wordsOf = (q: string) => sql`websearch_to_tsquery('simple', ${q})`;

/** Trigrams need three characters; shorter queries match whole words only. */
const TRIGRAM_MIN = 3;

// A mark that no stored text holds (shared text rules refuse C0 controls), so a headline's pieces
// split back into text and matches without any HTML.
export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * A word every task holds would otherwise rank 50,000 rows per call: each kind ranks the best of at
 * most this many visible matches (found in index or table order), and shows the best `limit`.
 */
const SEARCH_CANDIDATES = 1000;

type Text = AnyColumn | SQL.Aliased<string>;
const vectorOf = (table: PgTable) => sql<string>`${table}.search_vector`.as('match_vector');
const headline = (column: Text, q: string) =>
  sql<string>`ts_headline('simple', ${column}, ${wordsOf(q)}, ${headlineOptions})`;

/**
 * The name or title contains the query, or is close to it (both served by the trigram index).
 * Misspellings: `q <% name` holds when a stretch of the name shares at least 0.6 of the query's
 * trigrams (pg_trgm's default `word_similarity_threshold`, which search leaves alone so that its
 * queries need no transaction or session setting: "shipyrd" 0.63, "kraftwek" 0.78; a swap inside
 * a short word, "relase" 0.5, is too far).
 */
function nameMatches(column: AnyColumn, q: string): SQL | undefined {
  if ([...q].length < TRIGRAM_MIN) return undefined;
  return or(containsInsensitive(column, q), sql`${q} <% ${column}`);
}

/** Words weigh by where they are (name A, text B); closeness of the name adds to it. */
function rankOf(vector: Text, name: Text | undefined, q: string) {
  const words = sql`ts_rank_cd(${vector}, ${wordsOf(q)})`;
  return name ? sql`${words} + word_similarity(${q}, ${name})` : words;
}

const matches = (table: PgTable, name: AnyColumn | undefined, q: string) =>
  or(sql`${table}.search_vector @@ ${wordsOf(q)}`, name ? nameMatches(name, q) : undefined);

export type SearchTerms = { q: string; limit: number };

/**
 * Each kind's query is answered unexecuted (the service awaits it), so the plans test can EXPLAIN
 * exactly what runs. Each reads the visible matches (at most SEARCH_CANDIDATES) in a subquery,
 * then ranks them and joins what the result shows to the best `limit` only.
 */
export function createSearchRepository() {
  return {
    products(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      const m = tx
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          archivedAt: products.archivedAt,
          vector: vectorOf(products),
        })
        .from(products)
        .where(and(matches(products, products.name, q), visibleProducts(viewer)))
        .limit(SEARCH_CANDIDATES)
        .as('m');
      return tx
        .select({
          id: m.id,
          name: m.name,
          archived: sql<boolean>`${m.archivedAt} is not null`,
          snippet: headline(m.description, q),
        })
        .from(m)
        .orderBy(desc(rankOf(m.vector, m.name, q)), asc(m.id))
        .limit(limit);
    },

    /**
     * Tasks by their words, or by their key when the query is one (`atl-12`, issue 28): the task
     * with that exact key ranks first (tasks_key_key serves it, OR'd with the words' index).
     */
    tasks(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      const key = normaliseTaskKey(q);
      const m = tx
        .select({
          id: tasks.id,
          key: tasks.key,
          title: tasks.title,
          description: tasks.description,
          productId: tasks.productId,
          vector: vectorOf(tasks),
        })
        .from(tasks)
        .where(
          and(
            key ? or(eq(tasks.key, key), matches(tasks, tasks.title, q)) : matches(tasks, tasks.title, q),
            inVisibleProducts(tx, tasks.productId, viewer),
          ),
        )
        .limit(SEARCH_CANDIDATES)
        .as('m');
      return tx
        .select({
          id: m.id,
          key: m.key,
          title: m.title,
          productId: m.productId,
          productName: products.name,
          snippet: headline(m.description, q),
        })
        .from(m)
        .innerJoin(products, eq(products.id, m.productId))
        .orderBy(
          ...(key ? [desc(sql`${m.key} = ${key}`)] : []),
          desc(rankOf(m.vector, m.title, q)),
          asc(m.id),
        )
        .limit(limit);
    },

    comments(tx: Db, viewer: Viewer, { q, limit }: SearchTerms) {
      // Per matching comment, its task's product (a primary-key lookup) among the visible ones:
      // a join would first gather every visible task (25,000 for bench-member) on every call.
      const visible = visibleProducts(viewer);
      const m = tx
        .select({
          id: taskComments.id,
          taskId: taskComments.taskId,
          body: taskComments.body,
          vector: vectorOf(taskComments),
        })
        .from(taskComments)
        .where(
          and(
            matches(taskComments, undefined, q),
            visible
              ? sql`(select ${tasks.productId} from ${tasks} where ${tasks.id} = ${taskComments.taskId})
                    in (select ${products.id} from ${products} where ${visible})`
              : undefined,
          ),
        )
        .limit(SEARCH_CANDIDATES)
        .as('m');
      // The best `limit` first, then their tasks: a join of every candidate would read all tasks.
      const top = tx
        .select({
          id: m.id,
          taskId: m.taskId,
          body: m.body,
          // Not 'rank': tasks and products have a rank column (issue 28), which would make it ambiguous.
          rank: sql<number>`${rankOf(m.vector, undefined, q)}`.as('match_rank'),
        })
        .from(m)
        .orderBy(desc(rankOf(m.vector, undefined, q)), asc(m.id))
        .limit(limit)
        .as('top');
      return tx
        .select({
          id: top.id,
          taskId: tasks.id,
          taskKey: tasks.key,
          taskTitle: tasks.title,
          productId: tasks.productId,
          productName: products.name,
          snippet: headline(top.body, q),
        })
        .from(top)
        .innerJoin(tasks, eq(tasks.id, top.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .orderBy(desc(top.rank), asc(top.id));
    },

    /** Events as the calendar shows them: the viewer's own, those naming their e-mail, a visible product's. */
    events(tx: Db, viewer: Viewer & { email: string }, { q, limit }: SearchTerms) {
      const visible = or(
        eq(events.createdBy, viewer.id),
        arrayContains(events.participants, [viewer.email]),
        inVisibleProducts(tx, events.productId, viewer) ?? isNotNull(events.productId),
      );
      const m = tx
        .select({
          id: events.id,
          title: events.title,
          description: events.description,
          date: events.date,
          startTime: events.startTime,
          vector: vectorOf(events),
        })
        .from(events)
        .where(and(matches(events, events.title, q), visible))
        .limit(SEARCH_CANDIDATES)
        .as('m');
      return tx
        .select({
          id: m.id,
          title: m.title,
          date: m.date,
          startTime: m.startTime,
          snippet: headline(m.description, q),
        })
        .from(m)
        .orderBy(desc(rankOf(m.vector, m.title, q)), asc(m.id))
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
