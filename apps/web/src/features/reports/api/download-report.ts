import { reportFileName } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, errorMessages, messageFromErrorBody } from '../../../lib/api-client.ts';
import { attachmentFileName, saveBlob } from '../../../lib/download.ts';
import { type ReportParams, reportPath } from './get-report.ts';

/**
 * GET /reports/{type}.csv with the session cookie, saved under the server's file name. Fetched
 * rather than followed as a link, so that a failure can be told in a toast instead of a page.
 */
async function downloadReport(params: ReportParams): Promise<string> {
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
