import {
  SCHEDULE_GROUPS,
  SCHEDULE_ZOOMS,
  type ScheduleGroup,
  type ScheduleTask,
  type ScheduleZoom,
} from '@shipyard/shared';
import { ChartGanttIcon, RouteIcon } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useIsMobile } from '../../../hooks/use-mobile.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { useMoveTaskDates } from '../api/move-task.ts';
import { describeDates } from './gantt-bar.tsx';
import { GanttChart } from './gantt-chart.tsx';
import { criticalPath, rowsOf, scaleFor } from './gantt-layout.ts';
import { ScheduleList } from './schedule-list.tsx';

const zoomLabels: Record<ScheduleZoom, string> = { day: k('Days'), week: k('Weeks'), month: k('Months') };
const groupLabels: Record<Exclude<ScheduleGroup, 'none'>, string> = {
  state: k('By state'),
  assignee: k('By assignee'),
  team: k('By team'),
};

const DEFAULTS = { zoom: 'week', group: '', critical: '', shift: '1' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A product's schedule tab (issue 31): its tasks as bars from start to due date, the tasks they block
 * joined by arrows, a today line; zoom, grouping and the critical path in the URL. Who may edit
 * the product's tasks drags bars (or moves them by keyboard); the tasks a moved one blocks move with it.
 */
export function ScheduleTab({
  productId,
  readOnly,
  today = new Date(),
}: {
  productId: string;
  readOnly: boolean;
  today?: Date;
}) {
  const { values, set } = useUrlState(DEFAULTS);
  const zoom = oneOf(SCHEDULE_ZOOMS, values.zoom, 'week');
  const group = oneOf(SCHEDULE_GROUPS, values.group, 'none');
  const showCritical = values.critical === '1';
  const shift = values.shift !== '0';
  const todayDay = dayOf(today);
  const schedule = useSchedule(productId);
  const move = useMoveTaskDates();
  const isMobile = useIsMobile();
  const helpId = useId();
  const [announcement, setAnnouncement] = useState('');
  const data = schedule.data;
  const editable = Boolean(data?.canEdit) && !readOnly && !isMobile;

  const rows = useMemo(() => (data ? rowsOf(data.tasks, group, data.states) : []), [data, group]);
  const scale = useMemo(() => scaleFor(data?.tasks ?? [], zoom, todayDay), [data?.tasks, zoom, todayDay]);
  const critical = useMemo(
    () => (showCritical && data ? criticalPath(data.tasks, data.links) : null),
    [showCritical, data],
  );

  const mutate = move.mutate;
  const onMove = useCallback(
    (task: ScheduleTask, dates: { startDate: string | null; dueDate: string | null }) => {
      const description = `${task.key} ${task.title}: ${describeDates(dates)}`;
      setAnnouncement(`${t('Task moved')}: ${description}`);
      mutate({
        productId,
        taskId: task.id,
        dates,
        shiftBlocked: shift,
        previous: { startDate: task.startDate, dueDate: task.dueDate },
        title: t('Task moved'),
        description,
      });
    },
    [mutate, productId, shift],
  );
  const onScheduleToday = useCallback(
    (task: ScheduleTask) => onMove(task, { startDate: todayDay, dueDate: todayDay }),
    [onMove, todayDay],
  );

  if (schedule.isPending)
    return (
      <div className="grid gap-2" data-testid="schedule-loading">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  if (schedule.isError || !data)
    return (
      <ErrorState
        title={t('Could not load the schedule')}
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  if (data.tasks.length === 0)
    return (
      <EmptyState
        icon={ChartGanttIcon}
        title={t('No tasks to schedule')}
        description={t('Tasks of this product show here as bars from their start to their due date.')}
      />
    );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <OptionSelect
          aria-label={t('Group by')}
          className="w-full sm:w-44"
          value={group === 'none' ? '' : group}
          onValueChange={(next) => set({ group: next })}
          allLabel={t('No grouping')}
          options={(['state', 'assignee', 'team'] as const).map((g) => ({
            value: g,
            label: t(groupLabels[g]),
          }))}
        />
        {isMobile ? null : (
          <>
            <fieldset className="flex rounded-md border p-0.5">
              <legend className="sr-only">{t('Zoom')}</legend>
              {SCHEDULE_ZOOMS.map((z) => (
                <Button
                  key={z}
                  size="sm"
                  variant={zoom === z ? 'secondary' : 'ghost'}
                  aria-pressed={zoom === z}
                  onClick={() => set({ zoom: z })}
                >
                  {t(zoomLabels[z])}
                </Button>
              ))}
            </fieldset>
            <Button
              size="sm"
              variant={showCritical ? 'secondary' : 'outline'}
              aria-pressed={showCritical}
              onClick={() => set({ critical: showCritical ? '' : '1' })}
            >
              <RouteIcon aria-hidden="true" />
              {t('Critical path')}
            </Button>
            {editable ? (
              // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox inside is the control
              <label className="ms-auto flex items-center gap-2 text-sm">
                <Checkbox checked={shift} onCheckedChange={(on) => set({ shift: on === true ? '1' : '0' })} />
                {t('Move blocked tasks too')}
              </label>
            ) : null}
          </>
        )}
      </div>
      {editable ? (
        <p id={helpId} className="text-muted-foreground text-xs">
          {t(
            'Drag a bar to move a task, its ends to change its start or due date. By keyboard: arrows move a day, Shift+arrows a week, Alt+arrows the end; Enter saves, Escape cancels.',
          )}
        </p>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {isMobile ? (
        <ScheduleList rows={rows} links={data.links} />
      ) : (
        <GanttChart
          rows={rows}
          links={data.links}
          scale={scale}
          zoom={zoom}
          today={todayDay}
          editable={editable}
          critical={critical}
          helpId={helpId}
          onMove={onMove}
          onScheduleToday={onScheduleToday}
          announce={setAnnouncement}
        />
      )}
      {data.hasMore ? (
        <p className="text-muted-foreground text-xs">
          {t('Only the first {{shown}} tasks are shown.', { shown: data.tasks.length })}
        </p>
      ) : null}
    </div>
  );
}
