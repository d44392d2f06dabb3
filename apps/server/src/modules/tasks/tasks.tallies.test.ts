import { mentionMarkdown } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  labels,
  taskComments,
  taskLabels,
  tasks,
  taskWatchers,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { labelTasks } from './tasks.query.test-kit.ts';

// A list's counts add up each product's share, kept until that product's version moves
// (tasks.tallies.ts, docs/decisions/041-task-list-tallies.md): the totals and groups must be those
// of a count made now, after any write, from this process, another one or straight to the
// database, and never count a product out of sight.

const { ctx, as, member, otherProcess } = useTestApp();
const other = otherProcess();

type Group = { key: string; label: string; total: number; estimateSum?: number };
type Listed = { total: number; groups?: Group[]; data: { id: string }[] };

const list = async (who: Signed, query: string, app?: FastifyInstance) => {
  const res = await as(who, { url: `/api/tasks/all?${query}` }, app);
  expect(res.statusCode).toBe(200);
  return res.json() as Listed;
};
const groupsOf = (body: Listed) => body.groups?.map((g) => [g.label, g.total]);

async function world() {
  const owner = await member('Olga Owner');
  const dev = await member('Dev Eloper');
  const zed = await member('Zed Zimmer');
  const [apollo, hermes, hidden] = await Promise.all([
    createProduct(ctx, owner.user.id, { name: 'Apollo' }),
    createProduct(ctx, owner.user.id, { name: 'Hermes' }),
    createProduct(ctx, owner.user.id, { name: 'Hidden' }),
  ]);
  for (const product of [apollo, hermes]) {
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, dev.user.id);
  }
  const a1 = await createTask(ctx, apollo.id, { title: 'a1', assigneeId: zed.user.id, estimate: '3' });
  const a2 = await createTask(ctx, apollo.id, {
    title: 'a2',
    status: 'In Progress',
    assigneeId: dev.user.id,
  });
  const h1 = await createTask(ctx, hermes.id, { title: 'h1', assigneeId: dev.user.id, estimate: '5' });
  await createTask(ctx, hermes.id, { title: 'h2' });
  for (let i = 0; i < 4; i++) await createTask(ctx, hidden.id, { title: `x${i}`, assigneeId: dev.user.id });
  return { owner, dev, zed, apollo, hermes, hidden, a1, a2, h1 };
}

