import fp from 'fastify-plugin';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import {
  createDocumentFiles,
  createDocumentsService,
  type DocumentFiles,
  toDocument,
} from './documents.service.ts';
import { createTaskFiles, taskFilesRoutes } from './documents.task-files.ts';

/** The files a task's page lists at once (a task holds far fewer). */
const TASK_FILES_LISTED = 100;

declare module 'fastify' {
  interface FastifyInstance {
    /** Deleting a product removes its files (the products module). */
    documents: { files: DocumentFiles };
  }
}

/**
 * Product documents and task files. A task's files are a section of its page and go with it;
 * the upload quota counts the bytes stored here.
 */
export const documentsModule = fp(
  async (app) => {
    const { db, storage, log, changes } = app;
    const documents = createDocumentsRepository(db);
    const files = createDocumentFiles({ documents, storage, log });
    app.uploads.count({
      ofUser: (user, tx) => documents.bytesUploadedBy(user.id, tx),
      total: (tx) => documents.totalBytes(tx),
    });
    app.tasks.addPageSection('files', async (task) =>
      (await documents.list(task.productId, 1, TASK_FILES_LISTED, task.id)).rows.map(toDocument),
    );
    app.tasks.onDelete(async (taskId, tx) => {
      const keys = await files.keysOfTask(taskId, tx);
      return () => files.remove(keys);
    });
    app.decorate('documents', { files });
    const service = createDocumentsService({
      db,
      documents,
      storage,
      log,
      changes,
      quota: app.uploads.quota,
    });
    const uploadsPerHour = app.config.uploads.perHour;
    await app.register(documentsRoutes, { prefix: '/api', service, uploadsPerHour });
    await app.register(taskFilesRoutes, {
      prefix: '/api',
      files: createTaskFiles({ db, service }),
      uploadsPerHour,
    });
  },
  { name: 'documents', dependencies: ['platform', 'tasks'] },
);
