import type { CalendarTaskList, EventList } from '@shipyard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';

type CalendarLegendProps = {
  events: UseQueryResult<EventList>;
  tasks: UseQueryResult<CalendarTaskList>;
  showTasks: boolean;
};

/** What the marks mean, and what the calendar could not load or left out. */
export function CalendarLegend({ events, tasks, showTasks }: CalendarLegendProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 text-muted-foreground text-xs">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-primary dark:bg-ring" />
          {t('Events')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-[6px] rotate-45 rounded-[1px] bg-amber-500 dark:bg-amber-400"
          />
          {t('Product target dates')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-[6px] rounded-[1px] bg-muted-foreground" />
          {t('Tasks (product colour)')}
        </span>
      </div>
      {events.isError && !events.data ? (
        <p role="alert" className="text-destructive text-xs">
          {t('Failed to load events: {{message}}', { message: getErrorMessage(events.error) })}
        </p>
      ) : null}
      {showTasks && tasks.isError && !tasks.data ? (
        <p role="alert" className="text-destructive text-xs">
          {t('Failed to load tasks: {{message}}', { message: getErrorMessage(tasks.error) })}
        </p>
      ) : null}
      {showTasks && tasks.data?.hasMore ? (
        <p className="text-muted-foreground text-xs">
          {t('Showing the first {{count}} tasks of this month: filter by product to see the rest.', {
            count: tasks.data.data.length,
          })}
        </p>
      ) : null}
    </>
  );
}
