import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { labels, taskLabels, tasks, teamMembers, users } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// A board's content is shared between every viewer who may see the product and sent as the same
// serialized and compressed bytes (docs/decisions/023-request-hot-path.md): it must never be
// served after a write that changes it, from this process or another, and never to a viewer who
// may not see the product.

const { ctx, as, member, otherProcess } = useTestApp();

type Card = {
  id: string;
  title: string;
  labelIds: string[];
  assigneeId: string | null;
  checklist: { done: number; total: number };
};
type Board = {
  product: { id: string; name: string };
  labels: { id: string; name: string; color: string }[];
  people: { id: string; name: string; avatar_url: string | null }[];
  columns: { status: string; total: number; cards: Card[] }[];
};
const boardUrl = (productId: string, query = '') => `/api/tasks/${productId}/board${query}`;

// A second server process on the same database (its own caches).
const other = otherProcess();

async function sharedBoard() {
  const owner = await member('Olga Owner');
  const dev = await member('Dev Eloper');
  const product = await createProduct(ctx, owner.user.id, { name: 'Apollo' });
  const team = await createTeam(ctx, product.id, { name: 'Core team' });
  await addMember(ctx, team.id, dev.user.id);
  const task = await createTask(ctx, product.id, { title: 'First', assigneeId: dev.user.id });
  return { owner, dev, product, team, task };
}

const boardOf = async (who: Signed, productId: string, app?: FastifyInstance, query = '') => {
  const res = await as(who, { url: boardUrl(productId, query) }, app);
  expect(res.statusCode).toBe(200);
  return res.json() as Board;
};
const cards = (board: Board) => board.columns.flatMap((c) => c.cards);

