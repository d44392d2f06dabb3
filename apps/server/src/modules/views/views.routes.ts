import {
  CreateViewSchema,
  SavedViewListSchema,
  SavedViewSchema,
  UpdateViewSchema,
  ViewIdParamsSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ViewsService } from './views.service.ts';

const tags = ['views'];
const editors = 'by its owner, or for a shared view whoever manages its product (others 403; unseen 404)';

/** Saved views (issue 28): browser sessions and API tokens; a read-only token only reads. */
export const viewsRoutes: FastifyPluginAsyncZod<{ service: ViewsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/views',
    {
      schema: {
        tags,
        summary:
          'The views I see (mine, and the shared views of products I see), pinned first, each with how many tasks match for me',
        response: { 200: SavedViewListSchema },
      },
    },
    async (req) => service.list(currentUser(req)),
  );

  app.get(
    '/views/:id',
    {
      schema: {
        tags,
        summary: 'One view I see, with its count (404 otherwise)',
        params: ViewIdParamsSchema,
        response: { 200: SavedViewSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/views',
    {
      schema: {
        tags,
        summary: `Save a view: a name, the /tasks query string and display; personal, or shared with a product I see (not guests; at most 100 of mine: 409), pinned to my sidebar if asked`,
        body: CreateViewSchema,
        response: { 201: SavedViewSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  app.patch(
    '/views/:id',
    {
      schema: {
        tags,
        summary: `Rename a view or change its filters, display or sharing (sharing: its owner only), ${editors}`,
        params: ViewIdParamsSchema,
        body: UpdateViewSchema,
        response: { 200: SavedViewSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/views/:id',
    {
      schema: {
        tags,
        summary: `Delete a view, ${editors}`,
        params: ViewIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/views/:id/pin',
    {
      schema: {
        tags,
        summary: 'Pin a view I see to my sidebar (at most 20: 409)',
        params: ViewIdParamsSchema,
        response: { 200: SavedViewSchema },
      },
    },
    async (req) => service.pin(currentUser(req), req.params.id),
  );

  app.delete(
    '/views/:id/pin',
    {
      schema: {
        tags,
        summary: 'Unpin a view',
        params: ViewIdParamsSchema,
        response: { 200: SavedViewSchema },
      },
    },
    async (req) => service.unpin(currentUser(req), req.params.id),
  );
};
