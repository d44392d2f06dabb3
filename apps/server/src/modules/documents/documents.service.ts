import { documentMessages, type ProductDocument } from '@shipyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { Storage } from '../../lib/storage.ts';
import type { UploadQuota } from '../../lib/upload-quota.ts';
import { findVisibleProduct, productArchived, type Viewer } from '../../lib/visibility.ts';
import type { DocumentsRepository, DocumentWithUploader } from './documents.repository.ts';

// The product's Documents tab (ARCHITECTURE §5). Anyone who can see the product lists and
// downloads; its creator, admins and its active team members change it, guests never. The
// bytes live in storage under a random name; the row keeps the name the user gave.

export const AREA = 'documents';
const NAME_MAX = 255;

export const DocumentNotFound = () => NotFound(documentMessages.notFound, 'DOCUMENT_NOT_FOUND');

export function toDocument({ document, uploader }: DocumentWithUploader): ProductDocument {
  return {
    _id: document.id,
    id: document.id,
    projectId: document.productId,
    taskId: document.taskId,
    name: document.name,
    contentType: document.contentType,
    size: document.size,
    uploadedBy: uploader ? { _id: uploader.id, name: uploader.name, avatar_url: uploader.avatarUrl } : null,
    createdAt: document.createdAt.toISOString(),
  };
}

/**
 * The name as shown and offered on download: only the last path segment, without control or
 * bidirectional-override characters, at most 255 characters.
 */
export function displayName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const name = [...clean].slice(0, NAME_MAX).join('').trim();
  return name === '' || name === '.' || name === '..' ? 'document' : name;
}

/** The type read from the bytes; text is what decodes as UTF-8 without NUL bytes. */
export async function sniffType(data: Buffer): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromBuffer(data);
  if (type) return { mime: type.mime, ext: type.ext };
  if (!data.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(data);
      return { mime: 'text/plain', ext: 'txt' };
    } catch {
      // not UTF-8: fall through
    }
  }
  return { mime: 'application/octet-stream', ext: 'bin' };
}

type Deps = {
  db: Db;
  documents: DocumentsRepository;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** The account's and the instance's upload quotas (issue 13 #11). */
  quota: UploadQuota;
};

/**
 * What deleting a product needs from documents: the keys of its files, read in the delete's
 * transaction, and their removal once it has committed (the rows go by ON DELETE CASCADE).
 */
export function createDocumentFiles({
  documents,
  storage,
  log,
}: Pick<Deps, 'documents' | 'storage' | 'log'>) {
  return {
    keysOf: (productId: string, tx: Db) => documents.storageKeys(productId, tx),
    /** Deleting a task removes its files the same way. */
    keysOfTask: (taskId: string, tx: Db) => documents.storageKeysOfTask(taskId, tx),
    async remove(keys: string[]) {
      for (const key of keys) {
        await storage.remove(AREA, key).catch((err) => log.error({ err, key }, 'document file not removed'));
      }
    },
  };
}
export type DocumentFiles = ReturnType<typeof createDocumentFiles>;

export function createDocumentsService({ db, documents, storage, log, changes, quota }: Deps) {
  /** The product, if the caller may see it (404 otherwise) and, for `write`, change its documents. */
  async function product(viewer: Viewer, productId: string, write = false) {
    const row = await findVisibleProduct(db, viewer, productId);
    // Seeing a product means admin, creator or active team member, so only guests are left out.
    if (write && viewer.role === 'guest') throw Forbidden(documentMessages.forbidden, 'READ_ONLY');
    if (write && row.archivedAt) throw productArchived();
    return row;
  }

  return {
    /** With `taskId`, that task's files (documents.task-files.ts); otherwise the product's own. */
    async list(viewer: Viewer, productId: string, page: number, limit: number, taskId: string | null = null) {
      await product(viewer, productId);
      const { rows, total } = await documents.list(productId, page, limit, taskId);
      return { data: rows.map(toDocument), total, page, limit };
    },

    /**
     * `read` is called once the caller may upload, so a refused caller never streams 25 MB to us.
     */
    async upload(
      viewer: Viewer & { name: string; avatarUrl: string | null },
      productId: string,
      read: () => Promise<{ filename: string; data: Buffer }>,
      taskId: string | null = null,
    ): Promise<ProductDocument> {
      await product(viewer, productId, true);
      const file = await read();
      if (file.data.length === 0) throw BadRequest(documentMessages.fileEmpty, 'FILE_EMPTY');
      await quota.check(viewer, file.data.length);
      const name = displayName(file.filename);
      const type = await sniffType(file.data);
      const key = await storage.save(AREA, type.ext, file.data);
      try {
        const row = await documents.insert(
          {
            productId,
            name,
            contentType: type.mime,
            size: file.data.length,
            storageKey: key,
            uploadedBy: viewer.id,
            taskId,
          },
          (documentId) => ({
            description: `Uploaded "${name}"`,
            metadata: { documentId, size: file.data.length },
            performedBy: viewer.id,
            taskId,
          }),
        );
        changes.publish({ kind: 'document', op: 'created', id: row.id, productId, version: versionOf(row) });
        return toDocument({
          document: row,
          uploader: { id: viewer.id, name: viewer.name, avatarUrl: viewer.avatarUrl },
        });
      } catch (err) {
        await storage.remove(AREA, key).catch((e) => log.error({ err: e, key }, 'orphan document file'));
        throw err;
      }
    },

    /** The row and the path of its bytes, for a download. */
    async file(viewer: Viewer, productId: string, documentId: string) {
      await product(viewer, productId);
      const found = await documents.find(productId, documentId);
      if (!found) throw DocumentNotFound();
      return { document: found.document, path: storage.pathOf(AREA, found.document.storageKey) };
    },

    async remove(viewer: Viewer, productId: string, documentId: string, taskId: string | null = null) {
      await product(viewer, productId, true);
      const row = await documents.delete(
        productId,
        documentId,
        (doc) => ({
          description: `Deleted "${doc.name}"`,
          metadata: { documentId: doc.id, name: doc.name },
          performedBy: viewer.id,
          taskId,
        }),
        taskId,
      );
      if (!row) throw DocumentNotFound();
      changes.publish({ kind: 'document', op: 'deleted', id: row.id, productId });
      // After commit: a crash here leaves an unreferenced file, never a row without its bytes.
      await storage
        .remove(AREA, row.storageKey)
        .catch((err) => log.error({ err, key: row.storageKey }, 'document file not removed'));
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
