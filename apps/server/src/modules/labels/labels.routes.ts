import {
  BulkTaskLabelsRestoreSchema,
  BulkTaskLabelsResultSchema,
  BulkTaskLabelsSchema,
  CreateLabelSchema,
  LabelIdParamsSchema,
  LabelListSchema,
  LabelSchema,
  ProductIdParamsSchema,
  SetTaskLabelsSchema,
  TaskIdParamsSchema,
  TaskLabelsSchema,
  UpdateLabelSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bulkChangeLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { LabelsService } from './labels.service.ts';

const tags = ['labels'];
const managers = 'by the product’s creator or an admin (others 403; archived product 409)';

export const labelsRoutes: FastifyPluginAsyncZod<{ service: LabelsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/labels',
    {
      schema: {
        tags,
        summary: 'A product’s labels by name, each with how many tasks carry it',
        params: ProductIdParamsSchema,
        response: { 200: LabelListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/labels',
    {
      schema: {
        tags,
        summary: `Create a label (name unique in the product ignoring case: 409; at most 100), ${managers}`,
        params: ProductIdParamsSchema,
        body: CreateLabelSchema,
        response: { 201: LabelSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/labels/:id',
    {
      schema: {
        tags,
        summary: `Rename or recolour a label, ${managers}`,
        params: LabelIdParamsSchema,
        body: UpdateLabelSchema,
        response: { 200: LabelSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/labels/:id',
    {
      schema: {
        tags,
        summary: `Delete a label and take it off every task, ${managers}`,
        params: LabelIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tasks/:id/labels',
    {
      schema: {
        tags,
        summary: 'A task’s labels, by name',
        params: TaskIdParamsSchema,
        response: { 200: TaskLabelsSchema },
      },
    },
    async (req) => service.ofTask(currentUser(req), req.params.id),
  );

  // Issue 30: the keyboard's label picker on several tasks; static, before /tasks/:id/labels.
  const bulkLimit = bulkChangeLimit();
  app.patch(
    '/tasks/bulk/labels',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          "Put labels on and take labels off up to 200 tasks in one transaction, each recorded as its labels call; a task out of sight (404), a guest (403) or a label not of a task's product (400) refuses the whole request. Answers each task's labels and the ids it had before (what /restore takes)",
        body: BulkTaskLabelsSchema,
        response: { 200: BulkTaskLabelsResultSchema },
      },
    },
    async (req) => service.bulk(currentUser(req), req.body),
  );

  app.patch(
    '/tasks/bulk/labels/restore',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary: "The Undo of a bulk label change: each task's labels as they were, in one transaction",
        body: BulkTaskLabelsRestoreSchema,
        response: { 200: BulkTaskLabelsResultSchema },
      },
    },
    async (req) => service.restore(currentUser(req), req.body),
  );

  app.put(
    '/tasks/:id/labels',
    {
      schema: {
        tags,
        summary:
          'Replace a task’s labels (at most 20, each of its product: 400), by members and admins who see the product (guests 403; archived product 409)',
        params: TaskIdParamsSchema,
        body: SetTaskLabelsSchema,
        response: { 200: TaskLabelsSchema },
      },
    },
    async (req) => service.setOfTask(currentUser(req), req.params.id, req.body.labelIds),
  );
};
