import { syncMessages, TASK_CHANGED, taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { edit, storedTask } from './tasks.test-kit.ts';

// Issue 33: a write queued offline carries the task's updatedAt as the person saw it
// (`ifUnmodifiedSince`); the edit and the status call refuse it with 409 and the current task
// once someone else changed the task, and write nothing.
const { ctx, as, member, guest, productOf } = useTestApp();

const move = (id: string, payload: object) => ({
  method: 'PATCH' as const,
  url: `/api/tasks/${id}/task/update`,
  payload,
});

async function aTask() {
  const owner = await member('Olga Owner');
  const other = await member('Otto Other');
  const { product, team } = await productOf(owner, [other]);
  const task = await createTask(ctx, product.id, { title: 'Draft', assigneeId: null });
  const seen = (await as(owner, { method: 'GET', url: `/api/tasks/${task.id}` })).json() as {
    updatedAt: string;
  };
  return { owner, other, product, team, task, seen: seen.updatedAt };
}

describe('ifUnmodifiedSince on PATCH /api/tasks/{id}/update', () => {
  it('applies the edit while the task is unchanged since', async () => {
    const { owner, task, seen } = await aTask();
    const res = await as(owner, edit(task.id, { title: 'Offline title', ifUnmodifiedSince: seen }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Offline title' });
    expect((await storedTask(ctx, task.id))?.title).toBe('Offline title');
  });

  it('answers 409 TASK_CHANGED with the current task once someone else changed it, and changes nothing', async () => {
    const { owner, other, product, task, seen } = await aTask();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await as(other, edit(task.id, { title: 'Their title' }))).statusCode).toBe(200);
    const before = await storedTask(ctx, task.id);
    const entries = (await entriesOf(ctx, product.id)).length;

    const res = await as(
      owner,
      edit(task.id, { title: 'My title', priority: 'high', ifUnmodifiedSince: seen }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: TASK_CHANGED,
      message: syncMessages.taskChanged,
      details: { current: { id: task.id, title: 'Their title', priority: 'medium' } },
    });
    const after = await storedTask(ctx, task.id);
    expect(after).toEqual(before);
    expect(await entriesOf(ctx, product.id)).toHaveLength(entries);

    // Sent again with the version the 409 showed, it applies.
    const current = (res.json() as { details: { current: { updatedAt: string } } }).details.current;
    const again = await as(owner, edit(task.id, { title: 'My title', ifUnmodifiedSince: current.updatedAt }));
    expect(again.statusCode).toBe(200);
    expect((await storedTask(ctx, task.id))?.title).toBe('My title');
  });

  it('refuses a precondition that is not a date and time (400), and one alone as nothing to change', async () => {
    const { owner, task } = await aTask();
    const bad = await as(owner, edit(task.id, { title: 'X', ifUnmodifiedSince: 'yesterday' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(syncMessages.preconditionInvalid);
    const alone = await as(owner, edit(task.id, { ifUnmodifiedSince: new Date().toISOString() }));
    expect(alone.statusCode).toBe(400);
    expect((await storedTask(ctx, task.id))?.title).toBe('Draft');
  });

  it('keeps 401, 404 and 403 before the precondition: no session, a task out of sight, a guest', async () => {
    const { task, seen } = await aTask();
    const body = { title: 'Nope', ifUnmodifiedSince: seen };
    expect((await as(undefined, edit(task.id, body))).statusCode).toBe(401);
    expect((await as(await member('Stranger'), edit(task.id, body))).statusCode).toBe(404);
    const visitor = await guest();
    const { product: theirs } = await productOf(await member('Host'), [visitor]);
    const shown = await createTask(ctx, theirs.id, { title: 'Seen by guest' });
    const refused = await as(visitor, edit(shown.id, { title: 'Nope', ifUnmodifiedSince: seen }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    expect((await storedTask(ctx, task.id))?.title).toBe('Draft');
  });
});

describe('ifUnmodifiedSince on PATCH /api/tasks/{id}/task/update', () => {
  it('moves the task while unchanged, and answers 409 with the current task once it changed', async () => {
    const { owner, other, task, seen } = await aTask();
    const ok = await as(owner, move(task.id, { status: 'In Progress', ifUnmodifiedSince: seen }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'In Progress' });

    const seenNow = (ok.json() as { updatedAt: string }).updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await as(other, move(task.id, { status: 'Completed' }))).statusCode).toBe(200);
    const res = await as(owner, move(task.id, { status: 'Pending', ifUnmodifiedSince: seenNow }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: TASK_CHANGED, details: { current: { status: 'Completed' } } });
    expect((await storedTask(ctx, task.id))?.status).toBe('Completed');
  });

  it('lets a guest queue a status change of a task assigned to them, and keeps 403 for another', async () => {
    const owner = await member('Hana Host');
    const visitor = await guest('Gail Guest');
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, visitor.user.id);
    const theirs = await createTask(ctx, product.id, { title: 'Theirs', assigneeId: visitor.user.id });
    const notTheirs = await createTask(ctx, product.id, { title: 'Not theirs' });
    const since = new Date(Date.now() + 60_000).toISOString();
    expect(
      (await as(visitor, move(theirs.id, { status: 'Completed', ifUnmodifiedSince: since }))).statusCode,
    ).toBe(200);
    const refused = await as(visitor, move(notTheirs.id, { status: 'Completed', ifUnmodifiedSince: since }));
    expect(refused.statusCode).toBe(403);
    expect((await storedTask(ctx, notTheirs.id))?.status).toBe('Pending');
  });
});
