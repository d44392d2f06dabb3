import {
  CreateProductSchema,
  MessageResponseSchema,
  ProductArchiveSchema,
  ProductDetailSchema,
  ProductFiltersSchema,
  ProductIdParamsSchema,
  ProductListSchema,
  ProductSchema,
  ProductStatusUpdateSchema,
  productMessages,
  UpdateProductSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { exportFileName, exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { createSendShared } from '../../lib/fresh-cache.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ProductsService } from './products.service.ts';

const tags = ['products'];

export const productsRoutes: FastifyPluginAsyncZod<{ service: ProductsService; clock: Clock }> = async (
  app,
  { service, clock },
) => {
  app.addHook('onRequest', requireSession);
  // A list shared by the caller's requests is serialized once (lib/fresh-cache.ts).
  const sendShared = createSendShared();

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary:
          'Products the caller may see, newest first, with search, filters, progress and each one’s 5 newest activity entries; archived ones only with archived=true',
        querystring: ProductFiltersSchema,
        response: { 200: ProductListSchema },
      },
      // Shared by the caller's requests (lib/fresh-cache.ts): the session lookup reads the freshness.
      config: { readsFresh: true },
    },
    async (req, reply) => sendShared(reply, await service.list(currentUser(req), req.query)),
  );

  // Static before parametric: /projects/export.csv never reaches /projects/:id.
  app.get(
    '/projects/export.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          'The products list as CSV with the same filters (page and limit ignored): every product the caller sees, all pages, streamed; x-total-count says how many',
        querystring: ProductFiltersSchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { total, chunks } = await service.exportCsv(currentUser(req), req.query);
      return sendCsv(reply, { fileName: exportFileName('products', clock.now()), chunks, total });
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags,
        summary:
          'One product with its 20 newest activity entries, its creator and its active members (archived too)',
        params: ProductIdParamsSchema,
        response: { 200: ProductDetailSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a product (not guests); created_by is the caller',
        body: CreateProductSchema,
        response: { 201: ProductSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  app.patch(
    '/projects/:id/status',
    {
      schema: {
        tags,
        summary: "Move a product to another status column (any casing); records 'status_changed'",
        params: ProductIdParamsSchema,
        body: ProductStatusUpdateSchema,
        response: { 200: ProductSchema },
      },
    },
    async (req) => service.changeStatus(currentUser(req), req.params.id, req.body),
  );

  app.patch(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: "Edit a product (its creator or an admin); records 'product_updated'",
        params: ProductIdParamsSchema,
        body: UpdateProductSchema,
        response: { 200: ProductSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.patch(
    '/projects/:id/archive',
    {
      schema: {
        tags,
        summary:
          "Archive or unarchive a product (its creator or an admin); archived, it and its tasks, teams and documents are read-only (409). Records 'product_updated'",
        params: ProductIdParamsSchema,
        body: ProductArchiveSchema,
        response: { 200: ProductSchema },
      },
    },
    async (req) => service.setArchived(currentUser(req), req.params.id, req.body.archived),
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        summary:
          'Move a product and everything under it to the trash, restorable for 30 days (its creator or an admin)',
        params: ProductIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.id, clock.now());
      return { message: productMessages.deleted };
    },
  );
};
