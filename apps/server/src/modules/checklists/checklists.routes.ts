import {
  ChecklistItemIdParamsSchema,
  ChecklistSchema,
  CreateChecklistItemSchema,
  MoveChecklistItemSchema,
  TaskIdParamsSchema,
  UpdateChecklistItemSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ChecklistsService } from './checklists.service.ts';

const tags = ['checklists'];
const who = 'members and admins who see the task’s product (guests read only: 403; archived product: 409)';

export const checklistsRoutes: FastifyPluginAsyncZod<{ service: ChecklistsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/checklist',
    {
      schema: {
        tags,
        summary: 'A task’s checklist in order, with its done and total counts',
        params: TaskIdParamsSchema,
        response: { 200: ChecklistSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/tasks/:id/checklist',
    {
      schema: {
        tags,
        summary: `Add an item at the end of a task’s checklist (at most 200), by ${who}; answers the checklist`,
        params: TaskIdParamsSchema,
        body: CreateChecklistItemSchema,
        response: { 201: ChecklistSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.add(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/checklist-items/:id',
    {
      schema: {
        tags,
        summary: `Rename, tick or untick a checklist item, by ${who}; answers the checklist`,
        params: ChecklistItemIdParamsSchema,
        body: UpdateChecklistItemSchema,
        response: { 200: ChecklistSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/checklist-items/:id/move',
    {
      schema: {
        tags,
        summary: `Move a checklist item before or after another item, or to a 0-based position, by ${who}; answers the checklist`,
        params: ChecklistItemIdParamsSchema,
        body: MoveChecklistItemSchema,
        response: { 200: ChecklistSchema },
      },
    },
    async (req) => service.move(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/checklist-items/:id',
    {
      schema: {
        tags,
        summary: `Delete a checklist item, by ${who}; answers the checklist`,
        params: ChecklistItemIdParamsSchema,
        response: { 200: ChecklistSchema },
      },
    },
    async (req) => service.remove(currentUser(req), req.params.id),
  );
};