describe('counts added up per product', () => {
  it('are those of a count made now after writes here, in another process and straight to the database', async () => {
    const { owner, dev, apollo, hidden, a1, a2, h1 } = await world();
    const before = await list(dev, 'group=status');
    expect(before.total).toBe(4);
    expect(groupsOf(before)).toEqual([
      ['Pending', 3],
      ['In Progress', 1],
    ]);
    // Both processes hold the shares now.
    expect(groupsOf(await list(dev, 'group=status', other))).toEqual(groupsOf(before));

    // A status change through the other process's API.
    const moved = await as(
      owner,
      { method: 'PATCH', url: `/api/tasks/${a1.id}/task/update`, payload: { status: 'Completed' } },
      other,
    );
    expect(moved.statusCode).toBe(200);
    expect(groupsOf(await list(dev, 'group=status'))).toEqual([
      ['Pending', 2],
      ['In Progress', 1],
      ['Completed', 1],
    ]);

    // Straight to the database: a task moved to a product the member does not see.
    await ctx.db.update(tasks).set({ productId: hidden.id }).where(eq(tasks.id, h1.id));
    const after = await list(dev, 'group=status', other);
    expect(after.total).toBe(3);
    expect(after.data.map((t) => t.id)).not.toContain(h1.id);

    // Filters too: the member's own tasks, counted the same from either process.
    expect((await list(dev, 'assignee=me')).total).toBe(1);
    await ctx.db.update(tasks).set({ assigneeId: dev.user.id }).where(eq(tasks.productId, apollo.id));
    expect((await list(dev, 'assignee=me', other)).total).toBe(2);
    expect((await list(dev, 'assignee=me')).total).toBe(2);
    expect(a2.assigneeId).toBe(dev.user.id);

    // Who sees what: a membership ended straight in the database, then a team of another product.
    // The kept products are answered unconfirmed, confirmed by the tally's round trip: neither the
    // page nor the counts may show a product out of sight, grouped or not.
    await ctx.db.update(teamMembers).set({ status: 'suspended' }).where(eq(teamMembers.userId, dev.user.id));
    for (const [query, app] of [
      ['', undefined],
      ['', other],
      ['group=status', undefined],
      ['sort=title', other],
    ] as const) {
      const shown = await list(dev, query, app);
      expect([query, shown.total, shown.data]).toEqual([query, 0, []]);
    }
    const team = await createTeam(ctx, hidden.id);
    await addMember(ctx, team.id, dev.user.id);
    expect((await list(dev, 'group=status')).total).toBe(5);
    const hiddenNow = await list(dev, 'sort=title', other);
    // Hidden's tasks, h1 (moved there above) among them.
    const inHidden = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.productId, hidden.id));
    expect(hiddenNow.data.map((t) => t.id).sort()).toEqual(inHidden.map((t) => t.id).sort());
    expect(inHidden.map((t) => t.id)).toContain(h1.id);
  });

  it('orders groups across products as one count would, and follows a rename of a label or a person', async () => {
    const { dev, zed, apollo, hermes, a1, a2, h1 } = await world();
    const byAssignee = await list(dev, 'group=assignee');
    expect(groupsOf(byAssignee)).toEqual([
      ['Dev Eloper', 2],
      ['Zed Zimmer', 1],
      ['No assignee', 1],
    ]);
    // A person renamed: their group's name and place follow.
    await ctx.db.update(users).set({ name: 'Abe Zimmer' }).where(eq(users.id, zed.user.id));
    expect(groupsOf(await list(dev, 'group=assignee', other))).toEqual(
      groupsOf(await list(dev, 'group=assignee')),
    );
    expect(groupsOf(await list(dev, 'group=assignee'))).toEqual([
      ['Abe Zimmer', 1],
      ['Dev Eloper', 2],
      ['No assignee', 1],
    ]);

    // Labels of one name in two products are one group; a rename in one product moves its share.
    await labelTasks(ctx, apollo.id, 'bug', [a1.id, a2.id]);
    const hermesBug = await labelTasks(ctx, hermes.id, 'Bug', [h1.id]);
    expect(groupsOf(await list(dev, 'group=label'))).toEqual([
      ['Bug', 3],
      ['No label', 1],
    ]);
    expect((await list(dev, 'label=bug')).total).toBe(3);
    await ctx.db.update(labels).set({ name: 'api' }).where(eq(labels.id, hermesBug.id));
    expect(groupsOf(await list(dev, 'group=label', other))).toEqual([
      ['api', 1],
      ['bug', 2],
      ['No label', 1],
    ]);
    expect((await list(dev, 'label=bug')).total).toBe(2);
    await ctx.db.delete(taskLabels).where(eq(taskLabels.taskId, a2.id));
    expect((await list(dev, 'label=bug', other)).total).toBe(1);
  });

  it('sums the estimates of the products in sight only, and counts a product list alone', async () => {
    const { dev, hermes, hidden } = await world();
    await createTask(ctx, hidden.id, { title: 'big', estimate: '8' });
    const all = await list(dev, 'group=priority');
    expect(all.groups?.reduce((sum, g) => sum + (g.estimateSum ?? 0), 0)).toBe(8);
    const one = await list(dev, `productId=${hermes.id}`);
    expect(one.total).toBe(2);
    // A product out of sight counts nothing, asked by name.
    const res = await as(dev, { url: `/api/tasks/all?productId=${hidden.id}` });
    expect(res.statusCode === 200 ? (res.json() as Listed).total : 0).toBe(0);
  });

  it('follow watching and mentioning: a watch, a mention, an edit, a deleted comment, from either process', async () => {
    const { owner, dev, a1, a2, h1 } = await world();
    const watching = async (app?: FastifyInstance) => (await list(dev, 'preset=watching', app)).total;
    const mentioning = async (app?: FastifyInstance) => (await list(dev, 'preset=mentioning', app)).total;
    expect([await watching(), await mentioning(), await watching(other), await mentioning(other)]).toEqual([
      0, 0, 0, 0,
    ]);

    expect((await as(dev, { method: 'PUT', url: `/api/tasks/${a1.id}/watch` })).statusCode).toBe(200);
    expect((await as(dev, { method: 'PUT', url: `/api/tasks/${h1.id}/watch` }, other)).statusCode).toBe(200);
    expect([await watching(), await watching(other)]).toEqual([2, 2]);
    await ctx.db.delete(taskWatchers).where(eq(taskWatchers.taskId, a1.id));
    expect([await watching(), await watching(other)]).toEqual([1, 1]);

    const body = (text: string) => ({ body: text });
    const posted = await as(
      owner,
      { method: 'POST', url: `/api/tasks/${a2.id}/comments`, payload: body('no one yet') },
      other,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const comment = posted.json<{ id: string }>();
    expect([await mentioning(), await mentioning(other)]).toEqual([0, 0]);
    // A mention added by an edit (mentions stay once made), then the comment deleted.
    const edited = await as(owner, {
      method: 'PATCH',
      url: `/api/comments/${comment.id}`,
      payload: body(`ask ${mentionMarkdown(dev.user.name, dev.user.id)}`),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect([await mentioning(other), await mentioning()]).toEqual([1, 1]);
    await ctx.db.delete(taskComments).where(eq(taskComments.id, comment.id));
    expect([await mentioning(), await mentioning(other)]).toEqual([0, 0]);
  });
});
