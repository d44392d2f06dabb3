import type { Readable } from 'node:stream';
import { DOCUMENT_MAX_BYTES, documentMessages, type ProductDocument } from '@shipyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { type Changes, versionOf } from '../../lib/realtime/changes.ts';
import { receiveUpload } from '../../lib/receive-upload.ts';
import { newFileName, type Storage } from '../../lib/storage.ts';
import { findVisibleProduct, productArchived, type Viewer } from '../../lib/visibility.ts';
import type { UploadQuota } from '../../platform/uploads.ts';
import type { DocumentsRepository, DocumentWithUploader } from './documents.repository.ts';

// The product's Documents tab (ARCHITECTURE §5). Anyone who can see the product lists and
// downloads; its creator, admins and its active team members change it, guests never. The
// bytes live in storage under a random name; the row keeps the name the user gave.

const AREA = 'documents';
const NAME_MAX = 255;

const DocumentNotFound = () => NotFound(documentMessages.notFound, 'DOCUMENT_NOT_FOUND');

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
function displayName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const name = [...clean].slice(0, NAME_MAX).join('').trim();
  return name === '' || name === '.' || name === '..' ? 'document' : name;
}

/**
 * The type of a stored file: read from its first bytes by file-type; otherwise text, if every
 * byte decodes as UTF-8 without NUL bytes, checked chunk by chunk as the upload streams.
 */
function typeSniffer() {
  let detected: { mime: string; ext: string } | undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = true;
  const decodes = (chunk?: Buffer) => {
    if (!text) return;
    try {
      if (chunk?.includes(0)) text = false;
      else decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      text = false;
    }
  };
  return {
    /** The extension of the stored name, from the first bytes. */
    async fromSample(sample: Buffer): Promise<string> {
      detected = await (await import('file-type')).fileTypeFromBuffer(sample);
      if (detected) return detected.ext;
      const head = new TextDecoder('utf-8', { fatal: true });
      try {
        head.decode(sample, { stream: true });
        return sample.includes(0) ? 'bin' : 'txt';
      } catch {
        return 'bin';
      }
    },
    observe: (chunk: Buffer) => decodes(chunk),
    /** Once every byte went by. */
    type(): { mime: string; ext: string } {
      if (detected) return detected;
      decodes();
      return text ? { mime: 'text/plain', ext: 'txt' } : { mime: 'application/octet-stream', ext: 'bin' };
    },
  };
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
     * The bytes stream to storage; over 25 MB or the quota, nothing is kept (a 413).
     */
    async upload(
      viewer: Viewer & { name: string; avatarUrl: string | null },
      productId: string,
      read: () => Promise<{ filename: string; stream: Readable; declaredBytes?: number | undefined }>,
      taskId: string | null = null,
    ): Promise<ProductDocument> {
      await product(viewer, productId, true);
      const file = await read();
      const name = displayName(file.filename);
      const sniffer = typeSniffer();
      // Held from the first byte until the row counts the file (`keep`), or it is refused.
      const room = quota.forUpload(viewer);
      try {
        const { name: key, size } = await receiveUpload(storage, file.stream, {
          area: AREA,
          maxBytes: DOCUMENT_MAX_BYTES,
          tooLarge: () => new AppError(413, 'FILE_TOO_LARGE', documentMessages.fileTooLarge),
          empty: () => BadRequest(documentMessages.fileEmpty, 'FILE_EMPTY'),
          quota: room,
          declaredBytes: file.declaredBytes,
          nameFor: async (sample) => newFileName(await sniffer.fromSample(sample)),
          observe: sniffer.observe,
        });
        const type = sniffer.type();
        try {
          const row = await db.transaction(async (tx) => {
            const inserted = await documents.insert(
              {
                productId,
                name,
                contentType: type.mime,
                size,
                storageKey: key,
                uploadedBy: viewer.id,
                taskId,
              },
              (documentId) => ({
                description: `Uploaded "${name}"`,
                metadata: { documentId, size },
                performedBy: viewer.id,
                taskId,
              }),
              tx,
            );
            // The row counts the file from this commit on; its reservation goes in the same one.
            await room.keep(tx);
            return inserted;
          });
          changes.publish({
            kind: 'document',
            op: 'created',
            id: row.id,
            productId,
            version: versionOf(row),
          });
          return toDocument({
            document: row,
            uploader: { id: viewer.id, name: viewer.name, avatarUrl: viewer.avatarUrl },
          });
        } catch (err) {
          await storage.remove(AREA, key).catch((e) => log.error({ err: e, key }, 'orphan document file'));
          throw err;
        }
      } finally {
        await room.release();
      }
    },

    /** The row and a stream of its bytes, for a download. */
    async file(viewer: Viewer, productId: string, documentId: string) {
      await product(viewer, productId);
      const found = await documents.find(productId, documentId);
      if (!found) throw DocumentNotFound();
      const stored = await storage.read(AREA, found.document.storageKey);
      if (!stored) {
        log.error({ documentId, key: found.document.storageKey }, 'document file missing');
        throw DocumentNotFound();
      }
      return { document: found.document, ...stored };
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
