import { taskDateMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { edit, storedTask } from './tasks.test-kit.ts';

// A task's start date (issue 31, decision 057: the Gantt): set on create and edit, on or before
// the due date, with the start date's field message.
const { ctx, as, member, productOf } = useTestApp();

const outOfOrder = {
  code: 'VALIDATION_ERROR',
  message: taskDateMessages.startAfterDue,
  details: { fields: { startDate: [taskDateMessages.startAfterDue] } },
};

describe('a task’s start date', () => {
  it('is set on create, shown and stored; a start after the due date is refused on either path', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const create = (payload: object) =>
      as(owner, {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'Plan', projectId: product.id, ...payload },
      });
    const res = await create({ startDate: '2030-01-02', dueDate: '2030-01-05' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startDate: '2030-01-02', dueDate: '2030-01-05' });
    expect((await storedTask(ctx, res.json<{ id: string }>().id))?.startDate).toBe('2030-01-02');
    // The one-statement create and the checked one (an estimate takes it) alike.
    for (const extra of [{}, { assigneeId: (await member('Other')).user.id }]) {
      const refused = await create({ startDate: '2030-01-06', dueDate: '2030-01-05', ...extra });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject(outOfOrder);
    }
    const bad = await create({ startDate: '2030-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: { fields: { startDate: [taskDateMessages.startDateInvalid] } },
    });
  });

  it('is edited alone or with the due date, recorded; an edit leaving it after the due date is refused', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Build', dueDate: '2030-02-10' });
    const res = await as(owner, edit(task.id, { startDate: '2030-02-01' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ startDate: '2030-02-01', dueDate: '2030-02-10' });
    const entry = (await entriesOf(ctx, product.id)).find((e) => e.actionType === 'task_updated');
    expect(entry?.description).toBe('Updated task "Build": start date');
    expect(entry?.metadata).toMatchObject({ changes: { startDate: { from: null, to: '2030-02-01' } } });

    // Against the stored due date, and the stored start date.
    const late = await as(owner, edit(task.id, { startDate: '2030-02-11' }));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject(outOfOrder);
    const early = await as(owner, edit(task.id, { dueDate: '2030-01-31' }));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject(outOfOrder);
    // Both together in order, and cleared.
    expect(
      (await as(owner, edit(task.id, { startDate: '2030-01-20', dueDate: '2030-01-31' }))).statusCode,
    ).toBe(200);
    expect((await as(owner, edit(task.id, { startDate: '' }))).json()).toMatchObject({ startDate: null });
    expect((await storedTask(ctx, task.id))?.dueDate).toBe('2030-01-31');
  });
});
