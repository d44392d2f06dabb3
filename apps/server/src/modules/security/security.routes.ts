import {
  AUDIT_EXPORT_MAX,
  AuditExportQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  InstanceSettingsSchema,
  InstanceSettingsUpdateSchema,
  isAdmin,
  securityMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden } from '../../lib/errors.ts';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import {
  currentUser,
  requestMeta,
  requireBrowserSession,
  requireSession,
  type SessionUser,
} from '../../lib/session.ts';
import type { AuditLog } from '../../platform/audit.ts';
import type { InstanceSettingsStore } from '../../platform/settings.ts';
import { auditCsv } from './security.csv.ts';
import { createAuditReader } from './security.repository.ts';

type Options = { db: Db; audit: AuditLog; settings: InstanceSettingsStore; clock: Clock };

const tags = ['admin'];
const exportsPerMinute = perUserRateLimit(
  5,
  '1 minute',
  'Too many exports. Please wait a minute and try again.',
  'RATE_LIMITED',
);

function requireAdmin(actor: SessionUser) {
  if (!isAdmin(actor.role)) throw Forbidden(securityMessages.forbidden);
  return actor;
}
const admin = (req: Parameters<typeof currentUser>[0]) => requireAdmin(currentUser(req));

/** The audit log and the instance's settings (admins; decision 013). */
export const securityRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, audit, settings, clock }) => {
  app.addHook('onRequest', requireSession);
  const reader = createAuditReader(db);

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first (admins)',
        description:
          'Sign-ins, two-factor, password and e-mail changes, roles and status, users created and deleted, API tokens, service secrets, exports and settings: who, what, target, when, from where. Nobody can edit or delete an entry; entries older than AUDIT_RETENTION_DAYS are purged.',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (req) => {
      admin(req);
      return reader.page(req.query);
    },
  );

  app.get(
    '/admin/audit-log.csv',
    {
      config: exportsPerMinute,
      schema: {
        tags,
        summary: `The audit log as CSV with the same filters, newest first, at most ${AUDIT_EXPORT_MAX} rows (admins; the export is audited)`,
        querystring: AuditExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const actor = admin(req);
      const entries = await reader.all(req.query, AUDIT_EXPORT_MAX);
      await audit.record({
        action: 'export',
        actor: { id: actor.id, email: actor.email },
        target: { type: 'audit_log', id: 'audit_log', label: 'Audit log' },
        meta: requestMeta(req),
        details: { rows: entries.length, ...req.query },
      });
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="shipyard-audit-${day}.csv"`)
        .send(auditCsv(entries));
    },
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: "The instance's settings (admins)",
        response: { 200: InstanceSettingsSchema },
      },
    },
    async (req) => {
      admin(req);
      return settings.get();
    },
  );

  app.patch(
    '/admin/settings',
    {
      // The instance's security settings are a person's to change, never an API token's (issue 27 #2).
      onRequest: requireBrowserSession,
      config: perUserRateLimit(
        30,
        '1 minute',
        'Too many changes. Please wait a minute and try again.',
        'RATE_LIMITED',
      ),
      schema: {
        tags,
        summary: "Change the instance's settings (admins; browser session only; audited)",
        description:
          'require_two_factor: every account must use two-factor sign-in; those without it enrol at their next sign-in.',
        body: InstanceSettingsUpdateSchema,
        response: { 200: InstanceSettingsSchema },
      },
    },
    async (req) => {
      const actor = admin(req);
      await db.transaction(async (tx) => {
        const before = await settings.get(tx);
        if (before.require_two_factor === req.body.require_two_factor) return;
        await settings.set('require_two_factor', req.body.require_two_factor, actor.id, tx);
        await audit.record(
          {
            action: 'settings.changed',
            actor: { id: actor.id, email: actor.email },
            target: { type: 'settings', id: 'require_two_factor', label: 'Require two-factor sign-in' },
            meta: requestMeta(req),
            details: { require_two_factor: req.body.require_two_factor },
          },
          tx,
        );
      });
      return settings.get();
    },
  );
};
