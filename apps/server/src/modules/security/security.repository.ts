import type { AuditEntry, AuditQuery } from '@shipyard/shared';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuditRow, auditLog } from '../../db/schema/index.ts';

// Reading the audit log (admins). Pages are newest first by id, the cursor is the last id seen.

type Filters = Omit<AuditQuery, 'cursor' | 'limit'>;
const DAY_MS = 24 * 60 * 60 * 1000;

function where(filters: Filters, beforeId?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.actor_id ? eq(auditLog.actorId, filters.actor_id) : undefined,
    filters.target_id ? eq(auditLog.targetId, filters.target_id) : undefined,
    filters.from ? gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(auditLog.at, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
    beforeId === undefined ? undefined : lt(auditLog.id, beforeId),
  ];
  return and(...conditions);
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  action: row.action,
  actor_id: row.actorId,
  actor: row.actorLabel,
  target_type: row.targetType,
  target_id: row.targetId,
  target: row.targetLabel,
  ip: row.ip,
  user_agent: row.userAgent,
  details: row.details ?? null,
});

export function createAuditReader(db: Db) {
  return {
    async page(query: AuditQuery) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where(query, query.cursor === undefined ? undefined : Number(query.cursor)))
        .orderBy(desc(auditLog.id))
        .limit(query.limit + 1);
      const more = rows.length > query.limit;
      const page = rows.slice(0, query.limit);
      return { data: page.map(toAuditEntry), nextCursor: more ? String(page.at(-1)?.id) : null };
    },

    async all(filters: Filters, max: number) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where(filters))
        .orderBy(desc(auditLog.id))
        .limit(max);
      return rows.map(toAuditEntry);
    },
  };
}
