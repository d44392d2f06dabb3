import {
  CreateRelationSchema,
  EstimateScaleQuerySchema,
  EstimateScaleSchema,
  EstimateScaleUpdateSchema,
  ProductIdParamsSchema,
  RelationListSchema,
  RelationParamsSchema,
  RelationSchema,
  SubtaskListSchema,
  TaskIdParamsSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { HierarchyService } from './hierarchy.service.ts';
import type { RelationsService } from './relations.service.ts';

const tags = ['hierarchy'];
const editors =
  'by members and admins who see both tasks (guests 403; archived product 409; a task out of sight 404, the other one 400)';

export const hierarchyRoutes: FastifyPluginAsyncZod<{
  relations: RelationsService;
  hierarchy: HierarchyService;
}> = async (app, { relations, hierarchy }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/relations',
    {
      schema: {
        tags,
        summary:
          'A task’s relations (blocks, blocked by, relates to, duplicate of, duplicated by) to tasks the caller sees',
        params: TaskIdParamsSchema,
        response: { 200: RelationListSchema },
      },
    },
    async (req) => relations.list(currentUser(req), req.params.id),
  );

  app.post(
    '/tasks/:id/relations',
    {
      schema: {
        tags,
        summary: `Relate the task to another one, once per pair (409 if related already); "duplicate_of" completes this task, ${editors}`,
        params: TaskIdParamsSchema,
        body: CreateRelationSchema,
        response: { 201: RelationSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await relations.create(currentUser(req), req.params.id, req.body)),
  );

  app.delete(
    '/tasks/:id/relations/:relationId',
    {
      schema: {
        tags,
        summary: `Remove a relation of the task, ${editors}`,
        params: RelationParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await relations.remove(currentUser(req), req.params.id, req.params.relationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tasks/:id/subtasks',
    {
      schema: {
        tags,
        summary:
          'A task’s sub-tasks and its parents, the root first (set a parent with parentId on PATCH /tasks/{id}/update)',
        params: TaskIdParamsSchema,
        response: { 200: SubtaskListSchema },
      },
    },
    async (req) => hierarchy.subtasks(currentUser(req), req.params.id),
  );

  app.get(
    '/projects/:id/estimates',
    {
      schema: {
        tags,
        summary: 'A product’s estimate scale, and how many estimates a change to `scale` would clear',
        params: ProductIdParamsSchema,
        querystring: EstimateScaleQuerySchema,
        response: { 200: EstimateScaleSchema },
      },
    },
    async (req) => hierarchy.scale(currentUser(req), req.params.id, req.query.scale),
  );

  app.put(
    '/projects/:id/estimates',
    {
      schema: {
        tags,
        summary:
          'Set a product’s estimate scale, by its creator or an admin (others 403; archived 409): estimates that fit it stay, the others are cleared',
        params: ProductIdParamsSchema,
        body: EstimateScaleUpdateSchema,
        response: { 200: EstimateScaleSchema },
      },
    },
    async (req) => hierarchy.setScale(currentUser(req), req.params.id, req.body.scale),
  );
};
