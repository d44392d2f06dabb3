import {
  type Comment,
  type CommentList,
  type CommentListQuery,
  canCommentOnTask,
  commentMessages,
  conversationNotificationTexts,
  isAdmin,
  MENTIONABLE_LIMIT,
  type MentionableList,
  mentionedPeople,
  mentionedUserIds,
  plainTextPreview,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { encodeCursor, readCursor } from '../../lib/cursor.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { type Change, type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { refuseArchivedProduct } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { WebhookEventInput, WebhookOutbox } from '../services/index.ts';
import { type TaskWatching, taskNotFound } from '../tasks/index.ts';
import { toComment, toPerson } from './comments.mapper.ts';
import type { CommentsRepository, ConversationTask } from './comments.repository.ts';

type Deps = {
  db: Db;
  comments: CommentsRepository;
  /** The task's watchers (the tasks module's): commenters and the mentioned watch, watchers hear of comments. */
  watching: Pick<TaskWatching, 'watch' | 'notifyWatchers'>;
  notifier: Notifier;
  activities: ActivityRecorder;
  changes: Changes;
  /** Chat destinations hear of comments and mentions (issue 33) through the services' outbox. */
  outbox: Pick<WebhookOutbox, 'enqueue'>;
};

/** A person mentioned again by the same author on the same task within this window is not notified anew. */
const MENTION_AGAIN_AFTER_MINUTES = 10;

/**
 * What the inbox shows of a comment (issue 28): one line of plain text, mentions by name, never
 * markdown or a user id; only people who see the task are notified, so it shows nothing new.
 */
const excerptOf = (body: string) => plainTextPreview(body, 200);

/** The realtime change of a task's conversation: everyone who sees the product refreshes it. */
const commentChange = (op: Change['op'], task: ConversationTask): Change => ({
  kind: 'comment',
  op,
  id: task.id,
  productId: task.productId,
});

/**
 * The outbox event of a comment (chat destinations only: webhook services do not hear of
 * comments): the author, a plain excerpt, and who of the mentioned see the product, by name.
 */
function commentEvent(
  event: 'comment.created' | 'comment.mentioned',
  actor: SessionUser,
  task: ConversationTask,
  commentId: string,
  body: string,
  mentioned: readonly string[],
): WebhookEventInput {
  const told = new Set(mentioned);
  return {
    event,
    productIds: [task.productId],
    data: {
      taskId: task.id,
      ...(task.key && { key: task.key }),
      productId: task.productId,
      title: task.title,
      commentId,
      author: actor.name,
      excerpt: excerptOf(body),
      mentioned: mentionedPeople(body).filter((p) => told.has(p.id)),
    },
  };
}

export function createCommentsService({
  db,
  comments,
  watching,
  notifier,
  activities,
  changes,
  outbox,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const commentNotFound = () => NotFound(commentMessages.notFound, 'COMMENT_NOT_FOUND');
  const guestNotAssigned = () => Forbidden(commentMessages.guestNotAssigned, 'READ_ONLY');

  async function visibleTask(actor: SessionUser, taskId: string, tx?: Db) {
    const task = await comments.findVisibleTask(actor, taskId, tx);
    if (!task) throw taskNotFound();
    return task;
  }

  /**
   * Those of `ids` who see the product, less the author, are made watchers and told they were
   * mentioned: each once per comment (an edit that adds a mention back tells nobody again), and
   * a repeat by the same author on the same task within MENTION_AGAIN_AFTER_MINUTES refreshes
   * their earlier notification instead (issue 27). Answers who was mentioned (they get no
   * TASK_COMMENT for the same comment).
   */
  async function notifyMentioned(
    tx: Db,
    actor: SessionUser,
    task: ConversationTask,
    commentId: string,
    body: string,
    ids: readonly string[],
  ) {
    const mentioned = await comments.whoSees(
      tx,
      task.productId,
      ids.filter((id) => id !== actor.id),
    );
    const { created, refreshed } = await notifier.insertOrRefresh(
      await comments.claimMentions(tx, commentId, mentioned),
      {
        senderId: actor.id,
        type: 'TASK_MENTION',
        message: conversationNotificationTexts.mention(actor.name, task.title),
        metadata: { taskId: task.id, productId: task.productId, commentId, excerpt: excerptOf(body) },
      },
      MENTION_AGAIN_AFTER_MINUTES,
      tx,
    );
    const watched = await watching.watch(tx, task, mentioned);
    return {
      mentioned,
      changes: [
        ...created.map((row) => notificationChange('created', row)),
        ...refreshed.map((row) => notificationChange('updated', row)),
        ...watched,
      ],
    };
  }

  return {
    /** The newest page, or the one before `before`; oldest first within the page. */
    async list(actor: SessionUser, taskId: string, query: CommentListQuery): Promise<CommentList> {
      const before = readCursor(query.before);
      const task = await visibleTask(actor, taskId);
      const { rows, total } = await comments.page(task.id, before, query.limit);
      const page = rows.slice(0, query.limit);
      const oldest = page.at(-1);
      return {
        data: page.reverse().map(toComment),
        total,
        previousCursor:
          rows.length > query.limit && oldest
            ? encodeCursor({ createdAt: oldest.cursorAt, id: oldest.comment.id })
            : null,
      };
    },

    async create(actor: SessionUser, taskId: string, body: string): Promise<Comment> {
      return inTransaction(async (tx, after) => {
        const task = await visibleTask(actor, taskId, tx);
        if (!canCommentOnTask(actor, task)) throw guestNotAssigned();
        await refuseArchivedProduct(tx, task.productId);
        const row = await comments.insert(tx, { taskId: task.id, authorId: actor.id, body });
        await activities.insert(
          {
            actionType: 'comment_added',
            description: `Commented on task "${task.title}"`,
            metadata: { taskId: task.id, commentId: row.id },
            productId: task.productId,
            taskId: task.id,
            performedBy: actor.id,
          },
          tx,
        );
        const watched = await watching.watch(tx, task, [actor.id]);
        const mentions = await notifyMentioned(tx, actor, task, row.id, body, mentionedUserIds(body));
        const commented = await watching.notifyWatchers(
          tx,
          task,
          actor,
          {
            type: 'TASK_COMMENT',
            message: conversationNotificationTexts.comment(actor.name, task.title),
            metadata: {
              taskId: task.id,
              productId: task.productId,
              commentId: row.id,
              excerpt: excerptOf(body),
            },
          },
          mentions.mentioned,
        );
        await outbox.enqueue(
          tx,
          commentEvent('comment.created', actor, task, row.id, body, mentions.mentioned),
        );
        after.publish(commentChange('created', task), ...watched, ...mentions.changes, ...commented);
        const created = await comments.withAuthor(row.id, tx);
        if (!created) throw commentNotFound();
        return toComment(created);
      });
    },

    /** Only the author edits, and only while they may comment; newly mentioned people are told. */
    async update(actor: SessionUser, commentId: string, body: string): Promise<Comment> {
      return inTransaction(async (tx, after) => {
        const found = await comments.lockVisibleComment(tx, actor, commentId);
        if (!found) throw commentNotFound();
        const { comment, task } = found;
        if (comment.authorId !== actor.id) throw Forbidden(commentMessages.editOwnOnly, 'NOT_AUTHOR');
        if (!canCommentOnTask(actor, task)) throw guestNotAssigned();
        await refuseArchivedProduct(tx, task.productId);
        await comments.updateBody(tx, comment.id, body);
        const before = new Set(mentionedUserIds(comment.body));
        const added = mentionedUserIds(body).filter((id) => !before.has(id));
        const mentions = await notifyMentioned(tx, actor, task, comment.id, body, added);
        if (mentions.mentioned.length > 0) {
          await outbox.enqueue(
            tx,
            commentEvent('comment.mentioned', actor, task, comment.id, body, mentions.mentioned),
          );
        }
        after.publish(commentChange('updated', task), ...mentions.changes);
        const updated = await comments.withAuthor(comment.id, tx);
        if (!updated) throw commentNotFound();
        return toComment(updated);
      });
    },

    /** The author (while they may comment) or an admin. */
    async remove(actor: SessionUser, commentId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const found = await comments.lockVisibleComment(tx, actor, commentId);
        if (!found) throw commentNotFound();
        const { comment, task } = found;
        if (!isAdmin(actor.role)) {
          if (comment.authorId !== actor.id) throw Forbidden(commentMessages.deleteOwnOnly, 'NOT_AUTHOR');
          if (!canCommentOnTask(actor, task)) throw guestNotAssigned();
        }
        await refuseArchivedProduct(tx, task.productId);
        await comments.remove(tx, comment.id);
        after.publish(commentChange('deleted', task));
      });
    },

    /** For the composer's autocomplete: whoever may comment on the task. */
    async mentionable(actor: SessionUser, taskId: string, q: string): Promise<MentionableList> {
      const task = await visibleTask(actor, taskId);
      if (!canCommentOnTask(actor, task)) throw guestNotAssigned();
      const rows = await comments.mentionable(task.productId, actor.id, q, MENTIONABLE_LIMIT);
      return { data: rows.map(toPerson) };
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
