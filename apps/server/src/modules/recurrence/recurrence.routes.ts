import {
  TaskIdParamsSchema,
  TaskRecurrenceInputSchema,
  TaskRecurrenceResultSchema,
  TaskRecurrenceSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { RecurrenceService } from './recurrence.service.ts';

const tags = ['tasks'];
const editors = 'by members and admins who see the product (guests 403; archived product 409)';

/** A task's repetition (issue 29, docs/decisions/040-recurrence.md). */
export const recurrenceRoutes: FastifyPluginAsyncZod<{ service: RecurrenceService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/recurrence',
    {
      schema: {
        tags,
        summary: 'How the task repeats (its rule, in words, and its next days), or null',
        params: TaskIdParamsSchema,
        response: { 200: TaskRecurrenceResultSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.put(
    '/tasks/:id/recurrence',
    {
      schema: {
        tags,
        summary: `Make the task repeat, or change how: an RRULE (FREQ DAILY to YEARLY, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT up to 1,000 or UNTIL), the IANA time zone it is read in, and mode 'completed' (the next comes when this one is completed) or 'schedule' (on its day), ${editors}`,
        params: TaskIdParamsSchema,
        body: TaskRecurrenceInputSchema,
        response: { 200: TaskRecurrenceSchema },
      },
    },
    async (req) => service.set(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/tasks/:id/recurrence',
    {
      schema: {
        tags,
        summary: `Stop repeating the task (the task stays), ${editors}`,
        params: TaskIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.stop(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
