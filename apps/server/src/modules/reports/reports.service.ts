import {
  isSuperAdmin,
  PRODUCT_STATUSES,
  periodDays,
  REPORT_TYPE_LABELS,
  type Report,
  type ReportColumn,
  type ReportPeriod,
  type ReportQuery,
  type ReportRow,
  type ReportSummaryItem,
  type ReportType,
  type ReportValue,
  type Role,
  reportFileName,
  reportMessages,
  resolveReportPeriod,
} from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden } from '../../lib/errors.ts';
import { toCsv } from './reports.csv.ts';
import type { ReportsRepository, Window } from './reports.repository.ts';

// The four reports of spec §2.14, computed from the data (ARCHITECTURE §5). The repository
// answers the figures in one statement per report; here they become the shape the three tabs and
// the CSV read: summary cards, a table (whose columns are the CSV's) and charts.

/** Bars a chart shows at most; the table has them all. */
const CHART_TOP = 10;

type Body = Omit<Report, 'type' | 'title' | 'from' | 'to' | 'generatedAt'>;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** One decimal, as a number: 12.857 → 12.9. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const ratio = (a: number, b: number) => (b > 0 ? oneDecimal(a / b) : null);
const col = (key: string, label: string, kind: ReportColumn['kind'] = 'number'): ReportColumn => ({
  key,
  label,
  kind,
});
const item = (
  key: string,
  label: string,
  value: ReportValue,
  kind: ReportSummaryItem['kind'] = 'number',
): ReportSummaryItem => ({ key, label, value, kind });
const table = (columns: ReportColumn[], rows: ReportRow[], totalRows: number) => ({
  columns,
  rows,
  truncated: totalRows > rows.length,
});
/** The first `n` of `list` by `score`, highest first, keeping the list's order among equals. */
const top = <T>(list: T[], score: (x: T) => number, n = CHART_TOP) =>
  list
    .map((x, i) => ({ x, i }))
    .sort((a, b) => score(b.x) - score(a.x) || a.i - b.i)
    .slice(0, n)
    .map(({ x }) => x);

