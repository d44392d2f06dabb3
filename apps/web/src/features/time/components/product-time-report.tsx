import { formatDuration, timeMessages } from '@shipyard/shared';
import { TimerIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { localDay, timeReportPath, useTimeReport } from '../api/time.ts';

const daysBefore = (day: string, n: number) => {
  const at = new Date(`${day}T12:00:00`);
  at.setDate(at.getDate() - n);
  return localDay(at);
};

/** A bar of `seconds` against the biggest of its list. */
function Share({ seconds, most }: { seconds: number; most: number }) {
  return (
    <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
      <div
        className="h-full rounded-full bg-primary"
        style={{ width: `${most > 0 ? (seconds / most) * 100 : 0}%` }}
      />
    </div>
  );
}

/**
 * A product's time report (issue 31): the time logged over a period (the last 30 days by default),
 * per person and per task against its estimate, and its entries as CSV.
 */
export function ProductTimeReport({ productId }: { productId: string }) {
  const today = localDay();
  const [period, setPeriod] = useState({ from: daysBefore(today, 29), to: today });
  const valid = period.from !== '' && period.to !== '' && period.from <= period.to;
  // While a date is half typed or the wrong way round, the last good period stays shown.
  const lastValid = useRef(period);
  if (valid) lastValid.current = period;
  const shown = lastValid.current;
  const report = useTimeReport(productId, shown.from, shown.to);

  const mostByPerson = Math.max(0, ...(report.data?.people.map((p) => p.seconds) ?? []));
  const mostByTask = Math.max(0, ...(report.data?.tasks.map((p) => p.seconds) ?? []));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DateRangeFields
          id="time-report"
          from={period.from}
          to={period.to}
          max={today}
          onChange={(change) => setPeriod((p) => ({ ...p, ...change }))}
          errorId={valid ? undefined : 'time-report-period-error'}
          className="flex flex-wrap items-end gap-3"
          inputClassName="w-40"
        />
        <ExportCsvButton
          path={timeReportPath(productId, shown.from, shown.to, true)}
          fileName={`shipyard-time-${shown.from}-to-${shown.to}.csv`}
          className="ms-auto"
        />
      </div>
      {!valid ? (
        <p id="time-report-period-error" className="text-destructive text-sm">
          {t(timeMessages.periodOrder)}
        </p>
      ) : null}
      {report.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : report.isError ? (
        <ErrorState
          title={t(timeMessages.loadFailed)}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-xs">{t('In this period')}</dt>
              <dd className="font-semibold text-xl tabular-nums">
                {formatDuration(report.data.totalSeconds)}
              </dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-xs">{t('All time')}</dt>
              <dd className="font-semibold text-xl tabular-nums">
                {formatDuration(report.data.allTimeSeconds)}
              </dd>
            </div>
          </dl>
          {report.data.tasks.length === 0 ? (
            <EmptyState
              icon={TimerIcon}
              title={t('No time logged in this period')}
              description={t('Time logged on this product’s tasks shows here.')}
              className="rounded-lg border"
            />
          ) : (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              <section aria-labelledby="time-by-person" className="grid content-start gap-2">
                <h3 id="time-by-person" className="font-medium text-sm">
                  {t('By person')}
                </h3>
                <ul className="grid gap-2 text-sm">
                  {report.data.people.map((p) => (
                    <li key={p.user?.id ?? 'deleted'} className="grid gap-1">
                      <span className="flex justify-between gap-2">
                        <span className="truncate">{p.user?.name ?? t('Deleted user')}</span>
                        <span className="tabular-nums">{formatDuration(p.seconds)}</span>
                      </span>
                      <Share seconds={p.seconds} most={mostByPerson} />
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="time-by-task" className="grid content-start gap-2">
                <h3 id="time-by-task" className="font-medium text-sm">
                  {t('By task')}
                </h3>
                <ul className="grid gap-2 text-sm">
                  {report.data.tasks.map((row) => (
                    <li key={row.task.id} className="grid gap-1">
                      <span className="flex items-baseline gap-2">
                        <Link
                          to={paths.task(row.task.key || row.task.id)}
                          className="flex min-w-0 flex-1 items-baseline gap-2 rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        >
                          <span className="shrink-0 font-mono text-muted-foreground text-xs">
                            {row.task.key}
                          </span>
                          <span className="truncate">{row.task.title}</span>
                        </Link>
                        {row.estimate ? (
                          <span className="shrink-0 text-muted-foreground text-xs">
                            {t('est. {{estimate}}', { estimate: row.estimate })}
                          </span>
                        ) : null}
                        <span className="shrink-0 tabular-nums">{formatDuration(row.seconds)}</span>
                      </span>
                      <Share seconds={row.seconds} most={mostByTask} />
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}
