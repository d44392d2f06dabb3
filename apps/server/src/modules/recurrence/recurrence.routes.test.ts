import { recurrenceMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { apiTokenHeaders, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { recurrenceOf, repeat, stop, useRecurrenceKit } from './recurrence.test-kit.ts';

// A task's repetition: GET, PUT and DELETE /api/tasks/{id}/recurrence.

const { ctx, as, member, guest, signedInOnce, taskOf, productOf } = useTestApp();
const owner = signedInOnce('member', 'Olive Owner');
const weekly = { rule: 'FREQ=WEEKLY;BYDAY=MO,TH', timeZone: 'Europe/Berlin' };

describe('/api/tasks/{id}/recurrence', () => {
  const kit = () => useRecurrenceKit(ctx, as);

  it('makes a task repeat, says how in words with its next days, and stops it in one call', async () => {
    const { task } = await taskOf(owner, [], { dueDate: '2026-03-26' });
    expect((await as(owner, recurrenceOf(task.id))).json()).toEqual({ recurrence: null });

    const set = await kit().makeRepeat(owner, task.id, weekly);
    expect(set).toMatchObject({
      taskId: task.id,
      rule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      words: 'Every week on Mon, Thu',
      mode: 'completed',
      startsOn: '2026-03-26',
      next: ['2026-03-30', '2026-04-02', '2026-04-06', '2026-04-09', '2026-04-13'],
    });
    expect((await as(owner, recurrenceOf(task.id))).json().recurrence).toMatchObject({
      seriesId: set.seriesId,
    });
    const shown = await as(owner, { url: `/api/tasks/${task.id}` });
    expect(shown.json().recurring).toBe(true);

    const stopped = await as(owner, stop(task.id));
    expect(stopped.statusCode).toBe(204);
    expect((await as(owner, recurrenceOf(task.id))).json()).toEqual({ recurrence: null });
    expect((await as(owner, { url: `/api/tasks/${task.id}` })).json().recurring).toBeUndefined();
  });

  it('changes the rule of a task that already repeats, in the same series', async () => {
    const { task } = await taskOf(owner, [], { dueDate: '2026-03-26' });
    const first = await kit().makeRepeat(owner, task.id, weekly);
    const second = await kit().makeRepeat(owner, task.id, { ...weekly, rule: 'FREQ=MONTHLY;BYMONTHDAY=26' });
    expect(second.seriesId).toBe(first.seriesId);
    expect(second.words).toBe('Every month on the 26th');
    expect(second.next.slice(0, 2)).toEqual(['2026-04-26', '2026-05-26']);
  });

  it.each([
    [{ ...weekly, rule: 'FREQ=HOURLY' }, 'rule', recurrenceMessages.tooFrequent],
    [{ ...weekly, rule: 'FREQ=DAILY;COUNT=1001' }, 'rule', recurrenceMessages.countInvalid],
    [{ ...weekly, rule: 'not a rule' }, 'rule', recurrenceMessages.ruleInvalid],
    [{ ...weekly, timeZone: 'Mars/Olympus' }, 'timeZone', recurrenceMessages.timeZoneInvalid],
    [{ ...weekly, mode: 'sometimes' }, 'mode', recurrenceMessages.modeInvalid],
  ])('refuses %o with the field’s own message and changes nothing', async (payload, field, message) => {
    const { task } = await taskOf(owner);
    const res = await as(owner, repeat(task.id, payload));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(JSON.stringify(res.json())).toContain(field);
    expect((await as(owner, recurrenceOf(task.id))).json()).toEqual({ recurrence: null });
  });

  it('answers 401 without a session', async () => {
    const { task } = await taskOf(owner);
    expect((await as(undefined, recurrenceOf(task.id))).statusCode).toBe(401);
    expect((await as(undefined, repeat(task.id, weekly))).statusCode).toBe(401);
    expect((await as(undefined, stop(task.id))).statusCode).toBe(401);
  });

  it('answers 404 for a task the caller does not see, or none', async () => {
    const { task } = await taskOf(owner);
    const stranger = await member('Sam Stranger');
    for (const req of [recurrenceOf(task.id), repeat(task.id, weekly), stop(task.id)]) {
      expect((await as(stranger, req)).statusCode).toBe(404);
    }
    expect((await as(owner, repeat(UNKNOWN_ID, weekly))).statusCode).toBe(404);
    expect((await as(owner, recurrenceOf(task.id))).json()).toEqual({ recurrence: null });
  });

  it('lets a guest read the repetition but not change it (403)', async () => {
    const visitor = await guest('Gil Guest');
    const { task } = await taskOf(owner, [visitor]);
    await kit().makeRepeat(owner, task.id, weekly);
    expect((await as(visitor, recurrenceOf(task.id))).statusCode).toBe(200);
    const refused = await as(visitor, repeat(task.id, { ...weekly, rule: 'FREQ=DAILY' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(recurrenceMessages.readOnly);
    expect((await as(visitor, stop(task.id))).statusCode).toBe(403);
    expect((await as(owner, recurrenceOf(task.id))).json().recurrence.rule).toBe(weekly.rule);
  });

  it('refuses changes in an archived product (409)', async () => {
    const { product } = await productOf(owner, [], { archivedAt: new Date() });
    const task = await createTask(ctx, product.id);
    expect((await as(owner, repeat(task.id, weekly))).statusCode).toBe(409);
  });

  it('lets a read-and-write API token set it and a read-only one only read it', async () => {
    const { task } = await taskOf(owner);
    const writer = { headers: await apiTokenHeaders(ctx, owner, 'write') };
    const reader = { headers: await apiTokenHeaders(ctx, owner, 'read') };
    const send = (headers: { authorization: string }, req: ReturnType<typeof repeat>) =>
      ctx.app.inject({ ...req, headers });
    expect((await send(writer.headers, repeat(task.id, weekly))).statusCode).toBe(200);
    expect((await send(reader.headers, recurrenceOf(task.id))).statusCode).toBe(200);
    expect((await send(reader.headers, stop(task.id))).statusCode).toBe(403);
  });
});
