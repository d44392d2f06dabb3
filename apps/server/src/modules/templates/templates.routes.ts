import {
  CreateProductSchema,
  CreateTaskTemplateSchema,
  DuplicateTaskBodySchema,
  ProductIdParamsSchema,
  ProductSchema,
  ProductTemplateListSchema,
  ProductTemplateSchema,
  SaveProductAsTemplateSchema,
  SaveTaskAsTemplateSchema,
  TaskIdParamsSchema,
  TaskSchema,
  TaskTemplateListSchema,
  TaskTemplateSchema,
  TemplateIdParamsSchema,
  UpdateTaskTemplateSchema,
  UseTaskTemplateSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ProductTemplatesService } from './templates.products.ts';
import type { TaskTemplatesService } from './templates.tasks.ts';

const tags = ['templates'];
const managers =
  'by whoever manages the product: its creator or an admin (others 403; unseen 404; archived 409)';

/**
 * Templates and duplicates (issue 29): browser sessions and API tokens; a read-only token only
 * reads (the platform refuses its writes). Writes count against the platform's write limit.
 */
export const templatesRoutes: FastifyPluginAsyncZod<{
  tasks: TaskTemplatesService;
  products: ProductTemplatesService;
}> = async (app, { tasks, products }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/task-templates',
    {
      schema: {
        tags,
        summary: 'A product’s task templates by name (whoever sees the product)',
        params: ProductIdParamsSchema,
        response: { 200: TaskTemplateListSchema },
      },
    },
    async (req) => tasks.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/task-templates',
    {
      schema: {
        tags,
        summary: `Create a task template (at most 50 a product: 409; 64 kB: 400), ${managers}`,
        params: ProductIdParamsSchema,
        body: CreateTaskTemplateSchema,
        response: { 201: TaskTemplateSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tasks.create(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/tasks/:id/task-template',
    {
      schema: {
        tags,
        summary: `Save this task (its fields, labels, checklist and other parts) as a template of its product, ${managers}`,
        params: TaskIdParamsSchema,
        body: SaveTaskAsTemplateSchema,
        response: { 201: TaskTemplateSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tasks.saveTask(currentUser(req), req.params.id, req.body)),
  );

  app.get(
    '/task-templates/:id',
    {
      schema: {
        tags,
        summary: 'One task template (404 unless its product is seen)',
        params: TemplateIdParamsSchema,
        response: { 200: TaskTemplateSchema },
      },
    },
    async (req) => tasks.get(currentUser(req), req.params.id),
  );

  app.patch(
    '/task-templates/:id',
    {
      schema: {
        tags,
        summary: `Change a task template (\`parts\` replaces the parts it names), ${managers}`,
        params: TemplateIdParamsSchema,
        body: UpdateTaskTemplateSchema,
        response: { 200: TaskTemplateSchema },
      },
    },
    async (req) => tasks.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/task-templates/:id',
    {
      schema: {
        tags,
        summary: `Delete a task template, ${managers}`,
        params: TemplateIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await tasks.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/task-templates/:id/tasks',
    {
      schema: {
        tags,
        summary:
          'Create a task from a template in its product: these fields, then the template’s labels, checklist and other parts (or the ones given), in one transaction; members and admins who see the product (guests 403; archived 409)',
        params: TemplateIdParamsSchema,
        body: UseTaskTemplateSchema,
        response: { 201: TaskSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await tasks.use(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/tasks/:id/duplicate',
    {
      schema: {
        tags,
        summary:
          'Duplicate a task in its product: same fields, labels and checklist (unticked), a new key, no comments, files or history; with `withSubtasks`, its sub-tasks (and theirs) too, in one transaction; members and admins who see it (guests 403; archived 409)',
        params: TaskIdParamsSchema,
        body: z.optional(z.nullable(DuplicateTaskBodySchema)),
        response: { 201: TaskSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tasks.duplicate(currentUser(req), req.params.id, req.body ?? {})),
  );

  app.get(
    '/product-templates',
    {
      schema: {
        tags,
        summary: 'The workspace’s product templates by name (everyone signed in)',
        response: { 200: ProductTemplateListSchema },
      },
    },
    async (req) => products.list(currentUser(req)),
  );

  app.get(
    '/product-templates/:id',
    {
      schema: {
        tags,
        summary: 'One product template',
        params: TemplateIdParamsSchema,
        response: { 200: ProductTemplateSchema },
      },
    },
    async (req) => products.get(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/product-template',
    {
      schema: {
        tags,
        summary:
          'Save this product’s labels, team types, starter tasks and other parts as a workspace template (at most 100: 409; 256 kB: 400), by its creator or an admin (others 403; unseen 404)',
        params: ProductIdParamsSchema,
        body: SaveProductAsTemplateSchema,
        response: { 201: ProductTemplateSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await products.saveProduct(currentUser(req), req.params.id, req.body)),
  );

  app.delete(
    '/product-templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product template, by its creator or an admin (others 403)',
        params: TemplateIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await products.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/product-templates/:id/products',
    {
      schema: {
        tags,
        summary:
          'Create a product (the same fields and rules as POST /projects) and apply the template’s parts to it, in one transaction',
        params: TemplateIdParamsSchema,
        body: CreateProductSchema,
        response: { 201: ProductSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await products.use(currentUser(req), req.params.id, req.body)),
  );
};
