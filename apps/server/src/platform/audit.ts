import type { AuditAction } from '@shipyard/shared';
import { and, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';

// The audit log's one writer (docs/decisions/013-accounts.md). Entries go in the transaction of
// the change they describe, so a change that rolls back leaves no entry and a committed one
// always has its entry. Nothing in the app updates or deletes one: a database trigger refuses it,
// except the retention purge below.

/** Who did it: a signed-in account, or nobody yet (a failed sign-in). */
type AuditActor = { id: string; email: string } | null;
type AuditTarget = {
  type:
    | 'user'
    | 'api_token'
    | 'session'
    | 'service'
    | 'settings'
    | 'audit_log'
    | 'report'
    | 'workspace'
    | 'users'
    | 'product';
  id: string;
  label?: string | null;
};
/** Where the request came from. */
export type AuditMeta = { ip?: string; userAgent?: string };

export type AuditEntryInput = {
  action: AuditAction;
  actor: AuditActor;
  target?: AuditTarget;
  meta?: AuditMeta;
  details?: Record<string, string | number | boolean | null>;
};

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Serialises purges across processes (one DELETE at a time, whichever process gets there). */
const PURGE_LOCK = 7_254_003_131;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createAuditLog(db: Db, clock: Clock) {
  return {
    async record(entry: AuditEntryInput, tx: Db = db) {
      await tx.insert(auditLog).values({
        at: clock.now(),
        action: entry.action,
        actorId: entry.actor?.id ?? null,
        actorLabel: entry.actor?.email ?? null,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        targetLabel: entry.target?.label ?? null,
        ip: entry.meta?.ip ?? null,
        userAgent: entry.meta?.userAgent?.slice(0, 512) ?? null,
        details: entry.details ?? null,
      });
    },

    /**
     * Deletes the entries older than `retentionDays`; returns how many. One process at a time
     * (an advisory lock taken without waiting: another process already purging is enough).
     */
    async purge(retentionDays: number): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS);
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ locked: boolean }>(
          sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS locked`,
        );
        if (!rows[0]?.locked) return 0;
        await tx.execute(sql`SELECT set_config('shipyard.audit_purge', 'on', true)`);
        const deleted = await tx
          .delete(auditLog)
          .where(and(lt(auditLog.at, cutoff)))
          .returning({ id: auditLog.id });
        return deleted.length;
      });
    },
  };
}

/**
 * Purges at start and then daily, off the request path. The timer is unref'd: it never keeps
 * the process alive. Returns a stop function.
 */
function scheduleAuditPurge(
  audit: AuditLog,
  retentionDays: number,
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): () => void {
  const run = () => {
    audit
      .purge(retentionDays)
      .then((deleted) => {
        if (deleted) log.info({ deleted, retentionDays }, 'audit log entries past retention removed');
      })
      .catch((err) => log.error({ err }, 'audit log purge failed'));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log's writer: entries go in the transaction of their change. */
    audit: AuditLog;
  }
}

/** The audit log, purged of entries past AUDIT_RETENTION_DAYS at start and daily. */
export const auditPlugin = fp(
  async (app) => {
    const audit = createAuditLog(app.db, app.clock);
    app.decorate('audit', audit);
    const stopPurge = scheduleAuditPurge(audit, app.config.auditRetentionDays, app.log);
    app.addHook('onClose', async () => stopPurge());
  },
  { name: 'platform.audit', dependencies: ['platform.core'] },
);
