import { commentMentions, labels, taskComments, taskLabels, taskWatchers } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';

// What the task query tests (issue 28) store beside tasks: labels by name, watchers and mentions.

type Db = Pick<TestContext, 'db'>;

/** A label of the product named `name`, put on each task. */
export async function labelTasks(ctx: Db, productId: string, name: string, taskIds: string[]) {
  const [label] = await ctx.db.insert(labels).values({ productId, name, color: '#336699' }).returning();
  if (!label) throw new Error('no label inserted');
  for (const taskId of taskIds) await ctx.db.insert(taskLabels).values({ taskId, labelId: label.id });
  return label;
}

export const watch = (ctx: Db, taskId: string, userId: string) =>
  ctx.db.insert(taskWatchers).values({ taskId, userId });

/** A comment on the task that mentions `userId`. */
export async function mention(ctx: Db, taskId: string, userId: string) {
  const [comment] = await ctx.db.insert(taskComments).values({ taskId, body: 'Look at this' }).returning();
  if (!comment) throw new Error('no comment inserted');
  await ctx.db.insert(commentMentions).values({ commentId: comment.id, userId });
}
