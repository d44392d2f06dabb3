import { taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { cursorMessages } from '../../lib/cursor.ts';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();

const admin = signedInOnce('admin', 'Ada Admin');

const detail = (id: string): Req => ({ url: `/api/tasks/${id}/detail` });
const history = (id: string, query = ''): Req => ({ url: `/api/tasks/${id}/history${query}` });

/** History entries stored directly, one second apart, the last the newest. */
let clock = Date.parse('2031-01-01T00:00:00Z');
async function record(taskId: string, productId: string, descriptions: string[], performedBy: string | null) {
  await ctx.db.insert(activities).values(
    descriptions.map((description) => {
      clock += 1000;
      return {
        actionType: 'task_updated',
        description,
        productId,
        taskId,
        performedBy,
        metadata: { taskId, changes: { title: { from: 'x', to: 'y' } }, newStatus: 'In Progress' },
        createdAt: new Date(clock),
      };
    }),
  );
}

describe('GET /api/tasks/:id/detail', () => {
  it('answers 401 without a session', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const res = await as(undefined, detail(task.id));
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 "Task not found" for a task of a product the caller does not see, and for no task', async () => {
    const owner = await member();
    const stranger = await member('Sam Stranger');
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Secret plan' });
    for (const id of [task.id, UNKNOWN_ID]) {
      const res = await as(stranger, detail(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'TASK_NOT_FOUND', message: taskMessages.notFound });
      expect(res.body).not.toContain('Secret plan');
    }
    expect((await as(stranger, detail('not-a-uuid'))).statusCode).toBe(400);
  });

  it('gives the task, its product, its creator and the first page of its history, newest first', async () => {
    const owner = await member('Omar Owner');
    const { product, team } = await productOf(owner, [], { name: 'Atlas' });
    const task = await createTask(ctx, product.id, {
      title: 'Wire up',
      description: '# Steps',
      teamId: team.id,
      createdBy: owner.user.id,
    });
    await record(
      task.id,
      product.id,
      Array.from({ length: 25 }, (_, i) => `Change ${i + 1}`),
      owner.user.id,
    );

    const res = await as(owner, detail(task.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.task).toMatchObject({
      id: task.id,
      title: 'Wire up',
      description: '# Steps',
      team: { id: team.id },
    });
    expect(body.product).toEqual({ id: product.id, name: 'Atlas', archived: false });
    expect(body.createdBy).toEqual({ id: owner.user.id, name: 'Omar Owner', avatar_url: null });
    expect(body.history.data).toHaveLength(20);
    expect(body.history.data[0]).toMatchObject({
      description: 'Change 25',
      taskId: task.id,
      performer: { _id: owner.user.id, name: 'Omar Owner' },
      // Only the keys lists carry: no stored diff of a 5,000-character description.
      metadata: { newStatus: 'In Progress' },
    });
    expect(body.history.data[0].metadata.changes).toBeUndefined();
    expect(body.history.nextCursor).toEqual(expect.any(String));
  });

  it('says createdBy is null when the creator is unknown', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { createdBy: null });
    const body = (await as(owner, detail(task.id))).json();
    expect(body.createdBy).toBeNull();
    expect(body.history).toEqual({ data: [], nextCursor: null });
  });

  it('tells a member, an admin, the product creator and a guest what each may do', async () => {
    const owner = await member('Omar Owner');
    const teammate = await member('Tia Teammate');
    const assignedGuest = await guest('Gus Assigned');
    const otherGuest = await guest('Gil Other');
    const { product } = await productOf(owner, [teammate, assignedGuest, otherGuest]);
    const task = await createTask(ctx, product.id, { assigneeId: assignedGuest.user.id });

    const flags = async (who: Signed) => (await as(who, detail(task.id))).json().permissions;
    expect(await flags(owner)).toEqual({
      canEdit: true,
      canEditStatus: true,
      canComment: true,
      canManageLabels: true,
      canDelete: true,
    });
    expect(await flags(admin)).toEqual({
      canEdit: true,
      canEditStatus: true,
      canComment: true,
      canManageLabels: true,
      canDelete: true,
    });
    // A member who did not create the product edits the task but does not manage the product's labels.
    expect(await flags(teammate)).toEqual({
      canEdit: true,
      canEditStatus: true,
      canComment: true,
      canManageLabels: false,
      canDelete: true,
    });
    expect(await flags(assignedGuest)).toEqual({
      canEdit: false,
      canEditStatus: true,
      canComment: true,
      canManageLabels: false,
      canDelete: false,
    });
    expect(await flags(otherGuest)).toEqual({
      canEdit: false,
      canEditStatus: false,
      canComment: false,
      canManageLabels: false,
      canDelete: false,
    });
  });

  it('matches what the server enforces: a guest refused an edit, the assigned guest allowed the status', async () => {
    const owner = await member();
    const assignedGuest = await guest();
    const { product } = await productOf(owner, [assignedGuest]);
    const task = await createTask(ctx, product.id, { assigneeId: assignedGuest.user.id });
    const edit = await as(assignedGuest, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { title: 'Mine now' },
    });
    expect(edit.statusCode).toBe(403);
    const status = await as(assignedGuest, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'Completed' },
    });
    expect(status.statusCode).toBe(200);
  });

  it('marks an archived product and allows no write on its task, to anyone', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { archivedAt: new Date() });
    const task = await createTask(ctx, product.id);
    for (const who of [owner, admin]) {
      const body = (await as(who, detail(task.id))).json();
      expect(body.product.archived).toBe(true);
      expect(Object.values(body.permissions)).toEqual([false, false, false, false, false]);
    }
    const edit = await as(owner, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { title: 'Still?' },
    });
    expect(edit.statusCode).toBe(409);
  });
});

