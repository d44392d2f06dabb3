import { conversationNotificationTexts, mentionMarkdown } from '@shipyard/shared';
import { taskChecklistItems, taskComments, taskLabels, tasks } from '../../db/schema/index.ts';
import { notificationTexts } from '../notifications/index.ts';
import type { DemoProduct, DemoTask, PersonKey } from './demo.data.ts';
import type { DemoWriter } from './demo.writer.ts';

/** One task of a demo product: its history, notifications, labels, checklist, comments and watchers. */
export async function writeTask(
  w: DemoWriter,
  spec: DemoProduct,
  productId: string,
  teamIds: string[],
  labelRows: { id: string; name: string }[],
  ti: number,
  t: DemoTask,
) {
  const { tx, now, ago, day, person, log, notes, watchers } = w;
  const creator = person(spec.createdBy);
  const created = ago(t.createdDaysAgo, 5 + (ti % 4));
  const completed = t.status === 'Completed' ? ago(t.completedDaysAgo ?? 0, 1 + (ti % 3)) : null;
  const assignee = t.assignee ? person(t.assignee) : null;
  const [task] = await tx
    .insert(tasks)
    .values({
      productId,
      title: t.title,
      description: t.description ?? '',
      status: t.status,
      priority: t.priority,
      phase: t.phase,
      teamId: teamIds[t.team] ?? null,
      assigneeId: assignee?.id ?? null,
      dueDate: t.due === null ? null : day(t.due),
      completedAt: completed,
      createdBy: creator.id,
      createdAt: created,
      updatedAt: completed ?? ago(Math.min(t.createdDaysAgo, 1)),
    })
    .returning({ id: tasks.id });
  if (!task) throw new Error('demo seed: task not written');
  const taskRef = { productId, taskId: task.id };
  const watching = new Set([creator.id, ...(assignee ? [assignee.id] : [])]);

  log.push({
    actionType: 'task_created',
    description: `Created task "${t.title}"`,
    metadata: { priority: t.priority, status: 'Pending', taskId: task.id },
    ...taskRef,
    performedBy: creator.id,
    createdAt: created,
  });
  const actor = assignee?.id ?? creator.id;
  const moved = (previous: string, next: string, at: Date) =>
    log.push({
      actionType: next === 'Completed' ? 'task_completed' : 'task_status_updated',
      description:
        next === 'Completed'
          ? `Completed task "${t.title}"`
          : `Changed task "${t.title}" from ${previous} to ${next}`,
      metadata: {
        previousStatus: previous,
        newStatus: next,
        status: next,
        priority: t.priority,
        taskId: task.id,
      },
      ...taskRef,
      performedBy: actor,
      createdAt: at,
    });
  const end = completed ?? now;
  if (t.status !== 'Pending') {
    moved('Pending', 'In Progress', new Date((created.getTime() * 2 + end.getTime()) / 3));
  }
  if (t.reopenedDaysAgo !== undefined) {
    moved('In Progress', 'Completed', ago(t.reopenedDaysAgo + 1));
    moved('Completed', 'In Progress', ago(t.reopenedDaysAgo));
  }
  if (completed) moved('In Progress', 'Completed', completed);

  if (assignee && assignee.id !== creator.id) {
    notes.push({
      userId: assignee.id,
      senderId: creator.id,
      type: 'TASK_ASSIGNED',
      message: notificationTexts.taskAssigned(creator.name, t.title, spec.name),
      metadata: { taskId: task.id, productId },
      readAt: t.createdDaysAgo > 3 ? ago(t.createdDaysAgo - 1) : null,
      createdAt: created,
    });
  }

  const tagged = labelRows.filter((l) => t.labels.includes(l.name));
  if (tagged.length) {
    await tx
      .insert(taskLabels)
      .values(tagged.map((l) => ({ taskId: task.id, labelId: l.id, createdAt: created })));
  }
  if (t.checklist) {
    const { items, done } = t.checklist;
    await tx.insert(taskChecklistItems).values(
      items.map((title, i) => ({
        taskId: task.id,
        title,
        done: i < done,
        position: (i + 1) * 1024,
        createdBy: assignee?.id ?? creator.id,
        createdAt: created,
        updatedAt: i < done ? (completed ?? ago(Math.max(0, t.createdDaysAgo - i - 1))) : created,
      })),
    );
  }
  for (const [ci, [authorKey, daysAgo, text]] of (t.comments ?? []).entries()) {
    const author = person(authorKey);
    const at = ago(daysAgo, 6 - ci);
    const mentioned: { id: string; name: string }[] = [];
    const body = text.replace(/@(ada|grace|linus|maya|omar|sofia|iris)\b/g, (_, key: PersonKey) => {
      const who = person(key);
      mentioned.push(who);
      return mentionMarkdown(who.name, who.id);
    });
    const [comment] = await tx
      .insert(taskComments)
      .values({ taskId: task.id, authorId: author.id, body, createdAt: at, updatedAt: at })
      .returning({ id: taskComments.id });
    if (!comment) throw new Error('demo seed: comment not written');
    watching.add(author.id);
    log.push({
      actionType: 'comment_added',
      description: `Commented on task "${t.title}"`,
      metadata: { taskId: task.id, commentId: comment.id },
      ...taskRef,
      performedBy: author.id,
      createdAt: at,
    });
    for (const who of mentioned) {
      if (who.id === author.id) continue;
      watching.add(who.id);
      notes.push({
        userId: who.id,
        senderId: author.id,
        type: 'TASK_MENTION',
        message: conversationNotificationTexts.mention(author.name, t.title),
        metadata: { taskId: task.id, productId, commentId: comment.id },
        readAt: daysAgo > 2 ? ago(daysAgo - 1) : null,
        createdAt: at,
      });
    }
  }
  for (const userId of watching) watchers.push({ taskId: task.id, userId });
}
