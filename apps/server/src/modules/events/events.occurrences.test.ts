import { addCalendarDays, EVENT_EXCEPTIONS_MAX, eventMessages, occurrenceMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventExceptions, events } from '../../db/schema/index.ts';
import type { Req } from '../../testing/http.ts';
import { edit, type Item, range, remove, useEventTests } from './events.test-kit.ts';

// One date of a repeating event changed or deleted on its own (docs/decisions/042-event-exceptions.md):
// PATCH and DELETE /api/events/{id}/occurrences/{date}?scope=this|following.

const { ctx, as, member, guest, signedInOnce, scheduled, publishedBy } = useEventTests();
const owner = signedInOnce('member', 'Olive Owner');
const admin = signedInOnce('admin', 'Ada Admin');

type Occurrence = Item & {
  recurrence?: string;
  seriesDate?: string;
  occurrenceDate?: string;
  startTime: string | null;
};
const changeOne = (id: string, day: string, payload: object, scope = 'this'): Req => ({
  method: 'PATCH',
  url: `/api/events/${id}/occurrences/${day}?scope=${scope}`,
  payload,
});
const removeOne = (id: string, day: string, scope = 'this'): Req => ({
  method: 'DELETE',
  url: `/api/events/${id}/occurrences/${day}?scope=${scope}`,
});
/** The owner's calendar in May and June 2026, of these events: date, title and time of each item. */
const may = async (...ids: string[]) =>
  (await as(owner, range('2026-05-01', '2026-06-30')))
    .json<{ data: Occurrence[] }>()
    .data.filter((item) => ids.includes(item.id))
    .map((item) => `${item.date} ${item.title}${item.startTime ? ` ${item.startTime}` : ''}`);
/** Every Monday from 4 May 2026. */
const weekly = (values: object = {}) =>
  scheduled(owner, {
    title: 'Review',
    date: '2026-05-04',
    recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
    ...values,
  });

