import {
  RoadmapQuerySchema,
  RoadmapSchema,
  StagePlanBodySchema,
  StagePlanParamsSchema,
  StagePlanSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { RoadmapService } from './roadmap.service.ts';

const tags = ['roadmap'];
const editors =
  'by the product’s creator or an admin (guests and others 403, a product the caller does not see 404, archived 409); recorded in the product’s activity';

export const roadmapRoutes: FastifyPluginAsyncZod<{ service: RoadmapService }> = async (app, { service }) => {
  // Sessions and API tokens, as the product routes (a read-only token only reads: platform/session.ts).
  app.addHook('onRequest', requireSession);

  app.get(
    '/roadmap',
    {
      schema: {
        tags,
        summary:
          'Every product the caller sees (not archived) whose span or a stage plan meets the window, with its stage plans and one-day milestone events; filters: stage, team (comma lists)',
        querystring: RoadmapQuerySchema,
        response: { 200: RoadmapSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.query),
  );

  app.put(
    '/projects/:id/stage-plans/:stage',
    {
      schema: {
        tags,
        summary: `Set a stage’s planned days (starts_on ≤ ends_on), ${editors}`,
        params: StagePlanParamsSchema,
        body: StagePlanBodySchema,
        response: { 200: StagePlanSchema },
      },
    },
    async (req) => service.setPlan(currentUser(req), req.params.id, req.params.stage, req.body),
  );

  app.delete(
    '/projects/:id/stage-plans/:stage',
    {
      schema: {
        tags,
        summary: `Clear a stage’s planned days, ${editors}`,
        params: StagePlanParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.clearPlan(currentUser(req), req.params.id, req.params.stage);
      return reply.status(204).send(null);
    },
  );
};
