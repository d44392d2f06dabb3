import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

/**
 * How two tasks relate (issue 29, docs/decisions/038-hierarchy-relations-estimates.md), stored once
 * per pair: `blocks` (source blocks target; the target is blocked by it), `relates` (either way) and
 * `duplicates` (source is a duplicate of target). Purging either task removes it.
 */
export const taskRelations = pgTable(
  'task_relations',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['blocks', 'relates', 'duplicates'] }).notNull(),
    sourceId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    targetId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per pair, whichever way round.
    uniqueIndex('task_relations_pair_idx').on(
      sql`least(${t.sourceId}, ${t.targetId})`,
      sql`greatest(${t.sourceId}, ${t.targetId})`,
    ),
    // What blocks a task (cards' blocked mark) and a task's relations from the other side.
    index('task_relations_target_idx').on(t.targetId, t.kind),
    index('task_relations_source_idx').on(t.sourceId),
    check('task_relations_kind_known', sql`${t.kind} in ('blocks', 'relates', 'duplicates')`),
    check('task_relations_not_self', sql`${t.sourceId} <> ${t.targetId}`),
  ],
);
