import { Readable } from 'node:stream';
import {
  ARCHIVE_ESTIMATE_HEADER,
  ARCHIVE_EXPORTS_PER_HOUR,
  ArchiveExportBodySchema,
  archiveMessages,
  isSuperAdmin,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, TooManyRequests } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requestMeta, requireBrowserSession, requireSession } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import type { AuditLog } from '../../platform/audit.ts';
import { estimateArchiveBytes, writeArchive } from './archive.export.ts';

type Options = { pool: pg.Pool; storage: Storage; audit: AuditLog; clock: Clock };

/** Exports at once in this process: each holds a database connection and a snapshot while it streams. */
const MAX_RUNNING = 1;

/** The workspace JSON archive (docs/decisions/020-workspace-archive.md): super admins, password asked again. */
export const archiveRoutes: FastifyPluginAsyncZod<Options> = async (app, { pool, storage, audit, clock }) => {
  let running = 0;

  app.post(
    '/admin/workspace-archive',
    {
      onRequest: [requireSession, requireBrowserSession],
      config: perUserRateLimit(ARCHIVE_EXPORTS_PER_HOUR, '1 hour', archiveMessages.tooMany, 'RATE_LIMITED'),
      schema: {
        tags: ['admin'],
        summary:
          'Download the whole workspace as one JSON archive (super admins; password asked again; audited)',
        description:
          'Every account (with its password hash), product, team, task, comment, checklist, label, event, service, activity, notification, document, the audit log and the instance settings, then every uploaded file in base64, streamed as one JSON document. Restore it into an empty instance with `npm run import-archive -- <file>`. Not from an API token. The response header x-archive-estimated-bytes gives a rough size for a progress bar.',
        body: ArchiveExportBodySchema,
        produces: ['application/json'],
      },
    },
    async (req, reply) => {
      const actor = currentUser(req);
      if (!isSuperAdmin(actor.role)) throw Forbidden(archiveMessages.forbidden);
      if (!actor.passwordHash) throw Forbidden(archiveMessages.noPassword, 'PASSWORD_REQUIRED');
      if (!(await verifyPassword(actor.passwordHash, req.body.password))) {
        throw BadRequest(archiveMessages.passwordWrong, 'CURRENT_PASSWORD_WRONG', {
          fields: { password: [archiveMessages.passwordWrong] },
        });
      }
      if (running >= MAX_RUNNING) throw TooManyRequests(archiveMessages.busy);
      running++;
      let released = false;
      const release = () => {
        if (!released) running--;
        released = true;
      };
      try {
        const estimate = await estimateArchiveBytes({ pool, storage });
        await audit.record({
          action: 'export',
          actor: { id: actor.id, email: actor.email },
          target: { type: 'workspace', id: 'workspace', label: 'Workspace archive' },
          meta: requestMeta(req),
          details: { estimated_bytes: estimate },
        });
        const body = Readable.from(writeArchive({ pool, storage, clock }), { objectMode: false });
        body.on('close', release);
        body.on('error', (err) => req.log.error({ err }, 'workspace archive export failed'));
        const day = clock.now().toISOString().slice(0, 10);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="shipyard-workspace-${day}.json"`)
          .header('cache-control', 'no-store')
          .header(ARCHIVE_ESTIMATE_HEADER, String(estimate))
          .send(body);
      } catch (err) {
        release();
        throw err;
      }
    },
  );
};
