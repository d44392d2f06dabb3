import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, errorMessages, messageFromErrorBody } from '../lib/api-client.ts';
import { attachmentFileName, saveBlob } from '../lib/download.ts';

// A list's CSV export (issue 20): fetched as a stream so that a large one shows its progress
// (rows received, out of `x-total-count` when the server sends it), then saved as a download
// under the server's file name. Fetched rather than followed as a link, so that a refusal
// (429, 403…) is told in a toast instead of a page.

export type CsvExportProgress = {
  /** Records received so far (the header not counted). */
  rows: number;
  /** How many the export holds, when the server said; otherwise the progress is indeterminate. */
  total: number | undefined;
};

export type CsvExportResult = { fileName: string; rows: number };

const LF = 0x0a;

/** Line feeds in a chunk: every CSV record ends with CRLF (a quoted line break counts too: close enough). */
function lineFeeds(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === LF) n++;
  return n;
}

async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the generic server text.
  }
  return new ApiRequestError(messageFromErrorBody(body), { status: response.status, body });
}

/** GET `/api${path}` read chunk by chunk, reporting progress; saved as `fallbackName` without a header name. */
async function downloadCsv(
  path: string,
  fallbackName: string,
  onProgress: (progress: CsvExportProgress) => void,
  signal?: AbortSignal,
): Promise<CsvExportResult> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'include',
      headers: { Accept: 'text/csv' },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(errorMessages.noResponse, { status: 0, cause: error });
  }
  if (!response.ok) throw await failure(response);
  const counted = Number(response.headers.get('x-total-count'));
  const total = response.headers.has('x-total-count') && Number.isFinite(counted) ? counted : undefined;
  const fileName = attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName;
  const parts: BlobPart[] = [];
  let lines = 0;
  onProgress({ rows: 0, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      lines += lineFeeds(value);
      onProgress({ rows: Math.max(0, lines - 1), total });
    }
  } else {
    const text = await response.text();
    parts.push(text);
    lines = text.split('\n').length - 1;
  }
  const rows = Math.max(0, lines - 1);
  saveBlob(new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName);
  return { fileName, rows };
}

/**
 * `start(path, fallbackName)` runs one export at a time; `progress` is set while it runs. An
 * export still running when the screen goes away is cancelled.
 */
export function useCsvExport() {
  const [progress, setProgress] = useState<CsvExportProgress | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (path: string, fallbackName: string) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setProgress({ rows: 0, total: undefined });
    try {
      return await downloadCsv(path, fallbackName, (p) => !own.signal.aborted && setProgress(p), own.signal);
    } finally {
      if (controller.current === own) {
        controller.current = undefined;
        setProgress(undefined);
      }
    }
  }, []);

  return { start, progress, exporting: progress !== undefined };
}
