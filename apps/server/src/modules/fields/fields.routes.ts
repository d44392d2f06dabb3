import {
  CreateFieldSchema,
  FieldIdParamsSchema,
  FieldListSchema,
  FieldOrderSchema,
  FieldSchema,
  FieldsInSightSchema,
  ProductIdParamsSchema,
  SetTaskFieldsSchema,
  TaskFieldsSchema,
  TaskIdParamsSchema,
  UpdateFieldSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { FieldsService } from './fields.service.ts';

const tags = ['fields'];
const managers = 'by the product’s creator or an admin (others 403; archived product 409)';

export const fieldsRoutes: FastifyPluginAsyncZod<{ service: FieldsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/fields',
    {
      schema: {
        tags,
        summary:
          'The custom fields of every product the caller sees, by product name and position (the /tasks filters, sort and grouping)',
        response: { 200: FieldsInSightSchema },
      },
    },
    async (req) => service.inSight(currentUser(req)),
  );

  app.get(
    '/projects/:id/fields',
    {
      schema: {
        tags,
        summary: 'A product’s custom fields in their order',
        params: ProductIdParamsSchema,
        response: { 200: FieldListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/fields',
    {
      schema: {
        tags,
        summary: `Create a custom field (text, number, date, select, multi_select, person, url, checkbox; name unique in the product ignoring case: 409; at most 30), ${managers}`,
        params: ProductIdParamsSchema,
        body: CreateFieldSchema,
        response: { 201: FieldSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/projects/:id/fields/order',
    {
      schema: {
        tags,
        summary: `Reorder a product’s fields (every field id once), ${managers}`,
        params: ProductIdParamsSchema,
        body: FieldOrderSchema,
        response: { 200: FieldListSchema },
      },
    },
    async (req) => service.reorder(currentUser(req), req.params.id, req.body.ids),
  );

  app.patch(
    '/fields/:id',
    {
      schema: {
        tags,
        summary: `Rename a field, change its options (a removed option leaves every task) or whether it shows on cards, ${managers}`,
        params: FieldIdParamsSchema,
        body: UpdateFieldSchema,
        response: { 200: FieldSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/fields/:id',
    {
      schema: {
        tags,
        summary: `Delete a field and its value on every task, ${managers}`,
        params: FieldIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/tasks/:id/fields',
    {
      schema: {
        tags,
        summary:
          'Set some of a task’s custom field values by field id (null clears one; each checked against its field: 400 with the field’s own message), by members and admins who see the product (guests 403; archived product 409). POST /tasks and PATCH /tasks/{id}/update take the same `fields`.',
        params: TaskIdParamsSchema,
        body: SetTaskFieldsSchema,
        response: { 200: TaskFieldsSchema },
      },
    },
    async (req) => service.setOfTask(currentUser(req), req.params.id, req.body.fields),
  );
};