describe('GET /api/tasks/:id/detail — the rest of the page in the same answer', () => {
  it('checks who sees the task once for the whole page, not once per section', async () => {
    const owner = await member('Vera Viewer');
    const teammate = await member('Tom Teammate');
    const { product } = await productOf(owner, [teammate]);
    const task = await createTask(ctx, product.id);
    const statements: string[] = [];
    const original = ctx.pool.query.bind(ctx.pool);
    // biome-ignore lint/suspicious/noExplicitAny: counting whatever the driver is asked
    (ctx.pool as any).query = (...args: any[]) => {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      if (typeof text === 'string') statements.push(text);
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    let res: Awaited<ReturnType<typeof as>>;
    try {
      res = await as(teammate, detail(task.id));
    } finally {
      // biome-ignore lint/suspicious/noExplicitAny: restoring the driver
      (ctx.pool as any).query = original;
    }
    expect(res.statusCode).toBe(200);
    // The task found for the viewer: tasks joined to products under the visibility predicate
    // (lib/visibility.ts visibleProducts). The history's own filter reads activities, not tasks.
    const taskChecks = statements.filter(
      (text) => /from "tasks"/.test(text) && text.includes('"team_members"."user_id" = $'),
    );
    expect(taskChecks).toHaveLength(1);
  });

  it('carries the checklist, labels, files and watchers as their own routes answer them', async () => {
    const owner = await member('Olga Owner');
    const { product } = await productOf(owner);
    const created = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Ship it', projectId: product.id },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    for (const title of ['Write notes', 'Tag release']) {
      expect(
        (await as(owner, { method: 'POST', url: `/api/tasks/${id}/checklist`, payload: { title } }))
          .statusCode,
      ).toBeLessThan(300);
    }
    const label = await as(owner, {
      method: 'POST',
      url: `/api/projects/${product.id}/labels`,
      payload: { name: 'Release', color: '#2563eb' },
    });
    expect(label.statusCode).toBe(201);
    const labelled = await as(owner, {
      method: 'PUT',
      url: `/api/tasks/${id}/labels`,
      payload: { labelIds: [label.json().id] },
    });
    expect(labelled.statusCode).toBe(200);

    const res = await as(owner, detail(id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const own = async (path: string) => (await as(owner, { url: `/api/tasks/${id}/${path}` })).json();
    expect(body.checklist).toEqual(await own('checklist'));
    expect(body.checklist).toMatchObject({ done: 0, total: 2 });
    expect(body.labels).toEqual(await own('labels'));
    expect(body.labels.labels).toEqual([expect.objectContaining({ name: 'Release' })]);
    expect(body.task.labels).toEqual([expect.objectContaining({ name: 'Release' })]);
    expect(body.files).toEqual((await own('files')).data);
    expect(body.watchers).toEqual(await own('watchers'));
    // The creator watches what they created.
    expect(body.watchers).toMatchObject({ watching: true, total: 1 });
  });

  it('still answers 404 when only the parts could be read (nothing of them leaks)', async () => {
    const owner = await member();
    const stranger = await member('Sid Stranger');
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Hidden' });
    const res = await as(stranger, detail(task.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TASK_NOT_FOUND' });
  });
});

describe('GET /api/tasks/:id/history', () => {
  it('pages the whole history by cursor without gaps or repeats', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const other = await createTask(ctx, product.id);
    await record(
      task.id,
      product.id,
      Array.from({ length: 45 }, (_, i) => `Step ${i + 1}`),
      owner.user.id,
    );
    await record(other.id, product.id, ['Not this task'], owner.user.id);

    const first = (await as(owner, detail(task.id))).json().history;
    const seen: string[] = first.data.map((a: { description: string }) => a.description);
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const res = await as(owner, history(task.id, `?cursor=${encodeURIComponent(cursor)}`));
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.data.map((a: { description: string }) => a.description));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Step ${45 - i}`));

    const small = (await as(owner, history(task.id, '?limit=5'))).json();
    expect(small.data).toHaveLength(5);
    expect(small.data[0].description).toBe('Step 45');
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const bad = await as(owner, history(task.id, '?cursor=nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(cursorMessages.invalid);
    expect((await as(owner, history(task.id, '?limit=51'))).statusCode).toBe(400);
  });

  it('answers 401 signed out and 404 to someone who does not see the task', async () => {
    const owner = await member();
    const stranger = await guest();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    await record(task.id, product.id, ['Private change'], owner.user.id);
    expect((await as(undefined, history(task.id))).statusCode).toBe(401);
    const res = await as(stranger, history(task.id));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Private change');
  });

  it('leaves out what was recorded while the task belonged to a product the caller does not see', async () => {
    const owner = await member();
    const teammate = await member('Tia Teammate');
    const { product: before } = await productOf(owner);
    const { product: after } = await productOf(owner, [teammate]);
    const task = await createTask(ctx, after.id);
    await record(task.id, before.id, ['Made in the hidden product'], owner.user.id);
    await record(task.id, after.id, ['Moved here'], owner.user.id);

    const seenBy = async (who: Signed) =>
      (await as(who, detail(task.id))).json().history.data.map((a: { description: string }) => a.description);
    expect(await seenBy(teammate)).toEqual(['Moved here']);
    expect(await seenBy(owner)).toEqual(['Moved here', 'Made in the hidden product']);
  });
});