describe('the shared board', () => {
  it('serves every viewer the same board, and never one older than a write made here or in another process', async () => {
    const { owner, dev, product, task } = await sharedBoard();
    const first = await boardOf(owner, product.id);
    expect(await boardOf(dev, product.id)).toEqual(first);
    // Both processes hold it now.
    expect(await boardOf(dev, product.id, other)).toEqual(first);

    // A task created through the other process's API.
    const created = await as(
      owner,
      {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'Second', projectId: product.id, priority: 'high' },
      },
      other,
    );
    expect(created.statusCode).toBe(201);
    expect(cards(await boardOf(dev, product.id)).map((c) => c.title)).toEqual(['Second', 'First']);

    // A label created here, then put on the task through the other process.
    const label = await as(owner, {
      method: 'POST',
      url: `/api/projects/${product.id}/labels`,
      payload: { name: 'bug', color: '#ff0000' },
    });
    expect(label.statusCode).toBe(201);
    const labelId = label.json().id as string;
    expect((await boardOf(dev, product.id, other)).labels.map((l) => l.name)).toEqual(['bug']);
    const put = await as(
      owner,
      {
        method: 'PUT',
        url: `/api/tasks/${task.id}/labels`,
        payload: { labelIds: [labelId] },
      },
      other,
    );
    expect(put.statusCode).toBe(200);
    expect(cards(await boardOf(dev, product.id)).find((c) => c.id === task.id)?.labelIds).toEqual([labelId]);
    // And the label filter sees it (task_labels is read by the filter too).
    expect(cards(await boardOf(dev, product.id, undefined, `?labelId=${labelId}`)).map((c) => c.id)).toEqual([
      task.id,
    ]);

    // Straight SQL, as any other path would write: a label renamed, a task's labels removed,
    // the assignee renamed, the task moved.
    await ctx.db.update(labels).set({ name: 'defect' }).where(eq(labels.id, labelId));
    expect((await boardOf(owner, product.id)).labels.map((l) => l.name)).toEqual(['defect']);
    await ctx.db.delete(taskLabels).where(eq(taskLabels.taskId, task.id));
    expect(cards(await boardOf(owner, product.id)).find((c) => c.id === task.id)?.labelIds).toEqual([]);
    expect(cards(await boardOf(dev, product.id, undefined, `?labelId=${labelId}`))).toEqual([]);
    await ctx.db.update(users).set({ name: 'Dee Veloper' }).where(eq(users.id, dev.user.id));
    expect((await boardOf(owner, product.id)).people.map((p) => p.name)).toEqual(['Dee Veloper']);
    await ctx.db.update(tasks).set({ status: 'In Progress' }).where(eq(tasks.id, task.id));
    expect((await boardOf(owner, product.id)).columns.map((c) => c.total)).toEqual([1, 1, 0]);

    // A checklist item added here: the counters live on the task.
    const item = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/checklist`,
      payload: { title: 'Write it' },
    });
    expect(item.statusCode).toBeLessThan(300);
    expect(cards(await boardOf(dev, product.id, other)).find((c) => c.id === task.id)?.checklist).toEqual({
      done: 0,
      total: 1,
    });

    // The product renamed through the API.
    const renamed = await as(
      owner,
      {
        method: 'PATCH',
        url: `/api/projects/${product.id}`,
        payload: { name: 'Artemis' },
      },
      other,
    );
    expect(renamed.statusCode).toBe(200);
    expect((await boardOf(dev, product.id)).product.name).toBe('Artemis');
  });

  it('answers 404 to a viewer who may not see the product while it is shared with those who may, ETag or not', async () => {
    const { owner, dev, product, team } = await sharedBoard();
    const stranger = await member('Stan Stranger');
    const shared = await as(owner, { url: boardUrl(product.id) });
    expect(shared.statusCode).toBe(200);
    const etag = shared.headers.etag as string;
    for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
      const res = await as(stranger, { url: boardUrl(product.id), headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    }
    // A member who leaves the team loses the board at once, though it is still shared.
    expect((await as(dev, { url: boardUrl(product.id) })).statusCode).toBe(200);
    // Straight SQL: as another process would make it.
    await ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, dev.user.id)));
    expect(
      (await as(dev, { url: boardUrl(product.id), headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(404);
    expect((await as(owner, { url: boardUrl(product.id) })).statusCode).toBe(200);
  });

  it('sends the same JSON brotli, gzip or plain, with Vary: accept-encoding', async () => {
    const { owner, product } = await sharedBoard();
    // Enough cards for the answer to pass the 1 kB threshold.
    for (let i = 0; i < 20; i++) await createTask(ctx, product.id, { title: `Card ${i}` });
    const get = (headers: Record<string, string>) => as(owner, { url: boardUrl(product.id), headers });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = plain.rawPayload;
    expect(json.length).toBeGreaterThan(1024);

    for (let round = 0; round < 2; round++) {
      // Twice: the second answer is the stored variant.
      const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload)).toEqual(json);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

      const gz = await get({ 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload)).toEqual(json);
    }
    // What @fastify/compress would choose: '*' is gzip, q=0 refuses, an unknown one is plain.
    expect((await get({ 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip');
    expect((await get({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get({ 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined();
    const refused = await get({ 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload).toEqual(json);
  });

  it('answers 304 to If-None-Match while the board is unchanged, and the new board after a write', async () => {
    const { owner, dev, product } = await sharedBoard();
    const first = await as(owner, { url: boardUrl(product.id), headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The tag is the body's: the same for another viewer, another encoding, another process.
    expect((await as(dev, { url: boardUrl(product.id) })).headers.etag).toBe(etag);
    expect((await as(dev, { url: boardUrl(product.id) }, other)).headers.etag).toBe(etag);

    const again = await as(dev, { url: boardUrl(product.id), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await createTask(ctx, product.id, { title: 'Newest' });
    const changed = await as(dev, { url: boardUrl(product.id), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(cards(changed.json() as Board).map((c) => c.title)).toContain('Newest');
  });
});

describe('GET /api/tasks/all with a label filter: the shared total sees task_labels', () => {
  it('counts a label put on or taken off a task, in another process too', async () => {
    const { owner, product, task } = await sharedBoard();
    const [label] = await ctx.db
      .insert(labels)
      .values({ productId: product.id, name: 'ux', color: '#00ff00' })
      .returning();
    if (!label) throw new Error('no label');
    const total = async (app?: FastifyInstance) =>
      (await as(owner, { url: `/api/tasks/all?labelId=${label.id}` }, app)).json().total as number;
    expect(await total()).toBe(0);
    expect(await total(other)).toBe(0);
    await ctx.db.insert(taskLabels).values({ taskId: task.id, labelId: label.id });
    expect(await total()).toBe(1);
    await ctx.db.delete(taskLabels).where(eq(taskLabels.taskId, task.id));
    expect(await total(other)).toBe(0);
    expect(await total()).toBe(0);
  });
});

describe('GET /api/tasks/all: a first page shared by the caller, never older than a write', () => {
  it('shows a write made here or in another process on the next first page, and stays per caller', async () => {
    const { owner, dev, product, task } = await sharedBoard();
    const stranger = await member('Stan Stranger');
    const page = async (who: Signed, app?: FastifyInstance, headers: Record<string, string> = {}) => {
      const res = await as(who, { url: `/api/tasks/all?productId=${product.id}`, headers }, app);
      expect(res.statusCode).toBe(200);
      return res;
    };
    const titles = async (who: Signed, app?: FastifyInstance) =>
      (await page(who, app)).json().data.map((t: { title: string }) => t.title);
    expect(await titles(owner)).toEqual(['First']);
    expect(await titles(owner, other)).toEqual(['First']);
    expect(await titles(stranger)).toEqual([]);

    await ctx.db.update(tasks).set({ title: 'Renamed' }).where(eq(tasks.id, task.id));
    expect(await titles(owner)).toEqual(['Renamed']);
    const [label] = await ctx.db
      .insert(labels)
      .values({ productId: product.id, name: 'ops', color: '#0000ff' })
      .returning();
    if (!label) throw new Error('no label');
    await ctx.db.insert(taskLabels).values({ taskId: task.id, labelId: label.id });
    const labelled = (await page(owner, other)).json().data[0];
    expect(labelled.labels.map((l: { name: string }) => l.name)).toEqual(['ops']);
    await ctx.db.update(labels).set({ name: 'sre' }).where(eq(labels.id, label.id));
    expect((await page(owner)).json().data[0].labels.map((l: { name: string }) => l.name)).toEqual(['sre']);

    // Visibility: a stranger who joins a team sees it at once; the dev, removed, loses it.
    const team = await createTeam(ctx, product.id, { name: 'Ops' });
    await addMember(ctx, team.id, stranger.user.id);
    expect(await titles(stranger, other)).toEqual(['Renamed']);
    expect(await titles(dev)).toEqual(['Renamed']);
    await ctx.db.delete(teamMembers).where(eq(teamMembers.userId, dev.user.id));
    expect(await titles(dev, other)).toEqual([]);

    // 304 while unchanged, for the caller who holds it.
    const etag = (await page(owner)).headers.etag as string;
    const again = await as(owner, {
      url: `/api/tasks/all?productId=${product.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
