import { mentionMarkdown, WATCHERS_LISTED_MAX } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications, products, taskWatchers, teamMembers } from '../../db/schema/index.ts';
import { addMember, createTeam, createUser } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { openRealtime, type RealtimeTestClient } from '../../testing/realtime-client.ts';

const { ctx, as, member, guest, taskOf } = useTestApp();

const watchers = (taskId: string): Req => ({ url: `/api/tasks/${taskId}/watchers` });
const watch = (taskId: string): Req => ({ method: 'PUT', url: `/api/tasks/${taskId}/watch` });
const unwatch = (taskId: string): Req => ({ method: 'DELETE', url: `/api/tasks/${taskId}/watch` });
const post = (taskId: string, body: string): Req => ({
  method: 'POST',
  url: `/api/tasks/${taskId}/comments`,
  payload: { body },
});

const watcherIds = async (taskId: string) =>
  (await ctx.db.select().from(taskWatchers).where(eq(taskWatchers.taskId, taskId)))
    .map((w) => w.userId)
    .sort();
const typesOf = async (userId: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId)))
    .map((n) => n.type)
    .sort();

describe('watching a task', () => {
  it('answers 401 without a session and 404 to who does not see the task', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    for (const req of [watchers(task.id), watch(task.id), unwatch(task.id)]) {
      expect((await as(undefined, req)).statusCode, req.method).toBe(401);
      expect((await as(await member(), req)).statusCode, req.method).toBe(404);
    }
    expect(await watcherIds(task.id)).toEqual([]);
  });

  it('lets anyone who sees the task watch and unwatch it, guests too, and lists the watchers', async () => {
    const owner = await member('Olivia Owner');
    const visitor = await guest('Gil Guest');
    const { task } = await taskOf(owner, [visitor]);
    expect((await as(visitor, watchers(task.id))).json()).toEqual({ data: [], total: 0, watching: false });

    const watched = await as(visitor, watch(task.id));
    expect(watched.statusCode).toBe(200);
    expect(watched.json()).toEqual({
      data: [{ id: visitor.user.id, name: 'Gil Guest', avatar_url: null }],
      total: 1,
      watching: true,
    });
    // Twice is once.
    expect((await as(visitor, watch(task.id))).json().total).toBe(1);
    await as(owner, watch(task.id));
    expect((await as(owner, watchers(task.id))).json()).toMatchObject({ total: 2, watching: true });

    const stopped = await as(visitor, unwatch(task.id));
    expect(stopped.json()).toMatchObject({ total: 1, watching: false });
    expect(await watcherIds(task.id)).toEqual([owner.user.id]);
  });

  it(`names at most ${WATCHERS_LISTED_MAX} watchers and counts them all`, async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    const many = await Promise.all(
      Array.from({ length: WATCHERS_LISTED_MAX + 2 }, (_, i) =>
        createUser(ctx, { role: 'admin', name: `W${i}` }),
      ),
    );
    await ctx.db.insert(taskWatchers).values(many.map((u) => ({ taskId: task.id, userId: u.id })));
    const res = (await as(owner, watchers(task.id))).json();
    expect(res.data).toHaveLength(WATCHERS_LISTED_MAX);
    expect(res.total).toBe(WATCHERS_LISTED_MAX + 2);
  });

  it('refuses watching on an archived product with 409', async () => {
    const owner = await member();
    const { product, task } = await taskOf(owner);
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    for (const req of [watch(task.id), unwatch(task.id)]) {
      expect((await as(owner, req)).statusCode).toBe(409);
    }
    expect((await as(owner, watchers(task.id))).statusCode).toBe(200);
  });
});

describe('who watches automatically', () => {
  it('the creator of a task, its assignee when assigned, and commenters', async () => {
    const owner = await member();
    const dev = await member();
    const qa = await member();
    const { product } = await taskOf(owner, [dev, qa]);
    const created = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Watched', projectId: product.id, assigneeId: dev.user.id },
    });
    const id = created.json().id;
    expect(await watcherIds(id)).toEqual([owner.user.id, dev.user.id].sort());

    await as(owner, { method: 'PATCH', url: `/api/tasks/${id}/update`, payload: { assigneeId: qa.user.id } });
    expect(await watcherIds(id)).toEqual([owner.user.id, dev.user.id, qa.user.id].sort());

    const reader = await member();
    await addMember(ctx, (await createTeam(ctx, product.id, { name: 'Other' })).id, reader.user.id);
    expect((await as(reader, post(id, 'Following'))).statusCode).toBe(201);
    expect(await watcherIds(id)).toContain(reader.user.id);
  });
});

