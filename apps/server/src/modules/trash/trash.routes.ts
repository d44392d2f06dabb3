import {
  BulkTaskIdsResultSchema,
  BulkTaskIdsSchema,
  MessageResponseSchema,
  TrashListSchema,
  TrashParamsSchema,
  TrashQuerySchema,
  trashMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkChangeLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { TrashService } from './trash.service.ts';

const tags = ['trash'];

/**
 * The trash (issue 28): what the caller may restore, a restore, a purge. Browser sessions and API
 * tokens alike; a read-only token only lists (platform/session.ts refuses its writes).
 */
export const trashRoutes: FastifyPluginAsyncZod<{ service: TrashService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/trash',
    {
      schema: {
        tags,
        summary:
          'Deleted tasks and products the caller may restore (of products they manage, or deleted by them; admins all), newest first',
        querystring: TrashQuerySchema,
        response: { 200: TrashListSchema },
      },
    },
    async (req) => ({ data: await service.list(currentUser(req), req.query) }),
  );

  app.post(
    '/trash/:kind/:id/restore',
    {
      schema: {
        tags,
        summary:
          "Restore a task or product (whoever manages its product, or who deleted it); 409 for a task whose product is in the trash; records 'task_restored' or 'product_restored'",
        params: TrashParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.restore(currentUser(req), req.params.kind, req.params.id);
      return { message: trashMessages.restored };
    },
  );

  // The Undo of the keyboard's delete of several tasks (issue 30): a bulk change's limit.
  app.post(
    '/trash/tasks/restore',
    {
      config: bulkChangeLimit(),
      schema: {
        tags,
        summary:
          "Restore up to 200 tasks from the trash in one transaction, each checked as its own restore (whoever manages its product, or who deleted it; 409 while its product is in the trash): one refused restores none; records 'task_restored' for each",
        body: BulkTaskIdsSchema,
        response: { 200: BulkTaskIdsResultSchema },
      },
    },
    async (req) => ({ ids: await service.restoreTasks(currentUser(req), req.body.ids) }),
  );

  app.delete(
    '/trash/:kind/:id',
    {
      schema: {
        tags,
        summary:
          'Delete forever, now, a task or product in the trash, with its files (whoever manages its product)',
        params: TrashParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.purge(currentUser(req), req.params.kind, req.params.id);
      return { message: trashMessages.purged };
    },
  );
};