describe('this event', () => {
  it('deletes one date: the calendar leaves it out and the rest stays', async () => {
    const id = await weekly();
    const res = await as(owner, removeOne(id, '2026-05-11'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: eventMessages.deleted });
    expect(await may(id)).toEqual(['2026-05-04 Review', '2026-05-18 Review', '2026-05-25 Review']);
  });

  it('changes one date: the calendar shows its changes, on the day it moved to, in place of it', async () => {
    const id = await weekly({ title: 'Sync' });
    const res = await as(
      owner,
      changeOne(id, '2026-05-18', { title: 'Sync (moved)', date: '2026-05-20', startTime: '15:30' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      title: 'Sync (moved)',
      date: '2026-05-20',
      startTime: '15:30',
      occurrenceDate: '2026-05-18',
      seriesDate: '2026-05-04',
    });
    // A second change of that date keeps the first.
    await as(owner, changeOne(id, '2026-05-18', { status: 'Cancelled' }));
    expect(await may(id)).toEqual([
      '2026-05-04 Sync',
      '2026-05-11 Sync',
      '2026-05-20 Sync (moved) 15:30',
      '2026-05-25 Sync',
    ]);
    // Seen from a range holding only the day it moved to.
    const moved = (await as(owner, range('2026-05-20', '2026-05-20'))).json<{ data: Occurrence[] }>().data;
    expect(moved).toEqual([
      expect.objectContaining({ id, status: 'Cancelled', occurrenceDate: '2026-05-18' }),
    ]);
    // The series itself is unchanged.
    expect((await as(owner, { url: `/api/events/${id}` })).json()).toMatchObject({
      title: 'Sync',
      date: '2026-05-04',
    });
  });

  it('refuses to change the repeat, product or participants of one date', async () => {
    const id = await weekly();
    const res = await as(owner, changeOne(id, '2026-05-11', { recurrence: 'FREQ=DAILY' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(occurrenceMessages.seriesOnly);
    expect(await ctx.db.select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);
  });

  it(`keeps at most ${EVENT_EXCEPTIONS_MAX} changed or deleted dates a series`, async () => {
    const id = await scheduled(owner, { title: 'Daily', date: '2026-01-01', recurrence: 'FREQ=DAILY' });
    await ctx.db.insert(eventExceptions).values(
      Array.from({ length: EVENT_EXCEPTIONS_MAX }, (_, i) => ({
        eventId: id,
        occursOn: addCalendarDays('2026-01-01', i),
        cancelled: true,
      })),
    );
    const day = addCalendarDays('2026-01-01', EVENT_EXCEPTIONS_MAX);
    for (const req of [removeOne(id, day), changeOne(id, day, { title: 'One' })]) {
      const res = await as(owner, req);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(occurrenceMessages.tooMany);
    }
    // A date already changed may change again.
    expect((await as(owner, changeOne(id, '2026-01-01', { title: 'Back' }))).statusCode).toBe(200);
  });
});

describe('this and following events', () => {
  it('deletes from a date on: the series ends the day before', async () => {
    const id = await weekly();
    expect((await as(owner, removeOne(id, '2026-05-18', 'following'))).statusCode).toBe(200);
    expect(await may(id)).toEqual(['2026-05-04 Review', '2026-05-11 Review']);
    expect((await as(owner, { url: `/api/events/${id}` })).json().recurrence).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260517',
    );
  });

  it('from its first date deletes the whole series', async () => {
    const id = await weekly();
    expect((await as(owner, removeOne(id, '2026-05-04', 'following'))).statusCode).toBe(200);
    expect(await ctx.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it('changes from a date on: the old series ends, a new one goes on with the changes and what is left of COUNT', async () => {
    const id = await weekly();
    await as(owner, removeOne(id, '2026-05-25'));
    const res = await as(
      owner,
      changeOne(id, '2026-05-18', { title: 'Review v2', startTime: '09:00' }, 'following'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json();
    expect(next.id).not.toBe(id);
    expect(next).toMatchObject({
      title: 'Review v2',
      date: '2026-05-18',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=2',
    });
    // The deleted 25 May belonged to the dates now in the new series: it comes back there.
    expect(await may(id, next.id)).toEqual([
      '2026-05-04 Review',
      '2026-05-11 Review',
      '2026-05-18 Review v2 09:00',
      '2026-05-25 Review v2 09:00',
    ]);
    expect(await ctx.db.select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);
  });
});

describe('rules', () => {
  it('refuses a date that is not one of the series’, an event that does not repeat and an unknown scope (400)', async () => {
    const id = await weekly();
    const once = await scheduled(owner, { title: 'Once', date: '2026-05-04' });
    const cases: Array<[Req, string]> = [
      [removeOne(id, '2026-05-12'), occurrenceMessages.notAnOccurrence],
      [changeOne(id, '2026-06-01', { title: 'After COUNT' }), occurrenceMessages.notAnOccurrence],
      [removeOne(id, '2026-04-27'), occurrenceMessages.notAnOccurrence],
      [removeOne(once, '2026-05-04'), occurrenceMessages.notRecurring],
      [removeOne(id, '2026-05-11', 'everything'), occurrenceMessages.scopeInvalid],
      [removeOne(id, '2026-02-30'), eventMessages.dateInvalid],
      [changeOne(id, '2026-05-11', { title: '' }), eventMessages.titleRequired],
    ];
    for (const [req, message] of cases) {
      const res = await as(owner, req);
      expect(res.statusCode, req.url).toBe(400);
      expect(res.body, req.url).toContain(message);
    }
    expect(await ctx.db.select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);
  });

  it('answers 401 signed out, 403 to a participant and a guest, 404 to a stranger; lets an admin', async () => {
    const participant = await member();
    const stranger = await member();
    const visitor = await guest();
    const id = await weekly({ participants: [participant.user.email, visitor.user.email] });
    for (const req of [removeOne(id, '2026-05-11'), changeOne(id, '2026-05-11', { title: 'Mine' })]) {
      expect((await as(undefined, req)).statusCode).toBe(401);
      expect((await as(participant, req)).statusCode).toBe(403);
      expect((await as(visitor, req)).json().code).toBe('READ_ONLY');
      expect((await as(stranger, req)).statusCode).toBe(404);
      expect((await as(admin, req)).statusCode).toBe(404);
    }
    expect(
      (await as(owner, removeOne('00000000-0000-4000-8000-000000000000', '2026-05-11'))).statusCode,
    ).toBe(404);
    expect(await ctx.db.select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);
    // An admin may change what they see, as with the whole event.
    const seen = await weekly({ participants: [admin.user.email] });
    expect((await as(admin, removeOne(seen, '2026-05-11'))).statusCode).toBe(200);
  });

  it('publishes each change as an event change, and deleting the series deletes its exceptions', async () => {
    const id = await weekly();
    const published = await publishedBy(() => as(owner, removeOne(id, '2026-05-11')));
    expect(published).toEqual([expect.objectContaining({ kind: 'event', op: 'updated', id })]);
    const split = await publishedBy(() =>
      as(owner, changeOne(id, '2026-05-18', { title: 'New' }, 'following')),
    );
    expect(split.map((change) => change.op)).toEqual(['updated', 'created']);
    await as(owner, changeOne(id, '2026-05-04', { title: 'First' }));
    expect((await as(owner, remove(id))).statusCode).toBe(200);
    expect(await ctx.db.select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);
  });

  it('an edit of all events keeps the dates changed on their own while the rule still gives them', async () => {
    const id = await weekly();
    await as(owner, changeOne(id, '2026-05-11', { title: 'Special' }));
    await as(owner, edit(id, { description: 'Agenda' }));
    expect(await may(id)).toContain('2026-05-11 Special');
    // A rule that no longer gives that day forgets it.
    await as(owner, edit(id, { recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4' }));
    expect(await may(id)).not.toContain('2026-05-11 Special');
  });
});

describe('the calendar feed', () => {
  it('sends EXDATE for a deleted date and a RECURRENCE-ID VEVENT for a changed one', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const who = await member();
    const allDay = await scheduled(who, { title: 'Daily', date: today, recurrence: 'FREQ=DAILY' });
    const timed = await scheduled(who, {
      title: 'Standup',
      date: today,
      startTime: '09:15',
      recurrence: 'FREQ=DAILY',
    });
    const [d1, d2] = [addCalendarDays(today, 1), addCalendarDays(today, 2)];
    const compact = (day: string) => day.replaceAll('-', '');
    await as(who, removeOne(allDay, d1));
    await as(who, removeOne(allDay, d2));
    await as(who, removeOne(timed, d1));
    await as(who, changeOne(timed, d2, { title: 'Standup (late)', startTime: '11:00' }));
    const feed = await as(who, { method: 'POST', url: '/api/user/calendar-feed' });
    const body = (await as(undefined, { url: new URL(feed.json().url).pathname })).body.replace(
      /\r\n[ \t]/g,
      '',
    );
    expect(body).toContain(`RRULE:FREQ=DAILY\r\nEXDATE;VALUE=DATE:${compact(d1)},${compact(d2)}\r\n`);
    expect(body).toContain(`RRULE:FREQ=DAILY\r\nEXDATE:${compact(d1)}T091500\r\n`);
    const override = body.split('BEGIN:VEVENT').find((part) => part.includes('SUMMARY:Standup (late)')) ?? '';
    expect(override).toContain(`UID:event-${timed}@`);
    expect(override).toContain(`RECURRENCE-ID:${compact(d2)}T091500\r\n`);
    expect(override).toContain(`DTSTART:${compact(d2)}T110000\r\n`);
    expect(override).not.toContain('RRULE');
  });
});
