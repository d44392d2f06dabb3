import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  CreateEventSchema,
  calendarDaysBetween,
  EventRangeQuerySchema,
  eventMessages,
  isCalendarDay,
  milestoneStatusOf,
  toEventStatus,
  UpdateEventSchema,
} from './events.ts';

const PRODUCT = '6f1c2a3b-4d5e-4f60-8a7b-8c9d0e1f2a3b';
const firstMessage = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('calendar days', () => {
  it('knows real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const v of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', '', 'today']) {
      expect(isCalendarDay(v), v).toBe(false);
    }
  });

  it('counts and adds days across months, years and daylight-saving changes', () => {
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(calendarDaysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(calendarDaysBetween('2026-05-02', '2026-05-01')).toBe(-1);
  });
});

describe('the event form', () => {
  it('defaults to Planning, no time, no link, no participants, no product, no repeat; trims the title', () => {
    const parsed = CreateEventSchema.parse({ title: '  Kick-off ', date: '2026-05-04', type: 'Meeting' });
    expect(parsed).toEqual({
      title: 'Kick-off',
      date: '2026-05-04',
      startTime: null,
      type: 'meeting',
      status: 'Planning',
      description: '',
      meetingLink: null,
      participants: [],
      productId: null,
      recurrence: null,
    });
  });

  it('answers the spec’s messages', () => {
    const base = { title: 'A', date: '2026-05-04', type: 'meeting' };
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, title: '   ' }))).toBe('Title is required');
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, title: undefined }))).toBe(
      'Title is required',
    );
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, title: 'x'.repeat(101) }))).toBe(
      'Title too long',
    );
    expect(CreateEventSchema.safeParse({ ...base, title: 'x'.repeat(100) }).success).toBe(true);
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, description: 'x'.repeat(501) }))).toBe(
      'Description too long',
    );
    for (const link of ['meet.example.com/abc', 'ftp://example.com', 'javascript:alert(1)', 'https://']) {
      expect(firstMessage(CreateEventSchema.safeParse({ ...base, meetingLink: link })), link).toBe(
        'Invalid URL',
      );
    }
    expect(CreateEventSchema.parse({ ...base, meetingLink: '' }).meetingLink).toBeNull();
    expect(CreateEventSchema.parse({ ...base, meetingLink: 'https://meet.example.com/a' }).meetingLink).toBe(
      'https://meet.example.com/a',
    );
  });

  it('takes participants as a list or as one comma-separated string, lowercased and each once', () => {
    const base = { title: 'A', date: '2026-05-04', type: 'meeting' };
    expect(
      CreateEventSchema.parse({
        ...base,
        participants: ' Ada@Example.com, grace@example.com;ada@example.com ',
      }).participants,
    ).toEqual(['ada@example.com', 'grace@example.com']);
    expect(CreateEventSchema.parse({ ...base, participants: ['B@x.io', '', 'b@x.io'] }).participants).toEqual(
      ['b@x.io'],
    );
    expect(
      firstMessage(CreateEventSchema.safeParse({ ...base, participants: 'ada@example.com, grace' })),
    ).toBe('Invalid email address: grace');
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, participants: many }))).toBe(
      eventMessages.tooManyParticipants,
    );
  });

  it('creates with the four creation statuses only; an edit may use all seven, in any casing', () => {
    const base = { title: 'A', date: '2026-05-04', type: 'review' };
    expect(CreateEventSchema.parse({ ...base, status: 'testing' }).status).toBe('Testing');
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, status: 'Completed' }))).toBe(
      eventMessages.statusOnCreate,
    );
    expect(UpdateEventSchema.parse({ status: 'in_progress' })).toEqual({ status: 'In Progress' });
    expect(UpdateEventSchema.parse({ status: 'CANCELLED' })).toEqual({ status: 'Cancelled' });
    expect(toEventStatus('done')).toBeUndefined();
  });

  it('refuses unknown types, unreal dates and times, and reads times as HH:MM', () => {
    const base = { title: 'A', date: '2026-05-04', type: 'meeting' };
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, type: 'party' }))).toBe(
      eventMessages.typeRequired,
    );
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, date: '2026-02-30' }))).toBe(
      eventMessages.dateInvalid,
    );
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, date: '' }))).toBe(eventMessages.dateRequired);
    expect(firstMessage(CreateEventSchema.safeParse({ ...base, startTime: '25:00' }))).toBe(
      eventMessages.timeInvalid,
    );
    expect(CreateEventSchema.parse({ ...base, startTime: '09:30:00' }).startTime).toBe('09:30');
    expect(CreateEventSchema.parse({ ...base, startTime: '', productId: '' })).toMatchObject({
      startTime: null,
      productId: null,
    });
    expect(CreateEventSchema.parse({ ...base, productId: PRODUCT }).productId).toBe(PRODUCT);
  });
});

describe('the range query', () => {
  it('takes a range of up to 400 days, in order', () => {
    expect(EventRangeQuerySchema.parse({ from: '2026-01-01', to: '2027-02-04' })).toMatchObject({
      limit: 500,
    });
    expect(firstMessage(EventRangeQuerySchema.safeParse({ from: '2026-01-01', to: '2027-02-05' }))).toBe(
      eventMessages.rangeTooLong,
    );
    expect(firstMessage(EventRangeQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toBe(
      eventMessages.rangeOrder,
    );
    expect(firstMessage(EventRangeQuerySchema.safeParse({ from: '2026-02-30' }))).toBe(
      eventMessages.dateInvalid,
    );
  });
});

describe('product milestones', () => {
  it('show the product’s status as an event status', () => {
    expect(milestoneStatusOf('development')).toBe('Development');
    expect(milestoneStatusOf('maintenance')).toBe('Completed');
    expect(milestoneStatusOf('unknown')).toBe('Planning');
  });
});
