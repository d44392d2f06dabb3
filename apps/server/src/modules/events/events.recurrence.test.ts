import { addCalendarDays, recurrenceMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { create, edit, type Item, range, remove, useEventTests } from './events.test-kit.ts';

// Repeating events (issue 29): the calendar shows each day of the range they fall on; the feed
// sends their RRULE; an edit or a delete is the whole series.

const { ctx, as, signedInOnce, scheduled } = useEventTests();
const owner = signedInOnce('member', 'Olive Owner');

type Occurrence = Item & { recurrence?: string; seriesDate?: string };
const seen = async (from: string, to: string) =>
  (await as(owner, range(from, to))).json<{ data: Occurrence[] }>().data;

describe('a repeating event', () => {
  it('shows on each day of the range it falls on, as the same event of its series', async () => {
    const id = await scheduled(owner, {
      title: 'Weekly review',
      date: '2026-05-04',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    const items = (await seen('2026-05-10', '2026-06-01')).filter((item) => item.id === id);
    expect(items.map((item) => item.date)).toEqual(['2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01']);
    expect(items[0]).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', seriesDate: '2026-05-04' });
    // Its first day counts even off the rule's days; nothing before it.
    const off = await scheduled(owner, {
      title: 'Kick-off',
      date: '2026-05-06',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect((await seen('2026-04-01', '2026-05-12')).filter((i) => i.id === off).map((i) => i.date)).toEqual([
      '2026-05-06',
      '2026-05-11',
    ]);
    expect((await as(owner, { url: `/api/events/${id}` })).json()).toMatchObject({
      date: '2026-05-04',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('stops at COUNT, and an edit or a delete changes the whole series', async () => {
    const id = await scheduled(owner, {
      title: 'Sprint',
      date: '2026-07-01',
      recurrence: 'FREQ=DAILY;COUNT=3',
    });
    const days = async () =>
      (await seen('2026-06-01', '2026-07-31')).filter((item) => item.id === id).map((item) => item.date);
    expect(await days()).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect((await as(owner, edit(id, { recurrence: 'FREQ=WEEKLY;COUNT=2' }))).statusCode).toBe(200);
    expect(await days()).toEqual(['2026-07-01', '2026-07-08']);
    expect((await as(owner, edit(id, { recurrence: '' }))).json().recurrence).toBeUndefined();
    expect(await days()).toEqual(['2026-07-01']);
    await as(owner, edit(id, { recurrence: 'FREQ=DAILY' }));
    expect((await as(owner, remove(id))).statusCode).toBe(200);
    expect(await days()).toEqual([]);
  });

  it.each([
    ['FREQ=HOURLY', recurrenceMessages.tooFrequent],
    ['FREQ=DAILY;COUNT=5000', recurrenceMessages.countInvalid],
    ['whenever', recurrenceMessages.ruleInvalid],
  ])('refuses the rule %s with its message and schedules nothing', async (recurrence, message) => {
    const res = await as(owner, create({ title: 'Bad', date: '2026-05-04', type: 'meeting', recurrence }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).toContain('recurrence');
  });

  it('goes to the calendar feed with its RRULE', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    await scheduled(owner, {
      title: 'Stand-up',
      date: addCalendarDays(today, -100),
      recurrence: 'FREQ=DAILY',
    });
    await scheduled(owner, {
      title: 'Retro',
      date: today,
      startTime: '10:00',
      recurrence: 'FREQ=WEEKLY;UNTIL=20991231',
    });
    const feed = await as(owner, { method: 'POST', url: '/api/user/calendar-feed' });
    const body = (await as(undefined, { url: new URL(feed.json().url).pathname })).body.replace(
      /\r\n[ \t]/g,
      '',
    );
    expect(body).toContain('SUMMARY:Stand-up');
    expect(body).toContain('RRULE:FREQ=DAILY\r\n');
    expect(body).toContain('RRULE:FREQ=WEEKLY;UNTIL=20991231T235959\r\n');
  });
});
