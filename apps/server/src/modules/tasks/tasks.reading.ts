import type { TaskList, TaskQuery } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct } from '../../lib/visibility.ts';
import { createTaskExport } from './tasks.export.ts';
import { fieldPeopleOfTasks } from './tasks.field-people.ts';
import type { TaskListing, TaskListQuery } from './tasks.listing.ts';
import { toTask } from './tasks.mapper.ts';
import type { PageStamp } from './tasks.page-stamp.ts';

// Reading task lists (issue 28): /tasks, a product's Tasks tab and their CSV exports, each page
// with its rows' labels and blockers (issue 29) and the names of the people its rows' fields shown
// on cards name; the tasks service serves them as its own.

export function createTaskReading({
  db,
  listing,
  firstPages,
}: {
  db: Db;
  listing: TaskListing;
  firstPages?: FreshCache | undefined;
}) {
  const exportCsv = createTaskExport({ db, listing });
  /** What each shared first page was made from, when it can outlast moves (tasks.page-stamp.ts). */
  const stamps = new WeakMap<TaskList, PageStamp>();

  async function list(query: TaskListQuery): Promise<TaskList> {
    const { rows, total, nextCursor, groups, estimateSum, stamp } = await listing.list(query);
    const people = await fieldPeopleOfTasks(
      db,
      rows.map(({ task }) => ({ id: task.id, fields: task.fields })),
    );
    const answer: TaskList = {
      data: rows.map((row) => toTask(row, row.labels, row.blockers)),
      total,
      nextCursor,
      ...(groups ? { groups } : {}),
      estimateSum,
      ...(people.length > 0 ? { people } : {}),
    };
    if (stamp) stamps.set(answer, stamp);
    return answer;
  }

  return {
    /** The /tasks list as CSV. */
    async exportAll(actor: SessionUser, { cursor: _cursor, limit: _limit, ...query }: TaskQuery) {
      return exportCsv({ ...query, me: actor, visibleTo: actor });
    },

    /** A product's Tasks tab as CSV; 404 unless the caller sees the product. */
    async exportForProduct(actor: SessionUser, productId: string, query: TaskQuery) {
      await findVisibleProduct(db, actor, productId);
      const { cursor: _cursor, limit: _limit, ...rest } = query;
      return exportCsv({ ...rest, productId, me: actor });
    },

    /**
     * Every task of the products the caller may see. A first page (no cursor) is the same object
     * for every request of the caller with the same query until a write to what it reads (tasks,
     * products, teams, team members, users, labels, task labels, watchers, mentions: all bump
     * analytics_version, migrations 0014, 0017 and 0043) outdates it, unless the page outlasts the
     * write (a move of tasks it neither shows nor picks by, tasks.page-stamp.ts); a later page is
     * read each time.
     */
    async listAll(actor: SessionUser, query: TaskQuery): Promise<TaskList> {
      const listQuery = { ...query, me: actor, visibleTo: actor };
      if (query.cursor || !firstPages) return list(listQuery);
      const compute = async (outdated?: Promise<TaskList>) => {
        const kept = await outdated;
        const stamp = kept && stamps.get(kept);
        if (kept && stamp && (await listing.stillShown(stamp))) return kept;
        return list(listQuery);
      };
      return firstPages.get(listing.keyOf(listQuery), compute, undefined, actor.freshness);
    },

    async listForProduct(actor: SessionUser, productId: string, query: TaskQuery): Promise<TaskList> {
      await findVisibleProduct(db, actor, productId);
      return list({ ...query, productId, me: actor });
    },
  };
}
