import {
  conversationNotificationTexts,
  type NotificationType,
  WATCHERS_LISTED_MAX,
  type WatcherList,
} from '@shipyard/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskWatchers, users } from '../../db/schema/index.ts';
import { type Change, type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { refuseArchivedProduct, seesProduct, type Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { Notifier } from '../notifications/index.ts';
import { findVisibleTask, holdVisibleTask, type SeenTask } from './tasks.access.ts';

// A task's watchers (issue 15): who hears of its comments and status changes. Creator and
// assignee watch it from the start, anyone who sees it may watch or stop; a watcher who no longer
// sees the product is neither listed nor told. Writes run in the caller's transaction and answer
// the realtime changes to publish after the commit.

type Actor = { id: string; name: string };
type TaskOfProduct = { id: string; productId: string };

const person = { id: users.id, name: users.name, avatarUrl: users.avatarUrl };

/** A task's watchers changed: everyone on its page refreshes the watch button. */
const watcherChange = (task: TaskOfProduct): Change => ({
  kind: 'watcher',
  op: 'updated',
  id: task.id,
  productId: task.productId,
});

const present = (ids: ReadonlyArray<string | null | undefined>) => [
  ...new Set(ids.filter((id): id is string => Boolean(id))),
];

/** Makes them watch (those who already do are left as they are): the insert, not run. */
function watchStatement(tx: Db, taskId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return undefined;
  return tx
    .insert(taskWatchers)
    .values(userIds.map((userId) => ({ taskId, userId })))
    .onConflictDoNothing()
    .returning({ userId: taskWatchers.userId });
}

async function watch(tx: Db, task: TaskOfProduct, userIds: ReadonlyArray<string | null | undefined>) {
  const statement = watchStatement(tx, task.id, present(userIds));
  const started = statement ? (await statement).length : 0;
  return started > 0 ? [watcherChange(task)] : [];
}

export function createTaskWatching({ db, notifier }: { db: Db; notifier: Notifier }) {
  /** Notifies the watchers who still see the product, never the actor nor those in `except`. */
  async function notifyWatchers(
    tx: Db,
    task: TaskOfProduct,
    actor: Actor,
    notification: { type: NotificationType; message: string; metadata: Record<string, unknown> },
    except: readonly string[] = [],
  ): Promise<Change[]> {
    const watchers = await tx
      .select({ id: users.id })
      .from(taskWatchers)
      .innerJoin(users, eq(users.id, taskWatchers.userId))
      .where(
        and(
          eq(taskWatchers.taskId, task.id),
          ne(users.id, actor.id),
          except.length ? sql`${users.id} <> all(${sql.param([...except])}::uuid[])` : undefined,
          seesProduct(task.productId),
        ),
      );
    const rows = await notifier.insertMany(
      watchers.map(({ id }) => ({ userId: id, senderId: actor.id, ...notification })),
      tx,
    );
    return rows.map((row) => notificationChange('created', row));
  }

  return {
    notifyWatchers,

    /** Makes the people (nulls skipped) watch the task. */
    watch,

    /**
     * `watch` as a statement for the caller to send with its other writes (lib/write.ts
     * writeTogether), and the changes to publish given how many rows it returned (how many started).
     */
    watchStatement(tx: Db, task: TaskOfProduct, userIds: ReadonlyArray<string | null | undefined>) {
      return {
        statement: watchStatement(tx, task.id, present(userIds)),
        changes: (started: number): Change[] => (started > 0 ? [watcherChange(task)] : []),
      };
    },

    /** New tasks' watchers at once (an import), one insert per 1000: no realtime change, the tasks are new. */
    async watchNew(tx: Db, pairs: ReadonlyArray<{ taskId: string; userId: string | null }>) {
      const values = pairs.filter((p): p is { taskId: string; userId: string } => Boolean(p.userId));
      for (let i = 0; i < values.length; i += 1000) {
        await tx
          .insert(taskWatchers)
          .values(values.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    },

    /** TASK_STATUS to the watchers of a task whose status `actor` just changed. */
    statusChanged(tx: Db, actor: Actor, task: TaskOfProduct & { title: string; status: string }) {
      return notifyWatchers(tx, task, actor, {
        type: 'TASK_STATUS',
        message: conversationNotificationTexts.status(actor.name, task.title, task.status),
        metadata: { taskId: task.id, productId: task.productId, status: task.status },
      });
    },

    /** The first watchers by name who still see the product, how many in all, and whether the caller is one. */
    async of(viewer: { id: string }, task: SeenTask): Promise<WatcherList> {
      const watching = and(eq(taskWatchers.taskId, task.id), seesProduct(task.productId));
      const [rows, [total], [mine]] = await Promise.all([
        db
          .select(person)
          .from(taskWatchers)
          .innerJoin(users, eq(users.id, taskWatchers.userId))
          .where(watching)
          .orderBy(asc(users.name), asc(users.id))
          .limit(WATCHERS_LISTED_MAX),
        db
          .select({ n: count() })
          .from(taskWatchers)
          .innerJoin(users, eq(users.id, taskWatchers.userId))
          .where(watching),
        db
          .select({ userId: taskWatchers.userId })
          .from(taskWatchers)
          .where(and(eq(taskWatchers.taskId, task.id), eq(taskWatchers.userId, viewer.id)))
          .limit(1),
      ]);
      return {
        data: rows.map((p) => ({ id: p.id, name: p.name, avatar_url: p.avatarUrl })),
        total: total?.n ?? 0,
        watching: mine !== undefined,
      };
    },
  };
}

export type TaskWatching = ReturnType<typeof createTaskWatching>;

/** GET, PUT and DELETE /tasks/{id}/watch(ers): anyone who sees the task, guests too; not on an archived product. */
export function createWatchersService({
  db,
  changes,
  watching,
}: {
  db: Db;
  changes: Changes;
  watching: TaskWatching;
}) {
  const inTransaction = createInTransaction(db, changes);
  async function setWatching(actor: SessionUser, taskId: string, on: boolean): Promise<WatcherList> {
    const task = await inTransaction(async (tx, after) => {
      const found = await holdVisibleTask(tx, actor, taskId);
      await refuseArchivedProduct(tx, found.productId);
      const rows = on
        ? await watch(tx, found, [actor.id])
        : await tx
            .delete(taskWatchers)
            .where(and(eq(taskWatchers.taskId, found.id), eq(taskWatchers.userId, actor.id)))
            .returning({ userId: taskWatchers.userId })
            .then((deleted) => (deleted.length > 0 ? [watcherChange(found)] : []));
      after.publish(...rows);
      return found;
    });
    return watching.of(actor, task);
  }
  return {
    async list(viewer: Viewer & { id: string }, taskId: string): Promise<WatcherList> {
      return watching.of(viewer, await findVisibleTask(db, viewer, taskId));
    },
    watch: (actor: SessionUser, taskId: string) => setWatching(actor, taskId, true),
    unwatch: (actor: SessionUser, taskId: string) => setWatching(actor, taskId, false),
  };
}

export type WatchersService = ReturnType<typeof createWatchersService>;
