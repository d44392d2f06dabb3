import type { ProductDocument } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { AppModule, ModuleContext } from '../../lib/module.ts';
import type { SeenTask } from '../../lib/task-access.ts';
import type { UploadQuota } from '../../lib/upload-quota.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import {
  createDocumentFiles,
  createDocumentsService,
  type DocumentFiles,
  toDocument,
} from './documents.service.ts';
import { createTaskFiles, type TaskFiles, taskFilesRoutes } from './documents.task-files.ts';

/** The files a task's page lists at once (a task holds far fewer). */
const TASK_FILES_LISTED = 100;

export type { DocumentFiles } from './documents.service.ts';

/** What the upload quota counts of documents: the bytes an account uploaded, and all of them. */
export type StoredDocuments = {
  bytesUploadedBy(userId: string, tx?: Db): Promise<number>;
  totalBytes(tx?: Db): Promise<number>;
};

type Deps = ModuleContext & { quota: () => UploadQuota };

/**
 * Product documents and task files. Its entry points: `files` (deleting a product or a task removes its files) and
 * `stored` (the upload quota counts them).
 */
export function documentsModule({ quota, ...ctx }: Deps): AppModule & {
  files: DocumentFiles;
  stored: StoredDocuments;
  /** The files of a task the caller already found visible, newest first (the task's page). */
  filesOfTask: (task: SeenTask) => Promise<ProductDocument[]>;
} {
  const { db, storage, log, changes } = ctx;
  const documents = createDocumentsRepository(db);
  // Made on first use: the quota it checks is wired after the modules are.
  let taskFiles: TaskFiles | undefined;
  const service = () => {
    taskFiles ??= createTaskFiles({
      db,
      service: createDocumentsService({ db, documents, storage, log, changes, quota: quota() }),
    });
    return taskFiles;
  };
  return {
    files: createDocumentFiles({ documents, storage, log }),
    stored: documents,
    filesOfTask: async (task) =>
      (await documents.list(task.productId, 1, TASK_FILES_LISTED, task.id)).rows.map(toDocument),
    register: async (api) => {
      const files = service();
      const uploadsPerHour = ctx.config.uploads.perHour;
      await api.register(documentsRoutes, { service: files.documents, uploadsPerHour });
      await api.register(taskFilesRoutes, { files, uploadsPerHour });
    },
  };
}
