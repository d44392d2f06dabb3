import type { AppModule, ModuleContext } from '../../lib/module.ts';
import type { UploadQuota } from '../../lib/upload-quota.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentFiles, createDocumentsService, type DocumentFiles } from './documents.service.ts';
import { createTaskFiles, taskFilesRoutes } from './documents.task-files.ts';

export type { DocumentFiles } from './documents.service.ts';

/** What the upload quota counts of documents: the bytes an account uploaded, and all of them. */
export type StoredDocuments = {
  bytesUploadedBy(userId: string): Promise<number>;
  totalBytes(): Promise<number>;
};

type Deps = ModuleContext & { quota: () => UploadQuota };

/**
 * Product documents and task files. Its entry points: `files` (deleting a product or a task removes its files) and
 * `stored` (the upload quota counts them).
 */
export function documentsModule({ quota, ...ctx }: Deps): AppModule & {
  files: DocumentFiles;
  stored: StoredDocuments;
} {
  const { db, storage, log, changes } = ctx;
  const documents = createDocumentsRepository(db);
  return {
    files: createDocumentFiles({ documents, storage, log }),
    stored: documents,
    register: async (api) => {
      const service = createDocumentsService({ db, documents, storage, log, changes, quota: quota() });
      const uploadsPerHour = ctx.config.uploads.perHour;
      await api.register(documentsRoutes, { service, uploadsPerHour });
      await api.register(taskFilesRoutes, { files: createTaskFiles({ db, service }), uploadsPerHour });
    },
  };
}
