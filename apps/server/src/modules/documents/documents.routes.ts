import {
  DOCUMENT_MAX_BYTES,
  DocumentSchema,
  documentMessages,
  PageQuerySchema,
  ProductIdParamsSchema,
} from '@shipyard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { attachment } from '../../lib/csv.ts';
import { BadRequest } from '../../lib/errors.ts';
import { declaredLength } from '../../lib/receive-upload.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import { uploadRateLimit } from '../../platform/uploads.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['documents'];

const DocumentParamsSchema = z.extend(ProductIdParamsSchema, {
  documentId: z.uuid(documentMessages.notFound),
});

export const DocumentListSchema = z.object({
  data: z.array(DocumentSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

export const documentsRoutes: FastifyPluginAsyncZod<{
  service: DocumentsService;
  uploadsPerHour: number;
}> = async (app, { service, uploadsPerHour }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/documents',
    {
      schema: {
        tags,
        summary: 'The files of a product, newest first',
        params: ProductIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: DocumentListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id, req.query.page, req.query.limit),
  );

  app.post(
    '/projects/:id/documents',
    {
      config: uploadRateLimit(uploadsPerHour),
      schema: {
        tags,
        summary:
          'Upload a file (any type, at most 25 MB) to a product as multipart field "file"; within the upload quota (413) and the uploads per hour (429) of the account',
        consumes: ['multipart/form-data'],
        params: ProductIdParamsSchema,
        response: { 201: DocumentSchema },
      },
    },
    async (req, reply) => {
      const document = await service.upload(currentUser(req), req.params.id, () => readDocument(req));
      return reply.status(201).send(document);
    },
  );

  app.get(
    '/projects/:id/documents/:documentId/download',
    {
      schema: {
        tags,
        summary: 'The file, as an attachment under its original name',
        params: DocumentParamsSchema,
      },
    },
    async (req, reply) => {
      const { document, size, body } = await service.file(
        currentUser(req),
        req.params.id,
        req.params.documentId,
      );
      return (
        reply
          .type(document.contentType)
          .header('content-length', size)
          .header('content-disposition', attachment(document.name))
          .header('x-content-type-options', 'nosniff')
          // Never rendered as a page of ours, even if a browser ignored `attachment`.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-cache')
          .send(body)
      );
    },
  );

  app.delete(
    '/projects/:id/documents/:documentId',
    {
      schema: {
        tags,
        summary: 'Delete a file of a product',
        params: DocumentParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id, req.params.documentId);
      return reply.status(204).send(null);
    },
  );
};

const missing = () => BadRequest(documentMessages.fileMissing, 'FILE_MISSING');

/**
 * The file part as a stream. The parser cuts it one byte past the limit, so the service sees
 * that it is too large, and a refused file is never read much further than that.
 */
export async function readDocument(req: FastifyRequest) {
  if (!req.isMultipart()) throw missing();
  const file = await req.file({
    limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1 },
    throwFileSizeLimit: false,
  });
  if (file?.fieldname !== 'file') throw missing();
  return { filename: file.filename, stream: file.file, declaredBytes: declaredLength(req) };
}
