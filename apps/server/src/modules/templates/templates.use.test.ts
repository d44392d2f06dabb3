import { templateMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { taskChecklistItems, taskComments, tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, useTestApp, withTestApp } from '../../testing/http.ts';
import { entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { modules } from '../index.ts';

const { ctx, as, publishedBy } = useTestApp();
const { alice, mia, gus, bob, productId, teamId } = useProductCast(ctx);

const use = (id: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/task-templates/${id}/tasks`,
  payload,
});
const duplicate = (id: string): Req => ({ method: 'POST', url: `/api/tasks/${id}/duplicate` });
const labelsOf = async (taskId: string) =>
  (await as(alice, { url: `/api/tasks/${taskId}/labels` }))
    .json()
    .labels.map((l: { name: string }) => l.name);
const checklistOf = (taskId: string) =>
  ctx.db
    .select({ title: taskChecklistItems.title, done: taskChecklistItems.done })
    .from(taskChecklistItems)
    .where(eq(taskChecklistItems.taskId, taskId))
    .orderBy(taskChecklistItems.position);
let n = 0;
async function label(name: string, product = productId()) {
  const res = await as(alice, {
    method: 'POST',
    url: `/api/projects/${product}/labels`,
    payload: { name, color: '#3b82f6' },
  });
  return res.json() as { id: string };
}
async function template(parts: object, product = productId()) {
  const res = await as(alice, {
    method: 'POST',
    url: `/api/projects/${product}/task-templates`,
    payload: { name: `Template ${++n}`, title: 'From a template', parts },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

describe('creating a task from a template', () => {
  it('creates the task with the template’s labels and checklist, and says so in its history', async () => {
    await label('Bug');
    const made = await template({ labels: ['bug', 'Gone'], checklist: ['Reproduce', 'Fix'] });
    const changes = await publishedBy(async () => {
      const res = await as(mia, use(made.id, { title: 'Login fails', priority: 'high', teamId: teamId() }));
      expect(res.statusCode).toBe(201);
      const task = res.json();
      expect(task).toMatchObject({ title: 'Login fails', priority: 'high', projectId: productId() });
      expect(await labelsOf(task.id)).toEqual(['Bug']);
      expect(await checklistOf(task.id)).toEqual([
        { title: 'Reproduce', done: false },
        { title: 'Fix', done: false },
      ]);
      const entries = await entriesOf(ctx, productId());
      expect(
        entries.find((e) => e.actionType === 'created_from_template' && e.taskId === task.id),
      ).toMatchObject({
        description: `Created task "Login fails" from template "${made.name}"`,
      });
    });
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'task', op: 'created' }));
  });

  it('takes the parts the request gives instead of the template’s', async () => {
    await label('Ops');
    const made = await template({ labels: ['Bug'], checklist: ['One'] });
    const res = await as(mia, use(made.id, { title: 'Deploy', parts: { labels: ['Ops'] } }));
    expect(res.statusCode).toBe(201);
    expect(await labelsOf(res.json().id)).toEqual(['Ops']);
    expect(await checklistOf(res.json().id)).toHaveLength(1);
  });

  it('writes nothing when any part of it fails', async () => {
    const made = await template({ checklist: ['One'] });
    const allow = await refuseActivitiesWhen(ctx, "new.action_type = 'created_from_template'");
    try {
      const res = await as(mia, use(made.id, { title: 'Half made' }));
      expect(res.statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await ctx.db.select().from(tasks).where(eq(tasks.title, 'Half made'))).toEqual([]);
  });

  it('refuses guests (403), those who do not see the product (404) and bad fields (400)', async () => {
    const made = await template({});
    const guest = await as(gus, use(made.id, { title: 'x' }));
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(templateMessages.readOnly);
    expect((await as(bob, use(made.id, { title: 'x' }))).statusCode).toBe(404);
    expect((await as(undefined, use(made.id, { title: 'x' }))).statusCode).toBe(401);
    expect((await as(mia, use(made.id, { title: '' }))).statusCode).toBe(400);
    const unknown = await as(mia, use(made.id, { title: 'x', parts: { nope: 1 } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(templateMessages.unknownPart('nope'));
  });
});

describe('duplicating a task', () => {
  it('copies its fields, labels and checklist (unticked) under a new key, and nothing else', async () => {
    const bug = await label('Regression');
    const task = await createTask(ctx, productId(), {
      title: 'Flaky test',
      description: 'It fails on Mondays',
      priority: 'critical',
      status: 'In Progress',
      teamId: teamId(),
      assigneeId: mia.user.id,
      dueDate: '2026-12-24',
    });
    await as(mia, { method: 'PUT', url: `/api/tasks/${task.id}/labels`, payload: { labelIds: [bug.id] } });
    const item = await as(mia, {
      method: 'POST',
      url: `/api/tasks/${task.id}/checklist`,
      payload: { title: 'Find it' },
    });
    await as(mia, {
      method: 'PATCH',
      url: `/api/checklist-items/${item.json().id}`,
      payload: { done: true },
    });
    await as(mia, { method: 'POST', url: `/api/tasks/${task.id}/comments`, payload: { body: 'Seen it' } });

    const res = await as(mia, duplicate(task.id));
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: 'Flaky test',
      description: 'It fails on Mondays',
      priority: 'critical',
      status: 'Pending',
      teamId: teamId(),
      assigneeId: mia.user.id,
      dueDate: '2026-12-24',
    });
    expect(copy.id).not.toBe(task.id);
    expect(copy.key).toBeTruthy();
    expect(copy.key).not.toBe(task.key);
    expect(await labelsOf(copy.id)).toEqual(['Regression']);
    expect(await checklistOf(copy.id)).toEqual([{ title: 'Find it', done: false }]);
    const comments = (id: string) => ctx.db.select().from(taskComments).where(eq(taskComments.taskId, id));
    expect(await comments(task.id)).toHaveLength(1);
    expect(await comments(copy.id)).toEqual([]);
  });

  it('is refused to guests (403), those who do not see it (404), on archived products (409)', async () => {
    const task = await createTask(ctx, productId());
    expect((await as(gus, duplicate(task.id))).statusCode).toBe(403);
    expect((await as(bob, duplicate(task.id))).statusCode).toBe(404);
    expect((await as(undefined, duplicate(task.id))).statusCode).toBe(401);
    const archived = (await createProduct(ctx, alice.user.id, { archivedAt: new Date() })).id;
    const old = await createTask(ctx, archived);
    expect((await as(alice, duplicate(old.id))).statusCode).toBe(409);
  });
});

describe('parts other modules contribute', () => {
  it('are checked by their schema, saved from a task, applied to a new one and duplicated', async () => {
    const applied: Array<[string, string]> = [];
    const sizes = fp(
      async (app) => {
        app.templates.addTaskPart('size', {
          schema: z.enum(['S', 'M', 'L']),
          capture: async () => 'M' as const,
          apply: async (taskId, value) => void applied.push([taskId, value]),
        });
      },
      { name: 'sizes', dependencies: ['templates'] },
    );
    await withTestApp({ modules: [...modules, sizes] }, async (other) => {
      const owner = await import('../../testing/factories.ts').then((f) =>
        f.createSignedInUser(other, { name: 'Olga' }),
      );
      const product = (await createProduct(other, owner.user.id)).id;
      const send = (req: Req) => other.app.inject({ ...req, headers: owner.headers });
      const bad = await send({
        method: 'POST',
        url: `/api/projects/${product}/task-templates`,
        payload: { name: 'Sized', parts: { size: 'XL' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details.fields)).toEqual(['parts.size']);
      const made = await send({
        method: 'POST',
        url: `/api/projects/${product}/task-templates`,
        payload: { name: 'Sized', parts: { size: 'L' } },
      });
      expect(made.statusCode).toBe(201);
      const task = await send(use(made.json().id, { title: 'Big one' }));
      expect(applied).toEqual([[task.json().id, 'L']]);
      const saved = await send({
        method: 'POST',
        url: `/api/tasks/${task.json().id}/task-template`,
        payload: { name: 'Captured' },
      });
      expect(saved.json().parts).toMatchObject({ size: 'M' });
      const copy = await send(duplicate(task.json().id));
      expect(applied.at(-1)).toEqual([copy.json().id, 'M']);
    });
  });
});
