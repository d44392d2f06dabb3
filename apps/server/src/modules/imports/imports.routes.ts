import {
  CsvImportBodySchema,
  CsvImportResultSchema,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_RATE_PER_HOUR,
  IMPORT_TRELLO_MAX_BYTES,
  ImportQuerySchema,
  importMessages,
  TaskProductParamsSchema,
  TrelloImportBodySchema,
  TrelloImportResultSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ImportsService } from './imports.service.ts';

const tags = ['imports'];
/** Imports per account per hour, dry runs included: each reads a whole file. */
const rateLimit = perUserRateLimit(
  IMPORT_RATE_PER_HOUR,
  '1 hour',
  importMessages.rateLimited,
  'RATE_LIMITED',
);
/** Room for the JSON escaping of a file at its cap (quotes and newlines double in the worst case). */
const slack = 64 * 1024;

export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/tasks/:productId/import/csv',
    {
      bodyLimit: 2 * IMPORT_CSV_MAX_BYTES + slack,
      config: rateLimit,
      schema: {
        tags,
        summary:
          "Tasks from a CSV file (whoever may create the product's tasks): `dryRun=1` answers the preview and row errors and stores nothing; otherwise every row is stored in one transaction, or none (422 IMPORT_INVALID with the row errors)",
        params: TaskProductParamsSchema,
        querystring: ImportQuerySchema,
        body: CsvImportBodySchema,
        response: { 200: CsvImportResultSchema },
      },
    },
    async (req) => service.csv(currentUser(req), req.params.productId, req.body, req.query.dryRun),
  );

  app.post(
    '/tasks/:productId/import/trello',
    {
      bodyLimit: IMPORT_TRELLO_MAX_BYTES + slack,
      config: rateLimit,
      schema: {
        tags,
        summary:
          'Tasks from a Trello board export (JSON): lists become statuses (and phases), cards tasks, with their labels, checklists, comments and due dates; `dryRun=1` answers the preview and errors and stores nothing',
        params: TaskProductParamsSchema,
        querystring: ImportQuerySchema,
        body: TrelloImportBodySchema,
        response: { 200: TrelloImportResultSchema },
      },
    },
    async (req) => service.trello(currentUser(req), req.params.productId, req.body, req.query.dryRun),
  );
};
