import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockersOfCard } from './tasks.blockers.ts';
import { rowVersion, VISIBILITY, versionOf } from './tasks.tallies.ts';

// A first page that outlasts moves (docs/decisions/023-request-hot-path.md, "Pages that outlast
// moves"). A list whose filters, grouping and sort read none of a task's moving columns (status,
// workflow state, completion, rank, updated_at: tasks.query.ts pageReadsMoves) picks the same rows
// and counts the same after a move of any task: its products' steady versions (migration 0045) say
// whether anything else changed. So after a write the page made before it is shown again when,
// read now, those versions, the viewer's visibility version and each of its rows are those it was
// made from. A row is its tuple (xmin of public.tasks: any update of the row makes a new one, a
// move to the trash too) and its open blockers (another task's status, which a move of that task
// changes).

/** The page's reads, in the order they were made: versions before rows were picked, rows with their stamps. */
export type PageStamp = {
  /** When the page was made (ms): past PAGE_STAMP_MAX_AGE_MS it is made again. */
  at: number;
  /** The products listed and their steady versions, and the visibility version, read before the page was picked. */
  products: string[];
  versions: string[];
  visibility: string;
  /** The ids shown and each row's stamp (the extra row read to tell whether another page follows is the pick's). */
  ids: string[];
  rows: string[];
};

/** As long as a first page is shared without a write (TASK_PAGE_CACHE): after that it is made again. */
export const PAGE_STAMP_MAX_AGE_MS = 30_000;

/** A row's stamp as the page read it (`xmin` and the row's blockers as blockersOfCard reads them). */
export const rowStampOf = (xmin: string, blockers: string) => `${xmin}:${blockers}`;

const equal = (a: readonly (string | null)[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Whether the page `stamp` tells of is still the one its query would make now: one statement, sent
 * after the request's freshness reading (its snapshot is later, as a computation's would be).
 */
export async function stillShown(db: Db, stamp: PageStamp): Promise<boolean> {
  const { rows } = await db.execute<{
    versions: string[];
    visibility: string;
    rows: (string | null)[];
  }>(sql`select
    array(select ${versionOf(sql`p.id`, true)}
      from unnest(${sql.param(stamp.products)}::uuid[]) with ordinality p(id, n) order by p.n) as versions,
    ${rowVersion(VISIBILITY)} as visibility,
    array(select t.xmin::text || ':' || ${blockersOfCard('t')}
      from unnest(${sql.param(stamp.ids)}::uuid[]) with ordinality i(id, n)
      left join public.tasks t on t.id = i.id order by i.n) as rows`);
  const now = rows[0];
  return (
    now !== undefined &&
    now.visibility === stamp.visibility &&
    equal(now.versions, stamp.versions) &&
    equal(now.rows, stamp.rows)
  );
}
