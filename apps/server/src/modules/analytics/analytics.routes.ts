import { AnalyticsQuerySchema, AnalyticsSchema } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSendShared } from '../../lib/fresh-cache.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);
  // Before the query is even validated: a caller who may not read analytics learns nothing else.
  app.addHook('onRequest', async (req) => service.authorize(currentUser(req)));
  const sendShared = createSendShared();

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary:
          'KPIs of the last 7, 30, 90 or 365 days (today included, in the tz given, UTC by default) against the period of the same length before, and the Performance, Quality and Productivity tabs (super admins); products=id,id narrows to those products',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema },
      },
    },
    async (req, reply) => {
      const figures = await service.get(currentUser(req), req.query);
      return sendShared(reply, figures);
    },
  );
};
