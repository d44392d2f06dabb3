import { and, asc, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, products, tasks, type UserRow, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { visibleProducts } from '../../lib/visibility.ts';

// Tasks on the calendar and the personal feed's token (issue 16, docs/decisions/017-calendar-feed.md).

export type CalendarTaskRow = {
  id: string;
  title: string;
  dueDate: string;
  status: 'Pending' | 'In Progress' | 'Completed';
  priority: 'low' | 'medium' | 'high' | 'critical';
  description: string;
  productId: string;
  productName: string;
  assigneeId: string | null;
  assigneeName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type TaskRange = {
  from: string;
  to: string;
  limit: number;
  productId?: string | undefined;
  assigneeId?: string | undefined;
};

export function createCalendarRepository(db: Db) {
  return {
    /**
     * The tasks of the products the viewer sees, due on the days from..to (tasks_due_idx, or
     * tasks_assignee_due_idx for one assignee), by day and title, `limit + 1` at most.
     */
    async tasksInRange(viewer: Viewer, range: TaskRange): Promise<CalendarTaskRow[]> {
      const conditions: Array<SQL | undefined> = [
        gte(tasks.dueDate, range.from),
        lte(tasks.dueDate, range.to),
        visibleProducts(viewer),
        range.productId ? eq(tasks.productId, range.productId) : undefined,
        range.assigneeId ? eq(tasks.assigneeId, range.assigneeId) : undefined,
      ];
      const rows = await db
        .select({
          id: tasks.id,
          title: tasks.title,
          dueDate: tasks.dueDate,
          status: tasks.status,
          priority: tasks.priority,
          description: tasks.description,
          productId: tasks.productId,
          productName: products.name,
          assigneeId: tasks.assigneeId,
          assigneeName: users.name,
          createdAt: tasks.createdAt,
          updatedAt: tasks.updatedAt,
        })
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .leftJoin(users, eq(users.id, tasks.assigneeId))
        .where(and(...conditions))
        .orderBy(asc(tasks.dueDate), asc(tasks.title), asc(tasks.id))
        .limit(range.limit + 1);
      // due_date is not null here: the range conditions exclude null.
      return rows.map((row) => ({ ...row, dueDate: row.dueDate ?? range.from }));
    },

    /** The account's feed (never the token), if it has one. */
    async findFeed(userId: string) {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .limit(1);
      return row;
    },

    /** Creates the account's feed, or gives it a new token (the old one stops matching at once). */
    async saveFeed(userId: string, token: string, now: Date) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash: sha256(token), createdAt: now })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash: sha256(token), createdAt: now },
        })
        .returning({ createdAt: calendarFeeds.createdAt });
      if (!row) throw new Error('calendar feed upsert returned nothing');
      return row;
    },

    /** Turns the feed off; false when there was none. */
    async removeFeed(userId: string) {
      const gone = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return gone.length > 0;
    },

    /** The owner of the feed token, if the token is current and the account is not disabled. */
    async ownerOfToken(token: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.tokenHash, sha256(token)), isNull(users.disabledAt)))
        .limit(1);
      return row?.user;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
