import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ServiceUnavailable, Unauthorized } from '../../lib/errors.ts';
import { bearerMatches, type Metrics } from '../../lib/metrics.ts';

const tags = ['health'];
const Ok = z.object({ status: z.literal('ok') });

type Options = {
  db: Db;
  /** When the newest migration this code ships was generated (db/migrate.ts). */
  newestMigration: number;
  metrics: Metrics;
  /** METRICS_TOKEN: /api/metrics exists only when it is set. */
  metricsToken: string | undefined;
};

export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { db, newestMigration, metrics, metricsToken } = opts;
  const databaseAnswers = async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw ServiceUnavailable('The database is not reachable.', 'DATABASE_UNAVAILABLE');
    }
  };

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Liveness and readiness: answers once migrations ran and the database answers',
        response: { 200: Ok },
      },
    },
    async () => {
      await databaseAnswers();
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers (restart it if this fails); touches nothing else',
        response: { 200: Ok },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags,
        summary:
          'Readiness: the database answers, it has every migration of this version, and the process is not shutting down (503 otherwise: send it no traffic)',
        response: { 200: Ok },
      },
    },
    async () => {
      // While shutting down, every request (this one too) is a 503 SHUTTING_DOWN (lib/http-guards.ts).
      await databaseAnswers();
      const applied = await db
        .execute<{ newest: string | null }>(
          sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
        )
        .catch(() => undefined);
      if (Number(applied?.rows[0]?.newest ?? 0) < newestMigration) {
        throw ServiceUnavailable(
          'The database has not been migrated to this version yet.',
          'MIGRATIONS_PENDING',
        );
      }
      return { status: 'ok' as const };
    },
  );

  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, metricsToken)) {
        throw Unauthorized('A valid metrics token is required.', 'METRICS_TOKEN_REQUIRED');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.text());
    });
  }
};
