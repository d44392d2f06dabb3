import { conversationNotificationTexts, type NotificationType } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { type Change, notificationChange } from '../../lib/realtime/changes.ts';
import type { Notifier } from '../notifications/index.ts';
import type { CommentsRepository, ConversationTask } from './comments.repository.ts';

type Actor = { id: string; name: string };

/** A task's watchers changed: everyone on its page refreshes the watch button. */
export const watcherChange = (task: { id: string; productId: string }): Change => ({
  kind: 'watcher',
  op: 'updated',
  id: task.id,
  productId: task.productId,
});

/**
 * Watching a task and notifying its watchers, inside the caller's transaction. The tasks module
 * uses it (auto-watch of creator and assignee, TASK_STATUS); comments use it for TASK_COMMENT.
 * Each call answers the realtime changes to publish after the commit.
 */
export function createTaskWatching({
  comments,
  notifier,
}: {
  comments: CommentsRepository;
  notifier: Notifier;
}) {
  /** Notifies the watchers who still see the product, never the actor nor those in `except`. */
  async function notifyWatchers(
    tx: Db,
    task: ConversationTask,
    actor: Actor,
    notification: { type: NotificationType; message: string; metadata: Record<string, unknown> },
    except: readonly string[] = [],
  ): Promise<Change[]> {
    const userIds = await comments.watchersToNotify(tx, task, actor.id, except);
    const rows = await notifier.insertMany(
      userIds.map((userId) => ({ userId, senderId: actor.id, ...notification })),
      tx,
    );
    return rows.map((row) => notificationChange('created', row));
  }

  return {
    notifyWatchers,

    /** New tasks' watchers at once (an import): no realtime change, the tasks are new to everyone. */
    async watchNew(tx: Db, pairs: ReadonlyArray<{ taskId: string; userId: string | null }>) {
      await comments.watchMany(
        tx,
        pairs.filter((p): p is { taskId: string; userId: string } => Boolean(p.userId)),
      );
    },

    /** Makes the people (nulls skipped) watch the task. */
    async watch(
      tx: Db,
      task: { id: string; productId: string },
      userIds: ReadonlyArray<string | null | undefined>,
    ): Promise<Change[]> {
      const started = await comments.watch(
        tx,
        task.id,
        userIds.filter((id): id is string => Boolean(id)),
      );
      return started > 0 ? [watcherChange(task)] : [];
    },

    /**
     * `watch` as a statement for the caller to send with its other writes (lib/write.ts
     * writeTogether), and the changes to publish given how many rows it returned (how many started).
     */
    watchStatement(
      tx: Db,
      task: { id: string; productId: string },
      userIds: ReadonlyArray<string | null | undefined>,
    ) {
      return {
        statement: comments.watchStatement(
          tx,
          task.id,
          userIds.filter((id): id is string => Boolean(id)),
        ),
        changes: (started: number): Change[] => (started > 0 ? [watcherChange(task)] : []),
      };
    },

    /** TASK_STATUS to the watchers of a task whose status `actor` just changed. */
    async statusChanged(
      tx: Db,
      actor: Actor,
      task: ConversationTask & { status: string },
    ): Promise<Change[]> {
      return notifyWatchers(tx, task, actor, {
        type: 'TASK_STATUS',
        message: conversationNotificationTexts.status(actor.name, task.title, task.status),
        metadata: { taskId: task.id, productId: task.productId, status: task.status },
      });
    },
  };
}

/** What other modules (tasks) use of the conversation. */
export type TaskWatching = Pick<
  ReturnType<typeof createTaskWatching>,
  'watch' | 'watchStatement' | 'watchNew' | 'statusChanged'
>;
