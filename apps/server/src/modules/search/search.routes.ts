import { SearchQuerySchema, SearchResultSchema, searchMessages } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { SearchService } from './search.service.ts';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService; perMinute: number }> = async (
  app,
  { service, perMinute },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/search',
    {
      config: perUserRateLimit(
        perMinute,
        '1 minute',
        searchMessages.rateLimited(perMinute),
        'SEARCH_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary:
          'Search what the caller may see, grouped by kind (product, task, comment, event, and person for admins), best match first, at most `limit` per kind; at most SEARCH_RATE_PER_MINUTE (default 120) per account per minute (429); matched words come back as marked pieces (docs/decisions/015-search.md)',
        description:
          'q is matched as words (quotes for a phrase, - to exclude, "or") in names, titles, descriptions, comments and event texts, and as part of or close to a name or title (3 characters or more). kinds: a comma-separated subset, all by default.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema },
      },
    },
    async (req) => service.search(currentUser(req), req.query),
  );
};
