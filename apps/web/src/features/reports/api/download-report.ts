import { reportFileName } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, errorMessages, messageFromErrorBody } from '../../../lib/api-client.ts';
import { type ReportParams, reportPath } from './get-report.ts';

/** The file name of `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…). */
export function attachmentFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started reading it (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * GET /reports/{type}.csv with the session cookie, saved under the server's file name. Fetched
 * rather than followed as a link, so that a failure can be told in a toast instead of a page.
 */
export async function downloadReport(params: ReportParams): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api${reportPath(params, 'csv')}`, {
      credentials: 'include',
      headers: { Accept: 'text/csv' },
    });
  } catch (error) {
    throw new ApiRequestError(errorMessages.noResponse, { status: 0, cause: error });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the generic server text.
    }
    throw new ApiRequestError(messageFromErrorBody(body), { status: response.status, body });
  }
  const fileName =
    attachmentFileName(response.headers.get('content-disposition')) ?? reportFileName(params.type, params);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
