import { BULK_TASKS_MAX, bulkMessages, labelMessages, taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';

// Issue 30: the keyboard's label picker on several tasks, PATCH /api/tasks/bulk/labels and its Undo.
const { ctx, as, member, guest, productOf } = useTestApp();

const bulk = (ids: string[], change: object): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk/labels',
  payload: { ids, change },
});
const restore = (items: unknown): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk/labels/restore',
  payload: { items },
});

async function setUp(owner: Signed, people: Signed[] = []) {
  const { product } = await productOf(owner, people);
  const label = async (name: string) => {
    const res = await as(owner, {
      method: 'POST',
      url: `/api/projects/${product.id}/labels`,
      payload: { name, color: '#3b82f6' },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const ids = [];
  for (const title of ['One', 'Two', 'Three']) ids.push((await createTask(ctx, product.id, { title })).id);
  return { product, ids, radio: await label('Radio'), hull: await label('Hull') };
}

const namesOf = (body: { tasks: Array<{ labels: Array<{ name: string }> }> }) =>
  body.tasks.map((t) => t.labels.map((l) => l.name));

describe('PATCH /api/tasks/bulk/labels', () => {
  it('puts a label on every task and takes another off, records each, and undoes in one request', async () => {
    const owner = await member();
    const { product, ids, radio, hull } = await setUp(owner);
    expect((await as(owner, bulk(ids.slice(0, 1), { addLabels: [hull] }))).statusCode).toBe(200);

    const res = await as(owner, bulk(ids, { addLabels: [radio], removeLabels: [hull] }));
    expect(res.statusCode).toBe(200);
    expect(namesOf(res.json())).toEqual([['Radio'], ['Radio'], ['Radio']]);
    const previous = res.json().previous as Array<{ id: string; labelIds: string[] }>;
    expect(previous.find((p) => p.id === ids[0])?.labelIds).toEqual([hull]);

    const undone = await as(owner, restore(previous));
    expect(undone.statusCode).toBe(200);
    const back = new Map(
      (undone.json().tasks as Array<{ taskId: string; labels: Array<{ name: string }> }>).map((t) => [
        t.taskId,
        t.labels.map((l) => l.name),
      ]),
    );
    expect(ids.map((id) => back.get(id))).toEqual([['Hull'], [], []]);
    const entries = await entriesOf(ctx, product.id);
    expect(entries.filter((e) => e.description.startsWith('Changed the labels of a task'))).toHaveLength(7);
  });

  it('answers 401 without a session, 403 to a guest and 404 for a task out of sight, changing none', async () => {
    const owner = await member();
    const visitor = await guest();
    const stranger = await member('Sam Stranger');
    const { ids, radio } = await setUp(owner, [visitor]);
    const theirs = await setUp(stranger);

    expect((await as(undefined, bulk(ids, { addLabels: [radio] }))).statusCode).toBe(401);
    const refused = await as(visitor, bulk(ids, { addLabels: [radio] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(labelMessages.readOnly);
    const hidden = await as(owner, bulk([...ids, theirs.ids[0] ?? UNKNOWN_ID], { addLabels: [radio] }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(taskMessages.notFound);
    // A label of another product is refused for the whole request.
    const foreign = await as(owner, bulk(ids, { addLabels: [theirs.radio] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(labelMessages.notOfProduct);
    const labelsNow = await as(owner, { url: `/api/tasks/${ids[0]}/labels` });
    expect(labelsNow.json().labels).toEqual([]);
  });

  it('refuses more than 200 tasks and an empty change with 400', async () => {
    const owner = await member();
    const { ids, radio } = await setUp(owner);
    const many = Array.from({ length: BULK_TASKS_MAX + 1 }, () => UNKNOWN_ID);
    const tooMany = await as(owner, bulk(many, { addLabels: [radio] }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(bulkMessages.tooMany);
    expect((await as(owner, bulk(ids, {}))).statusCode).toBe(400);
    expect((await as(owner, bulk(ids, { addLabels: [] }))).statusCode).toBe(400);
    expect((await as(owner, restore([]))).statusCode).toBe(400);
  });
});
