import { ARCHIVE_ESTIMATE_HEADER } from '@shipyard/shared';
import { ApiRequestError, errorMessages, messageFromErrorBody } from '../../../lib/api-client.ts';
import { attachmentFileName } from '../../../lib/download.ts';

export type ExportProgress = { received: number; estimate: number | undefined };

/**
 * Downloads the workspace archive (POST /api/admin/workspace-archive), reporting the bytes
 * received as they stream in; answers the file as a Blob and the name the server gave it.
 */
export async function exportWorkspace(
  password: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch('/api/admin/workspace-archive', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ password }),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(errorMessages.noResponse, { status: 0, cause: error });
  }
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => undefined);
    throw new ApiRequestError(messageFromErrorBody(body), { status: response.status, body });
  }
  const estimate = Number(response.headers.get(ARCHIVE_ESTIMATE_HEADER)) || undefined;
  const filename =
    attachmentFileName(response.headers.get('content-disposition')) ?? 'shipyard-workspace.json';
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let received = 0;
  onProgress({ received, estimate });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress({ received, estimate });
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError('The download stopped before the archive was complete. Please try again.', {
      status: 0,
      cause: error,
    });
  }
  return { blob: new Blob(parts, { type: 'application/json' }), filename };
}
