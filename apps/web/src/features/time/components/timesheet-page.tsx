import { formatDuration, isoWeekOf, mondayOfIsoWeek, shiftIsoWeek, timeMessages } from '@shipyard/shared';
import { ChevronLeftIcon, ChevronRightIcon, TimerIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { localDay, timesheetPath, usePeople, useTimesheet } from '../api/time.ts';

const dayHeading = (day: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const rangeText = (first: string, last: string) =>
  new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`));
/** The task column stays in view while a phone scrolls the days sideways. */
const taskColumn = 'sticky start-0 z-[1] w-44 min-w-44 max-w-44 sm:w-[40%] sm:max-w-0';
/** A cell's time: blank for none, so the week's shape shows. */
const cell = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : '');

/**
 * One's timesheet (issue 31): the tasks of an ISO week × its days, with each day's and each task's
 * totals; the previous and next weeks; the week's entries as CSV. The week is in the URL (?week=);
 * an admin may open someone else's (?user=).
 */
export function TimesheetPage({ viewerId, canSeeOthers }: { viewerId: string; canSeeOthers: boolean }) {
  const [params, setParams] = useSearchParams();
  const thisWeek = isoWeekOf(localDay());
  const asked = params.get('week') ?? '';
  const week = mondayOfIsoWeek(asked) ? asked : thisWeek;
  const userId = canSeeOthers ? (params.get('user') ?? '') : '';
  const sheet = useTimesheet(week, userId);
  const people = usePeople(canSeeOthers);
  const go = (next: string, person = userId) =>
    setParams({ ...(next === thisWeek ? {} : { week: next }), ...(person ? { user: person } : {}) });
  const monday = mondayOfIsoWeek(week) ?? localDay();
  const today = localDay();

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('Timesheet')}
        description={
          userId && sheet.data
            ? t('Time {{name}} logged, week by week.', { name: sheet.data.user.name })
            : t('Time you logged, week by week.')
        }
        actions={
          <>
            {canSeeOthers ? (
              <OptionSelect
                aria-label={t('Person')}
                className="w-48"
                value={userId || viewerId}
                onValueChange={(person) => go(week, person === viewerId ? '' : person)}
                options={people.data ?? [{ value: viewerId, label: sheet.data?.user.name ?? '' }]}
              />
            ) : null}
            <ExportCsvButton
              path={timesheetPath(week, userId, true)}
              fileName={`shipyard-timesheet-${week}.csv`}
            />
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('Previous week')}
          onClick={() => go(shiftIsoWeek(week, -1))}
        >
          <ChevronLeftIcon className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('Next week')}
          onClick={() => go(shiftIsoWeek(week, 1))}
        >
          <ChevronRightIcon className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        <h2 className="font-medium text-sm" aria-live="polite">
          {sheet.data ? rangeText(sheet.data.days[0] ?? monday, sheet.data.days[6] ?? monday) : week}
        </h2>
        {week !== thisWeek ? (
          <Button variant="ghost" size="sm" onClick={() => go(thisWeek)}>
            {t('This week')}
          </Button>
        ) : null}
        {sheet.data ? (
          <span className="ms-auto text-muted-foreground text-sm tabular-nums">
            {t('{{total}} this week', { total: formatDuration(sheet.data.totalSeconds) })}
          </span>
        ) : null}
      </div>
      {sheet.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : sheet.isError ? (
        <ErrorState
          title={t(timeMessages.loadFailed)}
          error={sheet.error}
          onRetry={() => void sheet.refetch()}
          retrying={sheet.isFetching}
        />
      ) : sheet.data.rows.length === 0 ? (
        <EmptyState
          icon={TimerIcon}
          title={t('No time logged this week')}
          description={t('Start a timer or log time on a task’s page.')}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.tasks()}>{t('Go to tasks')}</Link>
            </Button>
          }
          className="rounded-lg border"
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[50rem] border-collapse text-sm">
            <caption className="sr-only">{t('Timesheet')}</caption>
            <thead className="bg-muted text-muted-foreground text-xs">
              <tr>
                <th scope="col" className={cn(taskColumn, 'bg-muted px-3 py-2 text-start font-medium')}>
                  {t('Task')}
                </th>
                {sheet.data.days.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    className={cn('w-20 px-2 py-2 text-end font-medium', day === today && 'text-foreground')}
                  >
                    {dayHeading(day)}
                  </th>
                ))}
                <th scope="col" className="w-20 px-3 py-2 text-end font-medium">
                  {t('Total')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {sheet.data.rows.map((row) => (
                <tr key={row.task.id}>
                  <th
                    scope="row"
                    className={cn(taskColumn, 'bg-background px-3 py-2 text-start font-normal')}
                  >
                    <Link
                      to={paths.task(row.task.key || row.task.id)}
                      className="flex min-w-0 items-baseline gap-2 rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      <span className="shrink-0 font-mono text-muted-foreground text-xs">{row.task.key}</span>
                      <span className="truncate">{row.task.title}</span>
                    </Link>
                    <span className="block truncate text-muted-foreground text-xs">{row.productName}</span>
                  </th>
                  {row.days.map((seconds, i) => (
                    <td key={sheet.data.days[i]} className="px-2 py-2 text-end tabular-nums">
                      {cell(seconds)}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-end font-medium tabular-nums">
                    {formatDuration(row.totalSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t bg-muted font-medium">
              <tr>
                <th scope="row" className={cn(taskColumn, 'bg-muted px-3 py-2 text-start')}>
                  {t('Total')}
                </th>
                {sheet.data.dayTotals.map((seconds, i) => (
                  <td key={sheet.data.days[i]} className="px-2 py-2 text-end tabular-nums">
                    {cell(seconds)}
                  </td>
                ))}
                <td className="px-3 py-2 text-end tabular-nums">{formatDuration(sheet.data.totalSeconds)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
