import { ProductFiltersSchema, ProductListSchema } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ProjectsService } from './projects.service.ts';

const tags = ['products'];

export const projectsRoutes: FastifyPluginAsyncZod<{ service: ProjectsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Products the caller may see, newest first',
        querystring: ProductFiltersSchema,
        response: { 200: ProductListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.query.page, req.query.limit),
  );
};
