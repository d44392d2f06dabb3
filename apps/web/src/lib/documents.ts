import { DOCUMENT_MAX_BYTES } from '@shipyard/shared';
import { formatBytes } from './format.ts';

// What product documents and task files share on the web (both are documents on the server).

/** Why this file cannot be uploaded, or undefined when it may be sent (the server checks again). */
export function documentFileProblem(file: File): string | undefined {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > DOCUMENT_MAX_BYTES)
    return `${file.name} is larger than ${formatBytes(DOCUMENT_MAX_BYTES)}, the largest file a product can hold.`;
  return undefined;
}

/**
 * Where the browser downloads a document or a task file (same origin, so the session cookie goes
 * along): the product's document route serves both.
 */
export function documentDownloadUrl(productId: string, documentId: string): string {
  return `/api/projects/${encodeURIComponent(productId)}/documents/${encodeURIComponent(documentId)}/download`;
}