export function createReportsService({ reports, clock }: { reports: ReportsRepository; clock: Clock }) {
  const builders: Record<ReportType, (w: Window) => Promise<Body>> = {
    async 'project-status'(w) {
      const { summary: s, rows, total_rows } = await reports.projectStatus(w);
      const byStatus = s.by_status ?? {};
      return {
        summary: [
          item('products', 'Products', s.products),
          ...PRODUCT_STATUSES.map((status) => item(status, capitalise(status), s[status])),
          item('averageProgress', 'Average progress', s.average_progress, 'percent'),
          item('openTasks', 'Open tasks', s.open_tasks),
          item('overdueTasks', 'Overdue tasks', s.overdue_tasks),
          item('completedInPeriod', 'Tasks completed in period', s.completed_in_period),
          item('pastTarget', 'Products past target', s.past_target),
        ],
        table: table(
          [
            col('product', 'Product', 'text'),
            col('status', 'Status', 'text'),
            col('priority', 'Priority', 'text'),
            col('progress', 'Progress', 'percent'),
            col('tasks', 'Tasks'),
            col('openTasks', 'Open tasks'),
            col('completedTasks', 'Completed tasks'),
            col('completedInPeriod', 'Completed in period'),
            col('overdueTasks', 'Overdue tasks'),
            col('targetEndDate', 'Target end date', 'date'),
            col('pastTarget', 'Past target', 'text'),
          ],
          rows.map((r) => ({
            product: r.name,
            status: capitalise(r.status),
            priority: capitalise(r.priority),
            progress: r.progress,
            tasks: r.tasks,
            openTasks: r.open_tasks,
            completedTasks: r.completed_tasks,
            completedInPeriod: r.completed_in_period,
            overdueTasks: r.overdue_tasks,
            targetEndDate: r.target_end_date,
            pastTarget: r.past_target ? 'Yes' : 'No',
          })),
          total_rows,
        ),
        charts: [
          {
            key: 'products-by-status',
            kind: 'pie',
            title: 'Products by status',
            categoryKey: 'status',
            categoryLabel: 'Status',
            series: [{ key: 'products', label: 'Products', tone: 'accent' }],
            data: PRODUCT_STATUSES.map((status) => ({
              status: capitalise(status),
              products: s[status],
              tone: status,
            })),
          },
          {
            key: 'tasks-by-status',
            kind: 'stacked-bar',
            title: 'Tasks by product status',
            categoryKey: 'status',
            categoryLabel: 'Product status',
            series: [
              { key: 'completed', label: 'Completed', tone: 'completed' },
              { key: 'open', label: 'Open', tone: 'open' },
              { key: 'overdue', label: 'Overdue', tone: 'overdue' },
            ],
            data: PRODUCT_STATUSES.map((status) => ({
              status: capitalise(status),
              completed: byStatus[status]?.completed ?? 0,
              open: byStatus[status]?.open ?? 0,
              overdue: byStatus[status]?.overdue ?? 0,
            })),
          },
        ],
      };
    },

    async 'team-productivity'(w) {
      const { summary: s, rows, weeks, total_rows } = await reports.teamProductivity(w);
      const label = (r: (typeof rows)[number]) =>
        r.scope === 'team'
          ? r.name === null
            ? 'No team'
            : `${r.name} (${r.product})`
          : (r.name ?? 'Unassigned');
      const named = (scope: 'team' | 'person') =>
        rows.filter((r) => r.scope === scope && r.name !== null && r.completed > 0);
      const best = (scope: 'team' | 'person') => {
        const first = top(named(scope), (r) => r.completed, 1)[0];
        return first ? label(first) : null;
      };
      const teamRows = named('team');
      const personRows = named('person');
      return {
        summary: [
          item('completed', 'Tasks completed', s.completed),
          item('perWeek', 'Completed per week', ratio(s.completed, periodDays(w.from, w.to) / 7)),
          item('open', 'Open tasks', s.open),
          item('contributors', 'People who completed tasks', s.contributors),
          item('teamsCompleting', 'Teams that completed tasks', s.teams_completing),
          item('topTeam', 'Most completed (team)', best('team'), 'text'),
          item('topPerson', 'Most completed (person)', best('person'), 'text'),
        ],
        table: table(
          [
            col('scope', 'Scope', 'text'),
            col('name', 'Name', 'text'),
            col('product', 'Product', 'text'),
            col('email', 'Email', 'text'),
            col('completed', 'Completed in period'),
            col('open', 'Open tasks'),
          ],
          rows.map((r) => ({
            scope: r.scope === 'team' ? 'Team' : 'Person',
            name: r.name ?? (r.scope === 'team' ? 'No team' : 'Unassigned'),
            product: r.product,
            email: r.email,
            completed: r.completed,
            open: r.open,
          })),
          total_rows,
        ),
        charts: [
          {
            key: 'completed-per-week',
            kind: 'line',
            title: 'Tasks completed per week',
            categoryKey: 'week',
            categoryLabel: 'Week of',
            series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
            data: weeks.map((x) => ({ week: x.week, completed: x.completed })),
          },
          {
            key: 'completed-by-team',
            kind: 'bar',
            title: 'Completed and open tasks by team',
            categoryKey: 'team',
            categoryLabel: 'Team',
            series: [
              { key: 'completed', label: 'Completed in period', tone: 'completed' },
              { key: 'open', label: 'Open', tone: 'open' },
            ],
            data: top(teamRows, (r) => r.completed).map((r) => ({
              team: label(r),
              completed: r.completed,
              open: r.open,
            })),
          },
          {
            key: 'completed-by-person',
            kind: 'bar',
            title: 'Completed and open tasks by person',
            categoryKey: 'person',
            categoryLabel: 'Person',
            series: [
              { key: 'completed', label: 'Completed in period', tone: 'completed' },
              { key: 'open', label: 'Open', tone: 'open' },
            ],
            data: top(personRows, (r) => r.completed).map((r) => ({
              person: label(r),
              completed: r.completed,
              open: r.open,
            })),
          },
        ],
      };
    },

    async 'milestone-analysis'(w) {
      const { summary: s, rows, total_rows } = await reports.milestoneAnalysis(w);
      const decided = s.met + s.missed;
      return {
        summary: [
          item('milestones', 'Milestones', s.milestones),
          item('met', 'Met', s.met),
          item('missed', 'Missed', s.missed),
          item('upcoming', 'Upcoming', s.upcoming),
          item(
            'onTimeRate',
            'On-time rate',
            decided > 0 ? Math.round((100 * s.met) / decided) : null,
            'percent',
          ),
          item('averageDaysLate', 'Average days late', s.average_days_late, 'days'),
          item('maxDaysLate', 'Most days late', s.max_days_late, 'days'),
        ],
        table: table(
          [
            col('product', 'Product', 'text'),
            col('status', 'Status', 'text'),
            col('targetEndDate', 'Target end date', 'date'),
            col('tasks', 'Tasks'),
            col('completedTasks', 'Completed tasks'),
            col('lastCompleted', 'Last task completed', 'date'),
            col('outcome', 'Outcome', 'text'),
            col('daysLate', 'Days late', 'days'),
          ],
          rows.map((r) => ({
            product: r.name,
            status: capitalise(r.status),
            targetEndDate: r.target_end_date,
            tasks: r.tasks,
            completedTasks: r.completed_tasks,
            lastCompleted: r.last_completed,
            outcome: capitalise(r.outcome),
            daysLate: r.days_late,
          })),
          total_rows,
        ),
        charts: [
          {
            key: 'outcomes',
            kind: 'pie',
            title: 'Milestones by outcome',
            categoryKey: 'outcome',
            categoryLabel: 'Outcome',
            series: [{ key: 'products', label: 'Products', tone: 'accent' }],
            data: (['met', 'missed', 'upcoming'] as const).map((outcome) => ({
              outcome: capitalise(outcome),
              products: s[outcome],
              tone: outcome,
            })),
          },
          {
            key: 'days-late',
            kind: 'bar',
            title: 'Days late by product',
            categoryKey: 'product',
            categoryLabel: 'Product',
            series: [{ key: 'daysLate', label: 'Days late', tone: 'missed' }],
            data: top(
              rows.filter((r) => r.outcome === 'missed'),
              (r) => r.days_late ?? 0,
            ).map((r) => ({ product: r.name, daysLate: r.days_late })),
          },
        ],
      };
    },

    async 'resource-allocation'() {
      const { summary: s, rows, total_rows } = await reports.resourceAllocation();
      const mapped = rows.map((r) => ({
        ...r,
        label: r.scope === 'team' ? `${r.name} (${r.product})` : r.name,
        perPerson: ratio(r.open_tasks, r.people),
      }));
      const teamRows = mapped.filter((r) => r.scope === 'team' && r.perPerson !== null);
      const busiest = top(teamRows, (r) => r.perPerson ?? 0, 1)[0];
      return {
        summary: [
          item('products', 'Products', s.products),
          item('teams', 'Teams', s.teams),
          item('people', 'Active people', s.people),
          item('openTasks', 'Open tasks', s.open_tasks),
          item('unassigned', 'Unassigned open tasks', s.unassigned),
          item('openPerPerson', 'Open tasks per person', ratio(s.open_tasks, s.people)),
          item('busiestTeam', 'Most open tasks per person (team)', busiest ? busiest.label : null, 'text'),
        ],
        table: table(
          [
            col('scope', 'Scope', 'text'),
            col('name', 'Name', 'text'),
            col('product', 'Product', 'text'),
            col('people', 'Active people'),
            col('openTasks', 'Open tasks'),
            col('openPerPerson', 'Open tasks per person'),
            col('unassigned', 'Unassigned open tasks'),
          ],
          mapped.map((r) => ({
            scope: r.scope === 'team' ? 'Team' : 'Product',
            name: r.name,
            product: r.product,
            people: r.people,
            openTasks: r.open_tasks,
            openPerPerson: r.perPerson,
            unassigned: r.unassigned,
          })),
          total_rows,
        ),
        charts: [
          {
            key: 'open-by-product',
            kind: 'stacked-bar',
            title: 'Open tasks by product',
            categoryKey: 'product',
            categoryLabel: 'Product',
            series: [
              { key: 'assigned', label: 'Assigned', tone: 'open' },
              { key: 'unassigned', label: 'Unassigned', tone: 'unassigned' },
            ],
            data: top(
              mapped.filter((r) => r.scope === 'product' && r.open_tasks > 0),
              (r) => r.open_tasks,
            ).map((r) => ({
              product: r.name,
              assigned: r.open_tasks - r.unassigned,
              unassigned: r.unassigned,
            })),
          },
          {
            key: 'open-per-person-by-team',
            kind: 'bar',
            title: 'Open tasks per person by team',
            categoryKey: 'team',
            categoryLabel: 'Team',
            series: [{ key: 'perPerson', label: 'Open tasks per person', tone: 'accent' }],
            data: top(teamRows, (r) => r.perPerson ?? 0).map((r) => ({
              team: r.label,
              perPerson: r.perPerson,
            })),
          },
        ],
      };
    },
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

  // Requests for the same report (type, period and day) that arrive while it is being computed
  // share that computation instead of queueing another: a report reads the whole task table
  // (about 20–70 ms of database CPU at 50,000 tasks), so a burst of identical requests (the
  // JSON and its CSV, several tabs, several admins) costs one query. Nothing is kept once it is
  // answered: the next request computes afresh. Per process; no state another process needs.
  const inFlight = new Map<string, Promise<Report>>();

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
    let pending = inFlight.get(key);
    if (!pending) {
      pending = compute(type, range, now).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
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
