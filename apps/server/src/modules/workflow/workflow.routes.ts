import {
  CreateStateSchema,
  DeleteStateQuerySchema,
  StateIdParamsSchema,
  StateOrderSchema,
  StateProductParamsSchema,
  UpdateStateSchema,
  WorkflowStateListSchema,
  WorkflowStateSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { WorkflowService } from './workflow.service.ts';

const tags = ['workflow'];
const managers = 'by the product’s creator or an admin (others 403; archived product 409)';

export const workflowRoutes: FastifyPluginAsyncZod<{ service: WorkflowService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/states',
    {
      schema: {
        tags,
        summary:
          'A product’s workflow states in board order (Pending’s, In Progress’s, then Completed’s, each by position), each with how many tasks are in it',
        params: StateProductParamsSchema,
        response: { 200: WorkflowStateListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/states',
    {
      schema: {
        tags,
        summary: `Add a state, last of its category (name unique in the product ignoring case: 409; at most 20: 409), ${managers}`,
        params: StateProductParamsSchema,
        body: CreateStateSchema,
        response: { 201: WorkflowStateSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/projects/:id/states/order',
    {
      schema: {
        tags,
        summary: `Reorder a product’s states: every one of its states once, in the new order (else 400), ${managers}`,
        params: StateProductParamsSchema,
        body: StateOrderSchema,
        response: { 200: WorkflowStateListSchema },
      },
    },
    async (req) => service.reorder(currentUser(req), req.params.id, req.body),
  );

  app.patch(
    '/states/:id',
    {
      schema: {
        tags,
        summary: `Rename or recolour a state, ${managers}`,
        params: StateIdParamsSchema,
        body: UpdateStateSchema,
        response: { 200: WorkflowStateSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/states/:id',
    {
      schema: {
        tags,
        summary: `Delete a state; its tasks move to moveTo (another state of the product, else 400) in the same change; the last state of a category stays (409), ${managers}`,
        params: StateIdParamsSchema,
        querystring: DeleteStateQuerySchema,
        response: { 200: z.object({ moved: z.number() }) },
      },
    },
    async (req) => service.remove(currentUser(req), req.params.id, req.query.moveTo),
  );
};
