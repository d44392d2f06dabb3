import {
  BulkTaskIdsResultSchema,
  BulkTaskIdsSchema,
  BulkTaskMoveRestoreSchema,
  BulkTaskMoveResultSchema,
  BulkTaskMoveSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { bulkChangeLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];

/**
 * The keyboard's moves and deletes of several tasks (issue 30, docs/decisions/045-bulk-move-and-
 * delete.md): one request, one transaction, one Undo. Browser sessions and API tokens alike; a
 * read-only token is refused by platform/session.ts. Each call has its limit per account.
 */
export const bulkTaskRoutes: FastifyPluginAsyncZod<{ service: TasksService; clock: Clock }> = async (
  app,
  { service, clock },
) => {
  app.addHook('onRequest', requireSession);
  const bulkLimit = bulkChangeLimit();

  app.patch(
    '/tasks/bulk/move',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          "Move up to 200 tasks to another product in one transaction, each checked and recorded as its edit call's move (404 for a task or target product out of sight, 403 for a guest, 409 for an archived product); their team is dropped, an assignee who is not of the new product too. Answers the tasks and where each was (what PATCH /tasks/bulk/move/restore takes; its labels for PATCH /tasks/bulk/labels/restore)",
        body: BulkTaskMoveSchema,
        response: { 200: BulkTaskMoveResultSchema },
      },
    },
    async (req) => service.bulkMove.move(currentUser(req), req.body.ids, req.body.productId),
  );

  app.patch(
    '/tasks/bulk/move/restore',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          'The Undo of a bulk move: each task back to its product with its team, assignee, state, parent, estimate and field values (the `previous` a move answered), in one transaction, checked as the edit call',
        body: BulkTaskMoveRestoreSchema,
        response: { 200: BulkTaskMoveResultSchema },
      },
    },
    async (req) => service.bulkMove.restore(currentUser(req), req.body.items),
  );

  app.post(
    '/tasks/bulk/delete',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          'Move up to 200 tasks to the trash in one transaction, each checked and recorded as DELETE /tasks/{id} (not guests; 404 for a task out of sight: nothing is deleted). POST /trash/tasks/restore brings them back',
        body: BulkTaskIdsSchema,
        response: { 200: BulkTaskIdsResultSchema },
      },
    },
    async (req) => ({ ids: await service.remove.many(currentUser(req), req.body.ids, clock.now()) }),
  );
};
