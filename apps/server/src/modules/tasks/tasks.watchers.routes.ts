import { TaskIdParamsSchema, WatcherListSchema } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { WatchersService } from './tasks.watchers.ts';

// Listed with the conversation in the API docs, as they were when watchers lived with comments.
const tags = ['comments'];

export const watchersRoutes: FastifyPluginAsyncZod<{ service: WatchersService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'Who watches the task (the first 50 by name, the count) and whether the caller does',
        params: TaskIdParamsSchema,
        response: { 200: WatcherListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.put(
    '/tasks/:id/watch',
    {
      schema: {
        tags,
        summary: 'Watch the task: hear of its comments and status changes (anyone who sees it)',
        params: TaskIdParamsSchema,
        response: { 200: WatcherListSchema },
      },
    },
    async (req) => service.watch(currentUser(req), req.params.id),
  );

  app.delete(
    '/tasks/:id/watch',
    {
      schema: {
        tags,
        summary: 'Stop watching the task',
        params: TaskIdParamsSchema,
        response: { 200: WatcherListSchema },
      },
    },
    async (req) => service.unwatch(currentUser(req), req.params.id),
  );
};
