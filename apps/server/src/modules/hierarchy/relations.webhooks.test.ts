import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { webhookOf } from '../../testing/webhooks.ts';
import { editTask, relate, unrelate } from './hierarchy.test-kit.ts';

// Relations in task webhook payloads (issue 29): each task's payload lists its relations as seen
// from it, and adding or removing one sends `task.updated` for both tasks.
const { ctx, as, member, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('task webhooks', () => {
  it('carry the task’s relations, and a relation added or removed updates both tasks', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const a = await createTask(ctx, product.id, { title: 'Design API' });
    const b = await createTask(ctx, product.id, { title: 'Build client' });
    const c = await createTask(ctx, product.id, { title: 'Old design' });
    const deliveries = await webhookOf(ctx, admin, product.id);

    const made = await as(owner, relate(a.id, 'blocks', b.id));
    expect(made.statusCode).toBe(201);
    // Both are enqueued in the relation's one transaction: in either order.
    const both = await deliveries();
    expect(both).toHaveLength(2);
    expect(both).toEqual(
      expect.arrayContaining([
        [
          'task.updated',
          expect.objectContaining({
            taskId: a.id,
            changed: ['relations'],
            relations: [{ kind: 'blocks', taskId: b.id, key: b.key }],
          }),
        ],
        [
          'task.updated',
          expect.objectContaining({
            taskId: b.id,
            changed: ['relations'],
            relations: [{ kind: 'blocked_by', taskId: a.id, key: a.key }],
          }),
        ],
      ]),
    );

    // Any later change of the task carries them too, every kind from its own side.
    expect((await as(owner, relate(c.id, 'duplicate_of', a.id))).statusCode).toBe(201);
    expect((await as(owner, relate(a.id, 'relates_to', b.id))).statusCode).toBe(409);
    expect((await as(owner, editTask(a.id, { title: 'Design the API' }))).statusCode).toBe(200);
    const edited = (await deliveries()).filter(([, data]) => data.title === 'Design the API');
    expect(edited).toEqual([
      [
        'task.updated',
        expect.objectContaining({
          relations: [
            { kind: 'blocks', taskId: b.id, key: b.key },
            { kind: 'duplicates', taskId: c.id, key: c.key },
          ],
        }),
      ],
    ]);
    const ofC = (await deliveries()).filter(([, data]) => data.taskId === c.id);
    expect(ofC.at(-1)?.[1]).toMatchObject({
      relations: [{ kind: 'duplicate_of', taskId: a.id, key: a.key }],
    });

    // Removed: both tasks again, without it.
    const relationId = (await as(owner, { url: `/api/tasks/${b.id}/relations` })).json().data[0].id;
    const before = (await deliveries()).length;
    expect((await as(owner, unrelate(b.id, relationId))).statusCode).toBe(204);
    const removed = (await deliveries()).slice(before);
    expect(removed).toEqual(
      expect.arrayContaining([
        ['task.updated', expect.objectContaining({ taskId: b.id, relations: [] })],
        [
          'task.updated',
          expect.objectContaining({
            taskId: a.id,
            relations: [{ kind: 'duplicates', taskId: c.id, key: c.key }],
          }),
        ],
      ]),
    );
    expect(removed).toHaveLength(2);
  });

  it('of a new task say it has no relations', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const deliveries = await webhookOf(ctx, admin, product.id);
    const res = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { projectId: product.id, title: 'Fresh' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await deliveries()).toEqual([
      ['task.created', expect.objectContaining({ title: 'Fresh', relations: [] })],
    ]);
  });
});
