import {
  isSuperAdmin,
  REPORT_TYPE_LABELS,
  type Report,
  type ReportPeriod,
  type ReportQuery,
  type ReportType,
  type Role,
  reportFileName,
  reportMessages,
  resolveReportPeriod,
} from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden } from '../../lib/errors.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { Body } from './reports.build.ts';
import { toCsv } from './reports.csv.ts';
import { milestoneAnalysisReport } from './reports.milestone-analysis.ts';
import { projectStatusReport } from './reports.project-status.ts';
import type { ReportsRepository, Window } from './reports.repository.ts';
import { resourceAllocationReport } from './reports.resource-allocation.ts';
import { teamProductivityReport } from './reports.team-productivity.ts';

// The four reports of spec §2.14, computed from the data (ARCHITECTURE §5). The repository
// answers the figures in one statement per report; one builder per report (reports.<type>.ts)
// turns them into the shape the three tabs and the CSV read: summary cards, a table (whose
// columns are the CSV's) and charts. Here: who may read them, the period, and the CSV.

export function createReportsService({
  reports,
  clock,
  cache,
}: {
  reports: ReportsRepository;
  clock: Clock;
  /** Reports shared between requests until a write may have changed them (lib/fresh-cache.ts). */
  cache: FreshCache;
}) {
  const builders: Record<ReportType, (w: Window) => Promise<Body>> = {
    'project-status': (w) => projectStatusReport(reports, w),
    'team-productivity': (w) => teamProductivityReport(reports, w),
    'milestone-analysis': (w) => milestoneAnalysisReport(reports, w),
    'resource-allocation': () => resourceAllocationReport(reports),
  };

  function authorize(viewer: { role: Role }) {
    if (!isSuperAdmin(viewer.role)) throw Forbidden(reportMessages.forbidden);
  }

  function period(query: ReportQuery, today: string): ReportPeriod {
    const resolved = resolveReportPeriod(query, today);
    if (!resolved.ok)
      throw BadRequest(resolved.message, 'VALIDATION_ERROR', {
        fields: { [resolved.field]: [resolved.message] },
      });
    return resolved.period;
  }

  // Every super admin reads the same report: requests for the same type, period and day share
  // one computation, running or done, while no write may have changed its figures (and for a
  // few seconds at most: generatedAt says when). A report reads the whole task table (about
  // 20–70 ms of database CPU at 50,000 tasks), so a burst of requests (the JSON and its CSV,
  // several tabs, several admins) costs one query. docs/decisions/018-analytics-speed.md.
  async function compute(type: ReportType, { from, to }: ReportPeriod, now: Date): Promise<Report> {
    const body = await builders[type]({ from, to, today: now.toISOString().slice(0, 10) });
    return { type, title: REPORT_TYPE_LABELS[type], from, to, generatedAt: now.toISOString(), ...body };
  }

  async function report(viewer: { role: Role }, type: ReportType, query: ReportQuery): Promise<Report> {
    authorize(viewer);
    const now = clock.now();
    const today = now.toISOString().slice(0, 10);
    const range = period(query, today);
    const key = `${type} ${range.from} ${range.to} ${today}`;
    return cache.get(key, () => compute(type, range, now));
  }

  return {
    /** Reports are for super admins only (spec §6). */
    authorize,
    report,

    /** The report's table as CSV, with the file name it downloads as. */
    async csv(viewer: { role: Role }, type: ReportType, query: ReportQuery) {
      const r = await report(viewer, type, query);
      return { fileName: reportFileName(type, r), body: toCsv(r.table.columns, r.table.rows) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
