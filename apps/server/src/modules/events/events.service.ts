import {
  addCalendarDays,
  type CalendarEvent,
  type CalendarItem,
  type CreateEvent,
  canEditEvent,
  canScheduleEvents,
  EVENT_EXCEPTIONS_MAX,
  type EventList,
  type EventRangeQuery,
  eventMessages,
  isOccurrence,
  OCCURRENCE_FIELDS,
  type OccurrenceScope,
  occurrenceMessages,
  type UpdateEvent,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { EventOverride, EventRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { type Change, type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { holdVisibleProduct } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { eventsInRange, toEvent, toMilestone } from './events.mapper.ts';
import { ruleEndingOn, ruleFrom } from './events.occurrences.ts';
import type { EventPatch, EventsRepository } from './events.repository.ts';

/** A range with one end missing spans this many days; with none, it starts this many days ago. */
const DEFAULT_SPAN_DAYS = 120;
const DEFAULT_DAYS_BEFORE = 30;

/** What only the whole series, or this and following dates, may change. */
const SERIES_FIELDS = ['participants', 'productId', 'recurrence'] as const;

/** The fields an edit may change, in the order the API names them: one date's, then the series'. */
const EDITABLE = [...OCCURRENCE_FIELDS, ...SERIES_FIELDS] as const satisfies ReadonlyArray<
  keyof UpdateEvent & keyof EventPatch & keyof EventRow
>;

const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/** The calendar's order: day, all-day first, time, title. */
function byCalendarOrder(a: CalendarItem, b: CalendarItem): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.startTime !== b.startTime) {
    if (a.startTime === null) return -1;
    if (b.startTime === null) return 1;
    return a.startTime < b.startTime ? -1 : 1;
  }
  return a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A product's timeline says that something was scheduled on it, under a type of its own. */
const scheduledActivity = (row: EventRow, productId: string, actorId: string) => ({
  actionType: 'event_scheduled',
  description: `Scheduled ${row.type} "${row.title}" on ${row.date}`,
  metadata: { eventId: row.id, type: row.type, status: row.status, date: row.date },
  productId,
  taskId: null,
  performedBy: actorId,
});

type Deps = {
  db: Db;
  events: EventsRepository;
  activities: ActivityRecorder;
  clock: Clock;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
};

/**
 * The realtime change of an event, to whoever it concerns: its creator, its participants (pass
 * the old ones too after an edit, so that a removed participant drops it) and its product's viewers.
 */
const eventChange = (op: Change['op'], row: EventRow, participants = row.participants): Change => ({
  kind: 'event',
  op,
  id: row.id,
  productId: row.productId,
  version: op === 'deleted' ? undefined : versionOf(row),
  userIds: row.createdBy ? [row.createdBy] : [],
  emails: participants,
});

export function createEventsService({ db, events, activities, clock, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const eventNotFound = () => NotFound(eventMessages.notFound, 'EVENT_NOT_FOUND');
  const readOnly = () => Forbidden(eventMessages.readOnly, 'READ_ONLY');

  /** The server's day (UTC): only a fallback, as the calendar always names its range. */
  const today = () => clock.now().toISOString().slice(0, 10);

  function rangeOf(query: EventRangeQuery): { from: string; to: string } {
    if (query.from && query.to) return { from: query.from, to: query.to };
    if (query.from) return { from: query.from, to: addCalendarDays(query.from, DEFAULT_SPAN_DAYS) };
    if (query.to) return { from: addCalendarDays(query.to, -DEFAULT_SPAN_DAYS), to: query.to };
    const from = addCalendarDays(today(), -DEFAULT_DAYS_BEFORE);
    return { from, to: addCalendarDays(from, DEFAULT_SPAN_DAYS) };
  }

  async function visibleEvent(actor: SessionUser, id: string, tx: Db): Promise<CalendarEvent> {
    const found = await events.findVisible(actor, id, tx);
    if (!found) throw eventNotFound();
    return toEvent(found, actor);
  }

  /** The event locked for a change, if the caller sees it and may change it. */
  async function lockChangeable(tx: Db, actor: SessionUser, id: string): Promise<EventRow> {
    const current = await events.lockVisible(tx, actor, id);
    if (!current) throw eventNotFound();
    if (!canScheduleEvents(actor.role)) throw readOnly();
    if (!canEditEvent(actor, current)) throw Forbidden(eventMessages.forbidden, 'FORBIDDEN');
    return current;
  }

  /** Any subset of the fields of a locked event ("All events" for a repeating one). */
  async function applyUpdate(
    tx: Db,
    after: AfterCommit,
    actor: SessionUser,
    current: EventRow,
    body: UpdateEvent,
  ): Promise<CalendarEvent> {
    const id = current.id;
    const patch: Record<string, unknown> = {};
    for (const field of EDITABLE) {
      const value = body[field];
      if (value !== undefined && !sameValue(value, current[field])) patch[field] = value;
    }
    // PostgreSQL answers 'HH:MM:SS': the same minute is no change.
    if (patch.startTime !== undefined && patch.startTime === current.startTime?.slice(0, 5)) {
      delete patch.startTime;
    }
    const productId = typeof patch.productId === 'string' ? patch.productId : undefined;
    if (productId) await holdVisibleProduct(tx, actor, productId);
    if (Object.keys(patch).length === 0) return visibleEvent(actor, id, tx);

    const row = (await events.update(id, patch as EventPatch, tx)) ?? current;
    if (productId) await activities.insert(scheduledActivity(row, productId, actor.id), tx);
    // An admin who unlinks someone else's event from its product no longer sees it: answer it once.
    const found = await events.findVisible(actor, id, tx);
    const participants = [...new Set([...current.participants, ...row.participants])];
    after.publish(eventChange('updated', row, participants));
    // Unlinked or moved: who saw it through the old product drops it.
    if (current.productId && current.productId !== row.productId) {
      after.publish({ ...eventChange('updated', row, []), productId: current.productId, userIds: [] });
    }
    return toEvent(found ?? { event: row, productName: null }, actor);
  }

  /** The repeating event locked for a change of its date `day`, which must be one of its dates. */
  async function lockOccurrence(tx: Db, actor: SessionUser, id: string, day: string) {
    const current = await lockChangeable(tx, actor, id);
    const rule = current.recurrence;
    if (!rule) throw BadRequest(occurrenceMessages.notRecurring, 'EVENT_NOT_RECURRING');
    if (!isOccurrence(rule, current.date, day)) {
      throw BadRequest(occurrenceMessages.notAnOccurrence, 'NOT_AN_OCCURRENCE');
    }
    const exceptions = await events.exceptionsOf([id], tx);
    const existing = exceptions.find((exception) => exception.occursOn === day);
    return { current, rule, existing, full: !existing && exceptions.length >= EVENT_EXCEPTIONS_MAX };
  }

  /** The series ends the day before `day`: its later dates and their exceptions go. */
  async function endSeriesBefore(tx: Db, current: EventRow, rule: string, day: string) {
    await events.removeExceptionsFrom(current.id, day, tx);
    return (
      (await events.update(current.id, { recurrence: ruleEndingOn(rule, addCalendarDays(day, -1)) }, tx)) ??
      current
    );
  }

  /** Per-occurrence changes (docs/decisions/042-event-exceptions.md). */
  const occurrences = {
    /** "This event": an override of that date; "This and following": a new series from it. */
    async changeOccurrence(
      actor: SessionUser,
      id: string,
      day: string,
      scope: OccurrenceScope,
      body: UpdateEvent,
    ): Promise<CalendarEvent> {
      return inTransaction(async (tx, after) => {
        const { current, rule, existing, full } = await lockOccurrence(tx, actor, id, day);
        if (scope === 'following' && day === current.date)
          return applyUpdate(tx, after, actor, current, body);
        if (scope === 'following') {
          if (body.productId) await holdVisibleProduct(tx, actor, body.productId);
          const ended = await endSeriesBefore(tx, current, rule, day);
          const next = await events.insert(
            {
              ...pick(current, EDITABLE),
              ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
              date: body.date ?? day,
              recurrence: body.recurrence !== undefined ? body.recurrence : ruleFrom(rule, current.date, day),
              createdBy: current.createdBy,
            },
            tx,
          );
          if (next.productId) await activities.insert(scheduledActivity(next, next.productId, actor.id), tx);
          after.publish(eventChange('updated', ended));
          after.publish(eventChange('created', next));
          return visibleEvent(actor, next.id, tx);
        }
        if (
          SERIES_FIELDS.some((field) => body[field] !== undefined && !sameValue(body[field], current[field]))
        ) {
          throw BadRequest(occurrenceMessages.seriesOnly, 'SERIES_ONLY');
        }
        if (full) throw BadRequest(occurrenceMessages.tooMany, 'TOO_MANY_EXCEPTIONS');
        const override: EventOverride = existing && !existing.cancelled ? { ...existing.override } : {};
        for (const field of OCCURRENCE_FIELDS) {
          if (body[field] !== undefined) Object.assign(override, { [field]: body[field] });
        }
        await events.saveException({ eventId: id, occursOn: day, cancelled: false, override }, tx);
        after.publish(eventChange('updated', current));
        const found = await events.findVisible(actor, id, tx);
        return toEvent(found ?? { event: current, productName: null }, actor, day, override);
      });
    },

    /** "This event": the date is cancelled (EXDATE); "This and following": the series ends before it. */
    async removeOccurrence(
      actor: SessionUser,
      id: string,
      day: string,
      scope: OccurrenceScope,
    ): Promise<void> {
      await inTransaction(async (tx, after) => {
        const { current, rule, full } = await lockOccurrence(tx, actor, id, day);
        if (scope === 'following' && day === current.date) {
          await events.remove(id, tx);
          after.publish(eventChange('deleted', current));
          return;
        }
        if (scope === 'following') {
          after.publish(eventChange('updated', await endSeriesBefore(tx, current, rule, day)));
          return;
        }
        if (full) throw BadRequest(occurrenceMessages.tooMany, 'TOO_MANY_EXCEPTIONS');
        await events.saveException({ eventId: id, occursOn: day, cancelled: true, override: {} }, tx);
        after.publish(eventChange('updated', current));
      });
    },
  };

  return {
    /** The caller's events and the visible products' target dates on the range's days. */
    async list(actor: SessionUser, query: EventRangeQuery): Promise<EventList> {
      const range = { ...rangeOf(query), limit: query.limit };
      const [eventRows, milestoneRows] = await Promise.all([
        events.listInRange(actor, range),
        events.milestonesInRange(actor, range),
      ]);
      const exceptions = await events.exceptionsOf(
        eventRows.filter((row) => row.event.recurrence).map((row) => row.event.id),
      );
      const items: CalendarItem[] = [
        ...eventsInRange(eventRows, actor, range, exceptions),
        ...milestoneRows.map(toMilestone),
      ].sort(byCalendarOrder);
      return {
        data: items.slice(0, query.limit),
        from: range.from,
        to: range.to,
        hasMore: items.length > query.limit,
      };
    },

    async get(actor: SessionUser, id: string): Promise<CalendarEvent> {
      return visibleEvent(actor, id, db);
    },

    async create(actor: SessionUser, body: CreateEvent): Promise<CalendarEvent> {
      return inTransaction(async (tx, after) => {
        // A hidden product is a 404 before any 403, as everywhere (docs/decisions/004).
        if (body.productId) await holdVisibleProduct(tx, actor, body.productId);
        if (!canScheduleEvents(actor.role)) throw readOnly();
        const row = await events.insert({ ...body, createdBy: actor.id }, tx);
        if (row.productId) await activities.insert(scheduledActivity(row, row.productId, actor.id), tx);
        after.publish(eventChange('created', row));
        return visibleEvent(actor, row.id, tx);
      });
    },

    /**
     * Any subset of the fields. A new product must be one the caller sees; linking the event to a
     * product records it on that product's timeline, as a creation does.
     */
    async update(actor: SessionUser, id: string, body: UpdateEvent): Promise<CalendarEvent> {
      return inTransaction(async (tx, after) => {
        const current = await lockChangeable(tx, actor, id);
        return applyUpdate(tx, after, actor, current, body);
      });
    },

    async remove(actor: SessionUser, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const current = await lockChangeable(tx, actor, id);
        await events.remove(id, tx);
        after.publish(eventChange('deleted', current));
      });
    },

    ...occurrences,
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
