import {
  API_TOKENS_PER_ACCOUNT,
  type ApiToken,
  type ApiTokenCreate,
  securityMessages,
} from '@shipyard/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApiTokenRow, apiTokens, type UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import { API_TOKEN_PREFIX } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';

// Personal API tokens (decision 013): `sy_pat_` + 256 random bits, stored as SHA-256 only,
// shown once. platform/session.ts accepts them as `Authorization: Bearer`. Revoking one publishes
// the account's change, which re-checks and closes the realtime sockets it opened (issue 27 #5).

const DAY_MS = 24 * 60 * 60 * 1000;

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
});

export function createApiTokens({
  db,
  clock,
  audit,
  changes,
}: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  changes: Changes;
}) {
  const actorOf = (user: UserRow) => ({ id: user.id, email: user.email });
  const inTransaction = createInTransaction(db, changes);
  return {
    async list(user: UserRow) {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
        .limit(API_TOKENS_PER_ACCOUNT);
      return rows.map(toApiToken);
    },

    async create(user: UserRow, body: ApiTokenCreate, meta: AuditMeta) {
      const token = `${API_TOKEN_PREFIX}${randomToken()}`;
      const row = await db.transaction(async (tx) => {
        // Counted under a lock on the account's row, so two creations at once cannot both pass.
        await tx.execute(sqlLockUser(user.id));
        const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, user.id));
        if ((held?.n ?? 0) >= API_TOKENS_PER_ACCOUNT)
          throw Conflict(securityMessages.tokenLimit, 'API_TOKEN_LIMIT');
        const [created] = await tx
          .insert(apiTokens)
          .values({
            userId: user.id,
            name: body.name,
            scope: body.scope,
            tokenHash: sha256(token),
            expiresAt: new Date(clock.now().getTime() + body.expires_in_days * DAY_MS),
          })
          .returning();
        if (!created) throw new Error('api token insert returned nothing');
        await audit.record(
          {
            action: 'api_token.created',
            actor: actorOf(user),
            target: { type: 'api_token', id: created.id, label: created.name },
            meta,
            details: { scope: created.scope, expires_in_days: body.expires_in_days },
          },
          tx,
        );
        return created;
      });
      return { token, api_token: toApiToken(row) };
    },

    async revoke(user: UserRow, id: string, meta: AuditMeta) {
      await inTransaction(async (tx, after) => {
        const [gone] = await tx
          .delete(apiTokens)
          .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id)))
          .returning();
        if (!gone) throw NotFound(securityMessages.tokenNotFound);
        await audit.record(
          {
            action: 'api_token.revoked',
            actor: actorOf(user),
            target: { type: 'api_token', id, label: gone.name },
            meta,
          },
          tx,
        );
        after.publish(accountChange('updated', user.id));
      });
      return { message: 'API token revoked.' };
    },
  };
}

const sqlLockUser = (userId: string) => sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`;

export type ApiTokens = ReturnType<typeof createApiTokens>;
