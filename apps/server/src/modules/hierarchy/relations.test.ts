import { relationMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { apiTokenHeaders, createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { boardOf, cardOf, getTask, relate, relationsOf, setStatus, unrelate } from './hierarchy.test-kit.ts';

// Relations (issue 29): GET/POST /tasks/{id}/relations, DELETE /tasks/{id}/relations/{relationId}.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

describe('task relations', () => {
  it('are stored once per pair and read from both sides', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const a = await createTask(ctx, product.id, { title: 'Design API' });
    const b = await createTask(ctx, product.id, { title: 'Build client' });
    const published = await publishedBy(async () => {
      const res = await as(owner, relate(a.id, 'blocks', b.id));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ type: 'blocks', task: { id: b.id, title: 'Build client' } });
    });
    // Both tasks' boards and pages read again.
    expect(published.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    const fromB = (await as(owner, relationsOf(b.id))).json().data;
    expect(fromB).toMatchObject([{ type: 'blocked_by', task: { id: a.id, key: a.key } }]);
    // The same pair again, either way round: 409.
    for (const [from, type, to] of [
      [a.id, 'relates_to', b.id],
      [b.id, 'blocks', a.id],
    ] as const) {
      const again = await as(owner, relate(from, type, to));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(relationMessages.exists);
    }
    const self = await as(owner, relate(a.id, 'relates_to', a.id));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(relationMessages.self);
    const entries = (await entriesOf(ctx, product.id)).map((e) => e.description);
    expect(entries).toContain(`Added a relation: "Design API" blocks ${b.key}`);

    // Removed from the other side.
    const relationId = fromB[0].id;
    expect((await as(owner, unrelate(b.id, relationId))).statusCode).toBe(204);
    expect((await as(owner, relationsOf(a.id))).json().data).toEqual([]);
    expect((await as(owner, unrelate(b.id, relationId))).statusCode).toBe(404);
  });

  it('are written in the history of both tasks, each from its own side, across products', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const other = await createProduct(ctx, owner.user.id, { name: 'Platform' });
    const a = await createTask(ctx, product.id, { title: 'Ship the app' });
    const b = await createTask(ctx, other.id, { title: 'Upgrade the API' });
    const historyOf = async (id: string) =>
      (await as(owner, { url: `/api/tasks/${id}/history` }))
        .json()
        .data.map((e: { description: string }) => e.description);
    const made = await as(owner, relate(a.id, 'blocked_by', b.id));
    expect(made.statusCode).toBe(201);
    expect(await historyOf(a.id)).toContain(`Added a relation: "Ship the app" blocked by ${b.key}`);
    expect(await historyOf(b.id)).toContain(`Added a relation: "Upgrade the API" blocks ${a.key}`);
    expect((await as(owner, unrelate(b.id, made.json().id))).statusCode).toBe(204);
    expect(await historyOf(b.id)).toContain(`Removed a relation: blocks ${a.key}`);
    expect(await historyOf(a.id)).toContain(`Removed a relation: blocked by ${b.key}`);
  });

  it('mark a task blocked by an open task on its page, the list and the board, until the blocker is done', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const blocker = await createTask(ctx, product.id, { title: 'Blocker' });
    const blocked = await createTask(ctx, product.id, { title: 'Blocked' });
    expect((await as(owner, relate(blocked.id, 'blocked_by', blocker.id))).statusCode).toBe(201);
    expect((await as(owner, getTask(blocked.id))).json()).toMatchObject({
      blocked: true,
      blockedBy: [blocker.key],
    });
    const list = (await as(owner, { url: `/api/tasks/${product.id}/tasks` })).json();
    expect(list.data.find((t: { id: string }) => t.id === blocked.id)).toMatchObject({ blocked: true });
    expect(cardOf((await as(owner, boardOf(product.id))).json(), blocked.id)).toMatchObject({
      blocked: true,
      blockedBy: [blocker.key],
    });
    expect(cardOf((await as(owner, boardOf(product.id))).json(), blocker.id)?.blocked).toBe(false);

    expect((await as(owner, setStatus(blocker.id, 'Completed'))).statusCode).toBe(200);
    expect((await as(owner, getTask(blocked.id))).json()).toMatchObject({ blocked: false, blockedBy: [] });
    expect(cardOf((await as(owner, boardOf(product.id))).json(), blocked.id)?.blocked).toBe(false);
  });

  it('"duplicate of" closes the duplicate, with a history entry saying why', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const original = await createTask(ctx, product.id, { title: 'Login fails' });
    const duplicate = await createTask(ctx, product.id, { title: 'Cannot log in', status: 'In Progress' });
    const res = await as(owner, relate(duplicate.id, 'duplicate_of', original.id));
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, duplicate.id));
    expect(row?.status).toBe('Completed');
    expect(row?.completedAt).not.toBeNull();
    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => e.description)).toContain(
      `${relationMessages.duplicateClosed(original.key)}: "Cannot log in"`,
    );
    expect((await as(owner, relationsOf(original.id))).json().data).toMatchObject([
      { type: 'duplicates', task: { id: duplicate.id } },
    ]);
  });

  it('to a task out of the viewer’s sight are not shown, nor can be made', async () => {
    const owner = await member();
    const mate = await member('Mo Mate');
    const { product } = await productOf(owner, [mate]);
    const secret = await createProduct(ctx, owner.user.id, { name: 'Secret' });
    const visible = await createTask(ctx, product.id, { title: 'Shared' });
    const hidden = await createTask(ctx, secret.id, { title: 'Top secret title' });
    expect((await as(owner, relate(visible.id, 'blocked_by', hidden.id))).statusCode).toBe(201);
    // The owner sees both; the mate sees only the shared task: no relation, no title, no key.
    expect((await as(owner, relationsOf(visible.id))).json().data).toHaveLength(1);
    const seen = await as(mate, relationsOf(visible.id));
    expect(seen.json().data).toEqual([]);
    expect(seen.body).not.toContain('Top secret title');
    // The task's page carries them the same way.
    const page = (await as(mate, { url: `/api/tasks/${visible.id}/detail` })).json();
    expect(page.relations).toEqual({ data: [] });
    expect((await as(owner, { url: `/api/tasks/${visible.id}/detail` })).json().relations.data).toHaveLength(
      1,
    );
    const task = (await as(mate, getTask(visible.id))).json();
    expect(task).toMatchObject({ blocked: true, blockedBy: [] });
    expect(JSON.stringify(task)).not.toContain(hidden.key);
    // The mate cannot relate to it either (400: the other task is not found for them).
    const refused = await as(mate, relate(visible.id, 'relates_to', hidden.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields.taskId).toEqual([relationMessages.taskNotFound]);
  });

  it('refuse signed out (401), guests (403), tasks out of sight (404), bad types (400)', async () => {
    const owner = await member();
    const reader = await guest();
    const { product } = await productOf(owner, [reader]);
    const a = await createTask(ctx, product.id);
    const b = await createTask(ctx, product.id);
    const made = (await as(owner, relate(a.id, 'relates_to', b.id))).json();
    const stranger = await member('Stranger');
    for (const req of [relationsOf(a.id), relate(a.id, 'blocks', b.id), unrelate(a.id, made.id)]) {
      expect((await as(undefined, req)).statusCode).toBe(401);
      expect((await as(stranger, req)).statusCode).toBe(404);
    }
    expect((await as(reader, relationsOf(a.id))).statusCode).toBe(200);
    for (const req of [relate(a.id, 'blocks', b.id), unrelate(a.id, made.id)]) {
      const res = await as(reader, req);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(relationMessages.readOnly);
    }
    expect((await as(owner, relationsOf(UNKNOWN_ID))).statusCode).toBe(404);
    expect((await as(owner, unrelate(a.id, UNKNOWN_ID))).statusCode).toBe(404);
    const bad = await as(owner, relate(a.id, 'parent_of', b.id));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(relationMessages.typeUnknown);
    expect((await as(owner, relationsOf(a.id))).json().data).toHaveLength(1);
  });

  it('are read and written with an API token; a read-only token only reads', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const a = await createTask(ctx, product.id);
    const b = await createTask(ctx, product.id);
    const write = await apiTokenHeaders(ctx, owner);
    const read = await apiTokenHeaders(ctx, owner, 'read');
    const made = await ctx.app.inject({ ...relate(a.id, 'blocks', b.id), headers: write });
    expect(made.statusCode).toBe(201);
    expect((await ctx.app.inject({ ...relationsOf(b.id), headers: read })).json().data).toHaveLength(1);
    expect((await ctx.app.inject({ ...unrelate(a.id, made.json().id), headers: read })).statusCode).toBe(403);
    expect((await ctx.app.inject({ ...unrelate(a.id, made.json().id), headers: write })).statusCode).toBe(
      204,
    );
  });
});
