import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----shipyard${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid PNG: 1×1, transparent. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** POSTs `data` as the form's `file` field to `url`, as `who` (an upload route's tests). */
export function postFile(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  url: string,
  data: Buffer,
  filename = 'notes.bin',
) {
  const body = multipartFile('file', filename, 'application/octet-stream', data);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}
