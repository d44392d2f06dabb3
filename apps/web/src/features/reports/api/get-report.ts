import type { Report, ReportPeriod, ReportType } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type ReportParams = { type: ReportType } & ReportPeriod;

export const reportKeys = {
  all: queryRoots.reports,
  report: (params: ReportParams) => [...queryRoots.reports, params.type, params.from, params.to] as const,
};

/** The report's path: JSON, or with `.csv` its table as a download. */
export function reportPath({ type, from, to }: ReportParams, format: 'json' | 'csv' = 'json'): string {
  const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return `/reports/${encodeURIComponent(type)}${format === 'csv' ? '.csv' : ''}?${query}`;
}

/** GET /reports/{type}?from&to: the summary, table and charts of one report. */
function getReport(params: ReportParams, signal?: AbortSignal): Promise<Report> {
  return api.get<Report>(reportPath(params), { signal });
}

const reportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.report(params),
    queryFn: ({ signal }) => getReport(params, signal),
    // Figures move with the data: a report is fresh for a minute, then refetched on return.
    staleTime: 60_000,
  });

/** The report, or nothing while `params` is undefined (a custom period that is not valid yet). */
export function useReport(params: ReportParams | undefined) {
  return useQuery({
    ...reportQueryOptions(params ?? { type: 'project-status', from: '', to: '' }),
    enabled: params !== undefined,
    // The previous report stays on screen, dimmed, while another type or period loads.
    placeholderData: keepPreviousData,
  });
}
