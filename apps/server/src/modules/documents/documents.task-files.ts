import { DocumentSchema, documentMessages, PageQuerySchema, TaskIdParamsSchema } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { uploadRateLimit } from '../../platform/uploads.ts';
import { findVisibleTask } from '../tasks/index.ts';
import { DocumentListSchema, readDocument } from './documents.routes.ts';
import type { DocumentsService } from './documents.service.ts';

// Files attached to a task (issue 15): documents rows with a task_id, so they share the product
// documents' sniffing, name cleaning, size limit, quota, rules (members and admins who see the
// product add and delete, guests read) and download route: a task file is downloaded at
// /api/projects/{projectId}/documents/{id}/download like any document of its product.

const tags = ['documents'];

/** The task's own routes only find the task (404 when out of sight) and hand over to documents. */
export function createTaskFiles({ db, service }: { db: Db; service: DocumentsService }) {
  return {
    /** The product documents' service the task's routes hand over to. */
    documents: service,
    async list(viewer: Viewer, taskId: string, page: number, limit: number) {
      const task = await findVisibleTask(db, viewer, taskId);
      return service.list(viewer, task.productId, page, limit, task.id);
    },
    async upload(...[viewer, taskId, read]: Parameters<DocumentsService['upload']>) {
      const task = await findVisibleTask(db, viewer, taskId);
      return service.upload(viewer, task.productId, read, task.id);
    },
    async remove(viewer: Viewer, taskId: string, fileId: string) {
      const task = await findVisibleTask(db, viewer, taskId);
      return service.remove(viewer, task.productId, fileId, task.id);
    },
  };
}
export type TaskFiles = ReturnType<typeof createTaskFiles>;

const TaskFileParamsSchema = z.extend(TaskIdParamsSchema, {
  fileId: z.uuid(documentMessages.notFound),
});

export const taskFilesRoutes: FastifyPluginAsyncZod<{ files: TaskFiles; uploadsPerHour: number }> = async (
  app,
  { files, uploadsPerHour },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/files',
    {
      schema: {
        tags,
        summary:
          'The files attached to a task, newest first; each is downloaded at /api/projects/{projectId}/documents/{id}/download',
        params: TaskIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: DocumentListSchema },
      },
    },
    async (req) => files.list(currentUser(req), req.params.id, req.query.page, req.query.limit),
  );

  app.post(
    '/tasks/:id/files',
    {
      config: uploadRateLimit(uploadsPerHour),
      schema: {
        tags,
        summary:
          'Attach a file (any type, at most 25 MB) to a task as multipart field "file", by members and admins who see its product (guests 403; archived product 409); within the upload quota (413) and the uploads per hour (429) of the account',
        consumes: ['multipart/form-data'],
        params: TaskIdParamsSchema,
        response: { 201: DocumentSchema },
      },
    },
    async (req, reply) => {
      const file = await files.upload(currentUser(req), req.params.id, () => readDocument(req));
      return reply.status(201).send(file);
    },
  );

  app.delete(
    '/tasks/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Delete a file of a task (as a product document: not guests; archived product 409)',
        params: TaskFileParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await files.remove(currentUser(req), req.params.id, req.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
