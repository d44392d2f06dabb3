import { customType, type ExtraConfigColumn, timestamp } from 'drizzle-orm/pg-core';

// Columns and index parts every table repeats.

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The index columns of a "newest first" list: lists sort `desc(created_at), desc(id)`, which
 * PostgreSQL reads as NULLS FIRST, so the index must say the same or it cannot serve the sort
 * (Drizzle's `.desc()` alone means NULLS LAST). Checked by db/indexes.test.ts.
 */
export const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

/**
 * A card's place in its board column (issue 28, docs/decisions/033-manual-order.md): a fractional
 * index key (the `fractional-indexing` library), ascending = top to bottom. Compared byte by byte
 * (COLLATE "C"): the keys mix upper and lower case, which a language collation would interleave.
 * '' (the default) asks the column's trigger for a key above the column's first card.
 */
const rankText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
export const rank = () => rankText().notNull().default('');
