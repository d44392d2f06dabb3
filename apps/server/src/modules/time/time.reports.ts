import {
  daysOfIsoWeek,
  formatElapsed,
  isAdmin,
  isoWeekOf,
  mondayOfIsoWeek,
  type TaskListTime,
  type TaskQuery,
  TIME_REPORT_MAX_DAYS,
  type TimeReport,
  type TimeReportQuery,
  type Timesheet,
  type TimesheetQuery,
  timeMessages,
} from '@shipyard/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CsvColumn, csvChunks } from '../../lib/csv.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import type { EntryWithTask, TimeRepository } from './time.repository.ts';

// A person's week (the timesheet) and a product's period (the time report), as JSON and as CSV
// (issue 31). Both read through the viewer's visibility now: a task the viewer no longer sees, or
// one in the trash, is left out of both.

/** Entries a CSV holds at most (a week of one person, a report's period). */
const TIME_CSV_ROWS_MAX = 20_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const today = (clock: Clock) => clock.now().toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const fieldError = (field: string, message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { [field]: [message] } });

/** The CSV of entries: one row each, its hours as a number a spreadsheet sums, and as h:mm:ss. */
const entryColumns: CsvColumn<EntryWithTask>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Person', value: (r) => r.authorName ?? 'Deleted user' },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Task key', value: (r) => r.taskKey },
  { header: 'Task', value: (r) => r.taskTitle },
  { header: 'Hours', value: (r) => Math.round(((r.seconds ?? 0) / 3600) * 100) / 100 },
  { header: 'Duration', value: (r) => formatElapsed(r.seconds ?? 0) },
  { header: 'Seconds', value: (r) => r.seconds ?? 0 },
  { header: 'Source', value: (r) => r.source },
  { header: 'Note', value: (r) => r.note },
];

async function* onePage<T>(rows: T[]) {
  yield rows;
}

type Deps = {
  db: Db;
  time: TimeRepository;
  clock: Clock;
  /** The ids of the tasks a list's query matches for the viewer (the tasks module's, app.tasks.matching). */
  matching: (viewer: Viewer, query: Partial<TaskQuery>) => Promise<SQL>;
};

export function createTimeReports({ db, time, clock, matching }: Deps) {
  /** Whose week, and which: the caller's own unless an admin names someone (403 otherwise). */
  async function weekOf(viewer: Viewer, query: TimesheetQuery) {
    const week = query.week ?? isoWeekOf(today(clock));
    const monday = mondayOfIsoWeek(week);
    if (!monday) throw fieldError('week', timeMessages.weekInvalid);
    const userId = query.userId ?? viewer.id;
    let name: string | undefined;
    if (userId !== viewer.id) {
      if (!isAdmin(viewer.role)) throw Forbidden(timeMessages.othersTimesheet, 'FORBIDDEN');
      name = await time.userName(userId);
      if (name === undefined) throw NotFound(timeMessages.userNotFound, 'USER_NOT_FOUND');
    } else name = await time.userName(userId);
    return { week, days: daysOfIsoWeek(monday), user: { id: userId, name: name ?? '' } };
  }

  /** A report's period: `to` today by default, `from` the 30 days ending at `to`; both counted. */
  function periodOf(query: TimeReportQuery) {
    const to = query.to ?? today(clock);
    const from = query.from ?? addDays(to, -29);
    if (from > to) throw fieldError('from', timeMessages.periodOrder);
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > TIME_REPORT_MAX_DAYS) {
      throw fieldError('from', timeMessages.periodTooLong);
    }
    return { from, to };
  }

  return {
    async timesheet(viewer: Viewer, query: TimesheetQuery): Promise<Timesheet> {
      const { week, days, user } = await weekOf(viewer, query);
      const first = days[0] ?? '';
      const last = days[6] ?? '';
      const entries = await time.entriesOfPerson(viewer, user.id, first, last, TIME_CSV_ROWS_MAX);
      const rows = new Map<string, Timesheet['rows'][number]>();
      const dayTotals = days.map(() => 0);
      for (const e of entries) {
        const i = days.indexOf(e.date);
        const seconds = e.seconds ?? 0;
        let row = rows.get(e.taskId);
        if (!row) {
          row = {
            task: { id: e.taskId, key: e.taskKey, title: e.taskTitle, projectId: e.productId },
            productName: e.productName,
            days: days.map(() => 0),
            totalSeconds: 0,
          };
          rows.set(e.taskId, row);
        }
        if (i >= 0) {
          row.days[i] = (row.days[i] ?? 0) + seconds;
          dayTotals[i] = (dayTotals[i] ?? 0) + seconds;
        }
        row.totalSeconds += seconds;
      }
      const sorted = [...rows.values()].sort(
        (a, b) => a.productName.localeCompare(b.productName) || a.task.key.localeCompare(b.task.key),
      );
      return {
        week,
        days,
        user,
        rows: sorted,
        dayTotals,
        totalSeconds: dayTotals.reduce((a, b) => a + b, 0),
      };
    },

    async timesheetCsv(viewer: Viewer, query: TimesheetQuery) {
      const { week, days, user } = await weekOf(viewer, query);
      const rows = await time.entriesOfPerson(
        viewer,
        user.id,
        days[0] ?? '',
        days[6] ?? '',
        TIME_CSV_ROWS_MAX,
      );
      return { week, total: rows.length, chunks: csvChunks(entryColumns, onePage(rows)) };
    },

    async report(viewer: Viewer, productId: string, query: TimeReportQuery): Promise<TimeReport> {
      await findVisibleProduct(db, viewer, productId);
      const { from, to } = periodOf(query);
      const totals = await time.productTotals(productId, from, to);
      return {
        productId,
        from,
        to,
        totalSeconds: totals.period,
        allTimeSeconds: totals.allTime,
        people: totals.people.map((p) => ({
          user: p.userId ? { id: p.userId, name: p.name ?? '' } : null,
          seconds: p.seconds,
        })),
        tasks: totals.perTask.map((t) => ({
          task: { id: t.taskId, key: t.taskKey, title: t.taskTitle, projectId: productId },
          seconds: t.seconds,
          estimate: t.estimate,
        })),
      };
    },

    /**
     * The time logged on the tasks a list shows (/tasks, a saved view, a product's Tasks tab): its
     * query as GET /api/tasks/all takes it, read in the products the viewer sees now; a product
     * named that they do not see is a 404, as its list is.
     */
    async listTotal(viewer: Viewer, query: TaskQuery): Promise<TaskListTime> {
      if (query.productId) await findVisibleProduct(db, viewer, query.productId);
      return time.loggedOn(await matching(viewer, query));
    },

    async reportCsv(viewer: Viewer, productId: string, query: TimeReportQuery) {
      await findVisibleProduct(db, viewer, productId);
      const { from, to } = periodOf(query);
      const rows = await time.entriesOfProduct(productId, from, to, TIME_CSV_ROWS_MAX);
      return { from, to, total: rows.length, chunks: csvChunks(entryColumns, onePage(rows)) };
    },
  };
}

export type TimeReports = ReturnType<typeof createTimeReports>;
