import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Account security (issue 18, docs/decisions/013-accounts.md): two-factor sign-in, personal API
// tokens, the audit log and the instance's settings.

/**
 * An account's TOTP second factor. `secret` is encrypted (lib/secrets.ts, bound to the user id);
 * `enabledAt` is null while enrolment waits for its first code. `lastStep` is the time step of
 * the last accepted code: a code of that step or an earlier one is refused (no replay).
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastStep: integer(),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 of user id and code; a used one keeps `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recovery_codes_hash_key').on(t.codeHash),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);

/** Personal API tokens: only the SHA-256 of the token is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    scope: text({ enum: ['read', 'write'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('api_tokens_scope_known', sql`${t.scope} in ('read', 'write')`),
  ],
);

/**
 * The audit log: append-only. A trigger (migration 0011) refuses every UPDATE and every DELETE
 * except the retention purge, which sets `shipyard.audit_purge` in its own transaction. No
 * foreign keys: deleting a user must neither change nor remove what they did; the actor's and
 * target's names are kept as they were then.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    actorLabel: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    targetLabel: text(),
    ip: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    // Pages are newest first by id (the primary key); the retention purge goes by time.
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc().nullsFirst()),
  ],
);

/** Instance-wide settings an admin changes from the app, one row per key. */
export const instanceSettings = pgTable('instance_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

export type TwoFactorRow = typeof twoFactors.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
