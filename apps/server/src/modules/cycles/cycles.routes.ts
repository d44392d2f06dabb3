import {
  AddCycleTasksSchema,
  CreateCycleSchema,
  CycleCompletionSchema,
  CycleDetailSchema,
  CycleIdParamsSchema,
  CycleListSchema,
  CycleSchema,
  CycleSettingsSchema,
  CycleTaskParamsSchema,
  ProductIdParamsSchema,
  SetTaskCycleSchema,
  TaskCycleSchema,
  TaskIdParamsSchema,
  UpdateCycleSchema,
  VelocityQuerySchema,
  VelocitySchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { CyclesService } from './cycles.service.ts';

const tags = ['cycles'];
const who = 'by members and admins who see the product (guests: 403; archived product: 409)';

export const cyclesRoutes: FastifyPluginAsyncZod<{ service: CyclesService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/cycles',
    {
      schema: {
        tags,
        summary:
          'A product’s cycles (current, then upcoming, then completed) with their tallies, to whoever sees it',
        params: ProductIdParamsSchema,
        response: { 200: CycleListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/cycles',
    {
      schema: {
        tags,
        summary: `Create a cycle (name, start ≤ end, at most 120 days, overlapping no other) ${who}`,
        params: ProductIdParamsSchema,
        body: CreateCycleSchema,
        response: { 201: CycleSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/projects/:id/cycle-settings',
    {
      schema: {
        tags,
        summary:
          'Whether unfinished tasks roll into the next cycle when one ends, by the product’s creator or an admin',
        params: ProductIdParamsSchema,
        body: CycleSettingsSchema,
        response: { 200: CycleSettingsSchema },
      },
    },
    async (req) => service.settings(currentUser(req), req.params.id, req.body),
  );

  app.get(
    '/projects/:id/velocity',
    {
      schema: {
        tags,
        summary:
          'What the product’s last finished cycles completed (tasks and estimate points), with the average',
        params: ProductIdParamsSchema,
        querystring: VelocityQuerySchema,
        response: { 200: VelocitySchema },
      },
    },
    async (req) => service.velocity(currentUser(req), req.params.id, req.query.cycles),
  );

  app.get(
    '/cycles/:id',
    {
      schema: {
        tags,
        summary: 'A cycle with its tasks and its burn chart (scope and completed per day)',
        params: CycleIdParamsSchema,
        response: { 200: CycleDetailSchema },
      },
    },
    async (req) => service.detail(currentUser(req), req.params.id),
  );

  app.patch(
    '/cycles/:id',
    {
      schema: {
        tags,
        summary: `Rename a cycle or change its dates ${who}`,
        params: CycleIdParamsSchema,
        body: UpdateCycleSchema,
        response: { 200: CycleSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/cycles/:id',
    {
      schema: {
        tags,
        summary: `Delete a cycle (its tasks stay, out of any cycle) ${who}`,
        params: CycleIdParamsSchema,
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/cycles/:id/tasks',
    {
      schema: {
        tags,
        summary: `Add tasks of the product to a cycle (each leaves its former cycle) ${who}, each task one the caller may change`,
        params: CycleIdParamsSchema,
        body: AddCycleTasksSchema,
        response: { 200: CycleDetailSchema },
      },
    },
    async (req) => service.addTasks(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/cycles/:id/tasks/:taskId',
    {
      schema: { tags, summary: `Take a task out of a cycle ${who}`, params: CycleTaskParamsSchema },
    },
    async (req, reply) => {
      await service.removeTask(currentUser(req), req.params.id, req.params.taskId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/cycles/:id/complete',
    {
      schema: {
        tags,
        summary: `Complete a cycle now: its unfinished tasks roll into the next cycle when the product says so, ${who}`,
        params: CycleIdParamsSchema,
        response: { 200: CycleCompletionSchema },
      },
    },
    async (req) => service.complete(currentUser(req), req.params.id),
  );

  app.get(
    '/tasks/:id/cycle',
    {
      schema: {
        tags,
        summary: 'A task’s cycle and the cycles of its product it may join',
        params: TaskIdParamsSchema,
        response: { 200: TaskCycleSchema },
      },
    },
    async (req) => service.ofTask(currentUser(req), req.params.id),
  );

  app.put(
    '/tasks/:id/cycle',
    {
      schema: {
        tags,
        summary: `Put a task in a cycle of its product, or take it out (null), ${who}`,
        params: TaskIdParamsSchema,
        body: SetTaskCycleSchema,
        response: { 200: TaskCycleSchema },
      },
    },
    async (req) => service.setTaskCycle(currentUser(req), req.params.id, req.body),
  );
};