describe('what watchers hear', () => {
  it('a comment: every watcher but its author, and a mentioned watcher only once (the mention)', async () => {
    const owner = await member('Olivia Owner');
    const dev = await member();
    const qa = await member();
    const { task } = await taskOf(owner, [dev, qa]);
    await ctx.db
      .insert(taskWatchers)
      .values([owner, dev, qa].map((p) => ({ taskId: task.id, userId: p.user.id })));

    expect((await as(owner, post(task.id, `ping ${mentionMarkdown('QA', qa.user.id)}`))).statusCode).toBe(
      201,
    );
    expect(await typesOf(owner.user.id)).toEqual([]);
    expect(await typesOf(dev.user.id)).toEqual(['TASK_COMMENT']);
    expect(await typesOf(qa.user.id)).toEqual(['TASK_MENTION']);
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, dev.user.id));
    expect(told?.message).toBe('Olivia Owner commented on “Fix login”');
  });

  it('nothing once they no longer see the product', async () => {
    const owner = await member();
    const dev = await member();
    const { task, team } = await taskOf(owner, [dev]);
    await as(dev, watch(task.id));
    await ctx.db.update(teamMembers).set({ status: 'suspended' }).where(eq(teamMembers.teamId, team.id));
    await as(owner, post(task.id, 'Still there?'));
    expect(await typesOf(dev.user.id)).toEqual([]);
    expect((await as(owner, watchers(task.id))).json().total).toBe(1);
  });

  it('a status change, from both status paths, to every watcher but who made it', async () => {
    const owner = await member('Olivia Owner');
    const visitor = await guest('Gil Guest');
    const { product, task } = await taskOf(owner, [visitor], { assigneeId: visitor.user.id });
    await ctx.db
      .insert(taskWatchers)
      .values([owner, visitor].map((p) => ({ taskId: task.id, userId: p.user.id })));

    await as(visitor, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'in progress' },
    });
    const [first] = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(first).toMatchObject({
      type: 'TASK_STATUS',
      senderId: visitor.user.id,
      message: 'Gil Guest moved “Fix login” to In Progress',
      metadata: { taskId: task.id, productId: product.id, status: 'In Progress' },
    });
    expect(await typesOf(visitor.user.id)).toEqual([]);

    await as(owner, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { status: 'Completed' },
    });
    expect(await typesOf(visitor.user.id)).toEqual(['TASK_STATUS']);
    // A title edit is no status change.
    await as(owner, { method: 'PATCH', url: `/api/tasks/${task.id}/update`, payload: { title: 'Renamed' } });
    expect(await typesOf(visitor.user.id)).toEqual(['TASK_STATUS']);
    expect(await typesOf(owner.user.id)).toEqual(['TASK_STATUS']);
  });
});

describe('realtime', () => {
  const sockets: RealtimeTestClient[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('publishes the conversation change and the notifications after a comment, and nothing for a refused one', async () => {
    const owner = await member();
    const dev = await member();
    const { product, task } = await taskOf(owner, [dev]);
    await ctx.db.insert(taskWatchers).values({ taskId: task.id, userId: dev.user.id });
    const before = ctx.published.length;
    expect((await as(await guest(), post(task.id, 'no'))).statusCode).toBe(404);
    expect(ctx.published.length).toBe(before);

    await as(owner, post(task.id, 'Live'));
    const published = ctx.published.slice(before);
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'comment', op: 'created', id: task.id, productId: product.id }),
        expect.objectContaining({ kind: 'watcher', op: 'updated', id: task.id, productId: product.id }),
        expect.objectContaining({ kind: 'notification', op: 'created', userIds: [dev.user.id] }),
      ]),
    );
  });

  it('delivers a new, edited and deleted comment to another person on the task page over the socket', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await member();
    const dev = await member();
    const { product, task } = await taskOf(owner, [dev]);
    const socket = await openRealtime(base, dev.token);
    sockets.push(socket);
    const res = await as(owner, post(task.id, 'Over the wire'));
    const isComment = (op: string) => (m: { type: string; kind?: string; op?: string; id?: string }) =>
      m.type === 'change' && m.kind === 'comment' && m.op === op && m.id === task.id;
    expect(await socket.next(isComment('created'))).toMatchObject({ productId: product.id });
    await as(owner, { method: 'PATCH', url: `/api/comments/${res.json().id}`, payload: { body: 'Edited' } });
    await socket.next(isComment('updated'));
    await as(owner, { method: 'DELETE', url: `/api/comments/${res.json().id}` });
    await socket.next(isComment('deleted'));
    // Someone who does not see the product hears nothing of it.
    const outsider = await member();
    const other = await openRealtime(base, outsider.token);
    sockets.push(other);
    await as(owner, post(task.id, 'Private'));
    await socket.next(
      (m) => isComment('created')(m) && socket.changes().filter(isComment('created')).length > 1,
    );
    expect(other.changes().some((m) => m.kind === 'comment')).toBe(false);
  });
});
