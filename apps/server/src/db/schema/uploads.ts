import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Room taken by uploads in flight (issue 27 #7, platform/uploads.ts): the bytes an upload may
 * still store, counted against its account's and the instance's quota with what is stored, and
 * taken under a lock so that uploads at once, in any process, cannot pass a quota together. A
 * row lives as long as its upload; one a crash left behind stops counting at `expiresAt` and is
 * deleted by the next reservation.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint({ mode: 'number' }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_reservations_user_idx').on(t.userId),
    index('upload_reservations_expires_idx').on(t.expiresAt),
    check('upload_reservations_bytes_positive', sql`${t.bytes} >= 0`),
  ],
);
