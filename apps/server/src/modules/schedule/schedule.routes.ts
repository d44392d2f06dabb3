import {
  ScheduleMoveBodySchema,
  ScheduleMoveSchema,
  ScheduleParamsSchema,
  ScheduleSchema,
  ScheduleTaskParamsSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['schedule'];

export const scheduleRoutes: FastifyPluginAsyncZod<{ service: ScheduleService }> = async (
  app,
  { service },
) => {
  // Sessions and API tokens, as the task routes (a read-only token only reads: platform/session.ts).
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/schedule',
    {
      schema: {
        tags,
        summary:
          'A product’s schedule (the Gantt): its tasks (at most 2,000, `hasMore`) with start and due dates, state, assignee, team and estimate, the "blocks" relations among them and its workflow states; 404 for a product the caller does not see',
        params: ScheduleParamsSchema,
        response: { 200: ScheduleSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.patch(
    '/tasks/:id/schedule',
    {
      schema: {
        tags,
        summary:
          'Move a task’s start and due dates (start ≤ due), checked and recorded as its edit (guests 403, a task the caller does not see 404, archived 409); `shiftBlocked` moves the tasks it blocks, transitively, of its product and not Completed, by as many days, in the same transaction (at most 200)',
        params: ScheduleTaskParamsSchema,
        body: ScheduleMoveBodySchema,
        response: { 200: ScheduleMoveSchema },
      },
    },
    async (req) => service.move(currentUser(req), req.params.id, req.body),
  );
};
