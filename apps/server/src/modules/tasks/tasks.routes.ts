import {
  BulkTaskRestoreSchema,
  BulkTaskResultSchema,
  BulkTaskUpdateSchema,
  CreateTaskSchema,
  DeleteTaskQuerySchema,
  MessageResponseSchema,
  TaskBoardQuerySchema,
  TaskBoardSchema,
  TaskDetailSchema,
  TaskHistoryQuerySchema,
  TaskHistorySchema,
  TaskIdParamsSchema,
  TaskKeyParamsSchema,
  TaskListSchema,
  TaskMoveSchema,
  TaskOptionsSchema,
  TaskProductParamsSchema,
  TaskQuerySchema,
  TaskSchema,
  TaskStatusUpdateSchema,
  taskMessages,
  UpdateTaskSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { exportFileName, exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { bulkChangeLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import { createSendShared } from '../../lib/shared-response.ts';
import type { TaskBoardService } from './tasks.board.ts';
import type { TaskPageService } from './tasks.page.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];

export const tasksRoutes: FastifyPluginAsyncZod<{
  service: TasksService;
  page: TaskPageService;
  clock: Clock;
  board: TaskBoardService;
}> = async (app, { service, page, clock, board }) => {
  app.addHook('onRequest', requireSession);
  // Boards shared between viewers go out serialized and compressed once (lib/shared-response.ts).
  const sendShared = createSendShared();

  // Static before parametric is Fastify's own rule: /tasks/all never reaches /tasks/:id.
  app.get(
    '/tasks/all',
    {
      schema: {
        tags,
        summary:
          "Every task of the products the caller may see: the filters, presets, sort and grouping of the task query (issue 28; newest first without a sort), keyset paging by cursor; grouped, the answer says every group's total",
        querystring: TaskQuerySchema,
        response: { 200: TaskListSchema },
      },
      // Its first page is shared (lib/fresh-cache.ts): the session lookup reads the freshness.
      config: { readsFresh: true },
    },
    async (req, reply) => {
      const list = await service.listAll(currentUser(req), req.query);
      // A first page is shared by the caller's requests (listAll): sent as stored bytes.
      return req.query.cursor ? list : sendShared(reply, list);
    },
  );

  app.get(
    '/tasks/export.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          'The /tasks list as CSV with the same query (cursor and limit ignored): every task of the products the caller sees, all pages, streamed; x-total-count says how many',
        querystring: TaskQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { total, chunks } = await service.exportAll(currentUser(req), req.query);
      return sendCsv(reply, { fileName: exportFileName('tasks', clock.now()), chunks, total });
    },
  );

  app.get(
    '/tasks/:productId/tasks.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          "A product's Tasks tab as CSV with the same query (cursor and limit ignored), all pages, streamed; 404 for a product the caller does not see",
        params: TaskProductParamsSchema,
        querystring: TaskQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { total, chunks } = await service.exportForProduct(
        currentUser(req),
        req.params.productId,
        req.query,
      );
      return sendCsv(reply, { fileName: exportFileName('product-tasks', clock.now()), chunks, total });
    },
  );

  app.get(
    '/tasks/:productId/tasks',
    {
      schema: {
        tags,
        summary: "A product's tasks, with the same query (filters, sort, grouping) and paging as /tasks/all",
        params: TaskProductParamsSchema,
        querystring: TaskQuerySchema,
        response: { 200: TaskListSchema },
      },
    },
    async (req) => service.listForProduct(currentUser(req), req.params.productId, req.query),
  );

  app.get(
    '/tasks/:productId/board',
    {
      schema: {
        tags,
        summary:
          "A product's board in one request: each status column's first 200 cards (compact: what a card shows) with its total and the cursor of its next page (GET /tasks/{productId}/tasks), the product's labels and the cards' assignees",
        params: TaskProductParamsSchema,
        querystring: TaskBoardQuerySchema,
        response: { 200: TaskBoardSchema },
      },
    },
    async (req, reply) =>
      sendShared(reply, await board.board(currentUser(req), req.params.productId, req.query)),
  );

  app.get(
    '/tasks/:productId/options',
    {
      schema: {
        tags,
        summary:
          "What a task of the product may name: its teams, and its assignees (the product's creator and the active members of its teams)",
        params: TaskProductParamsSchema,
        response: { 200: TaskOptionsSchema },
      },
    },
    async (req) => service.options(currentUser(req), req.params.productId),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'One task, with its product, team and assignee names',
        params: TaskIdParamsSchema,
        response: { 200: TaskSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.get(
    '/tasks/by-key/:key',
    {
      schema: {
        tags,
        summary:
          'The task a key names (`ATL-12`, any casing), including a key it had before a move or its product’s new key; 404 when none does or the caller may not see it',
        params: TaskKeyParamsSchema,
        response: { 200: TaskSchema },
      },
    },
    async (req) => service.getByKey(currentUser(req), req.params.key),
  );

  app.get(
    '/tasks/:id/detail',
    {
      schema: {
        tags,
        summary:
          "A task's page in one request: the task, its product (archived or not), its creator, the first page of its history and what the caller may do on it",
        params: TaskIdParamsSchema,
        response: { 200: TaskDetailSchema },
      },
    },
    async (req) => page.detail(currentUser(req), req.params.id),
  );

  app.get(
    '/tasks/:id/history',
    {
      schema: {
        tags,
        summary: "A page of a task's history (its activity entries), newest first, keyset paging by cursor",
        params: TaskIdParamsSchema,
        querystring: TaskHistoryQuerySchema,
        response: { 200: TaskHistorySchema },
      },
    },
    async (req) => page.history(currentUser(req), req.params.id, req.query),
  );

  app.post(
    '/tasks',
    {
      schema: {
        tags,
        summary: "Create a task in a product (not guests); createdBy is the caller; records 'task_created'",
        body: CreateTaskSchema,
        response: { 201: TaskSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  // Static: /tasks/bulk never reaches /tasks/:id/update. Each call has its limit per account.
  const bulkLimit = bulkChangeLimit();
  app.patch(
    '/tasks/bulk',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          "The same change (one of status, stateId, assigneeId, priority, dueDate) on up to 200 tasks in one transaction, each checked and recorded as its edit call; a task the caller may not see (404) or edit (403) refuses the whole request. Answers the tasks and each one's previous value (what PATCH /tasks/bulk/restore takes)",
        body: BulkTaskUpdateSchema,
        response: { 200: BulkTaskResultSchema },
      },
    },
    async (req) => service.bulk.update(currentUser(req), req.body.ids, req.body.change),
  );

  app.patch(
    '/tasks/bulk/restore',
    {
      config: bulkLimit,
      schema: {
        tags,
        summary:
          'The Undo of a bulk change: each task its own change (the `previous` a bulk change answered), in one transaction, checked as PATCH /tasks/bulk',
        body: BulkTaskRestoreSchema,
        response: { 200: BulkTaskResultSchema },
      },
    },
    async (req) => service.bulk.restore(currentUser(req), req.body.items),
  );

  // The spec leaves the method open (§7.3): PATCH and PUT both take any subset of the fields.
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/tasks/:id/update',
      schema: {
        tags,
        summary:
          "Edit a task (not guests); projectId moves it to another product; records 'task_updated' and any status change",
        params: TaskIdParamsSchema,
        body: UpdateTaskSchema,
        response: { 200: TaskSchema },
      },
      handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
    });
  }

  app.patch(
    '/tasks/:id/task/update',
    {
      schema: {
        tags,
        summary:
          "Set a task's status (any casing or the board's column id) and its place in that column: after afterId / before beforeId (cards of the same product and status, else 400), on top without either; a drop in its own column only reorders it. A guest only on a task assigned to them; records 'task_status_updated' or 'task_completed'",
        params: TaskIdParamsSchema,
        body: TaskStatusUpdateSchema,
        response: { 200: TaskMoveSchema },
      },
    },
    async (req) => service.changeStatus(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary:
          "Move a task to the trash, restorable for 30 days (not guests); records 'task_deleted'. With `withSubtasks=true` its sub-tasks (and theirs) go with it, and come back or are purged with it (the Undo of a duplicate with its sub-tasks)",
        params: TaskIdParamsSchema,
        querystring: DeleteTaskQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const withSubtasks = req.query.withSubtasks === 'true';
      await service.remove.one(currentUser(req), req.params.id, clock.now(), { withSubtasks });
      return { message: taskMessages.deleted };
    },
  );
};
