import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ServiceUnavailable } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: answers once migrations ran and the database answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw ServiceUnavailable('The database is not reachable.', 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );
};
