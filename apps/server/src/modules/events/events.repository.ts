import {
  and,
  arrayContains,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type EventExceptionRow,
  type EventOverride,
  type EventRow,
  eventExceptions,
  events,
  products,
} from '../../db/schema/index.ts';
import { inVisibleProducts, type Viewer, visibleProducts } from '../../lib/visibility.ts';

export type NewEvent = typeof events.$inferInsert;
export type EventPatch = Partial<
  Pick<
    NewEvent,
    | 'title'
    | 'description'
    | 'date'
    | 'startTime'
    | 'type'
    | 'status'
    | 'meetingLink'
    | 'participants'
    | 'productId'
    | 'recurrence'
  >
>;

/** Who looks at the calendar: events are shared by e-mail address as well as by product. */
export type EventViewer = Viewer & { email: string };

/** An event with its product's name, null when the viewer may not see that product. */
export type EventWithProduct = { event: EventRow; productName: string | null };

export type MilestoneRow = {
  id: string;
  name: string;
  status: string;
  targetEndDate: string;
  createdBy: string | null;
  updatedAt: Date;
};

export function createEventsRepository(db: Db) {
  /**
   * The events a viewer may see (docs/decisions/004): those they created, those that name their
   * e-mail among the participants (served by the GIN index), and those of a product they see —
   * for an admin, every product's.
   */
  function visibleEvents(viewer: EventViewer): SQL | undefined {
    return or(
      eq(events.createdBy, viewer.id),
      arrayContains(events.participants, [viewer.email]),
      inVisibleProducts(db, events.productId, viewer) ?? isNotNull(events.productId),
    );
  }

  /** The product's name only for a viewer who may see the product. */
  const productNameFor = (viewer: Viewer) => {
    const product = visibleProducts(viewer);
    return product
      ? sql<string | null>`case when ${product} then ${products.name} end`
      : sql<string | null>`${products.name}`;
  };

  const selectWithProduct = (tx: Db, viewer: Viewer) =>
    tx
      .select({ event: events, productName: productNameFor(viewer) })
      .from(events)
      .leftJoin(products, eq(products.id, events.productId));

  /** Day, then all-day before timed, then time, then title: the calendar's order. */
  const calendarOrder = [
    asc(events.date),
    sql`${events.startTime} asc nulls first`,
    asc(events.title),
    asc(events.id),
  ];

  return {
    /** The visible events on the days `from` to `to` (served by events_date_idx), `limit + 1` at most. */
    async listInRange(
      viewer: EventViewer,
      range: { from: string; to: string; limit: number },
    ): Promise<EventWithProduct[]> {
      return selectWithProduct(db, viewer)
        .where(
          and(
            // A repeating event that started before the range may fall in it (issue 29).
            or(gte(events.date, range.from), isNotNull(events.recurrence)),
            lte(events.date, range.to),
            visibleEvents(viewer),
          ),
        )
        .orderBy(...calendarOrder)
        .limit(range.limit + 1);
    },

    /** The target end dates of the visible products on those days, `limit + 1` at most. */
    async milestonesInRange(
      viewer: Viewer,
      range: { from: string; to: string; limit: number },
    ): Promise<MilestoneRow[]> {
      return db
        .select({
          id: products.id,
          name: products.name,
          status: products.status,
          targetEndDate: products.targetEndDate,
          createdBy: products.createdBy,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(
          and(
            gte(products.targetEndDate, range.from),
            lte(products.targetEndDate, range.to),
            visibleProducts(viewer),
          ),
        )
        .orderBy(asc(products.targetEndDate), asc(products.name), asc(products.id))
        .limit(range.limit + 1);
    },

    /** The event, if the viewer may see it. */
    async findVisible(viewer: EventViewer, id: string, tx: Db = db): Promise<EventWithProduct | undefined> {
      const [row] = await selectWithProduct(tx, viewer)
        .where(and(eq(events.id, id), visibleEvents(viewer)))
        .limit(1);
      return row;
    },

    /** The event locked for a change in this transaction, if the viewer may see it. */
    async lockVisible(tx: Db, viewer: EventViewer, id: string): Promise<EventRow | undefined> {
      const [row] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), visibleEvents(viewer)))
        .limit(1)
        .for('update');
      return row;
    },

    async insert(values: NewEvent, tx: Db = db): Promise<EventRow> {
      const [row] = await tx.insert(events).values(values).returning();
      if (!row) throw new Error('event insert returned no row');
      return row;
    },

    async update(id: string, patch: EventPatch, tx: Db = db): Promise<EventRow | undefined> {
      const [row] = await tx
        .update(events)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(events.id, id))
        .returning();
      return row;
    },

    async remove(id: string, tx: Db = db) {
      await tx.delete(events).where(eq(events.id, id));
    },

    /** The changed and deleted dates of these series (at most EVENT_EXCEPTIONS_MAX each), by day. */
    async exceptionsOf(eventIds: string[], tx: Db = db): Promise<EventExceptionRow[]> {
      if (eventIds.length === 0) return [];
      return tx
        .select()
        .from(eventExceptions)
        .where(inArray(eventExceptions.eventId, eventIds))
        .orderBy(asc(eventExceptions.eventId), asc(eventExceptions.occursOn));
    },

    async countExceptions(eventId: string, tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(eventExceptions)
        .where(eq(eventExceptions.eventId, eventId));
      return row?.n ?? 0;
    },

    /** Cancels one date, or sets what it changes (replacing what it changed before). */
    async saveException(
      values: { eventId: string; occursOn: string; cancelled: boolean; override: EventOverride },
      tx: Db,
    ) {
      await tx
        .insert(eventExceptions)
        .values(values)
        .onConflictDoUpdate({
          target: [eventExceptions.eventId, eventExceptions.occursOn],
          set: { cancelled: values.cancelled, override: values.override, updatedAt: sql`now()` },
        });
    },

    /** Forgets the exceptions of the series' dates from `day` on (its series now ends before). */
    async removeExceptionsFrom(eventId: string, day: string, tx: Db) {
      await tx
        .delete(eventExceptions)
        .where(and(eq(eventExceptions.eventId, eventId), gte(eventExceptions.occursOn, day)));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
