import { canCreateProduct, PRODUCT_STATUSES, type Role, TEAM_TYPES } from '@shipyard/shared';
import { ChartGanttIcon, PlusIcon } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useIsMobile } from '../../../hooks/use-mobile.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useChangeDates } from '../api/change-dates.ts';
import { useRoadmap } from '../api/get-roadmap.ts';
import { RoadmapList } from './roadmap-list.tsx';
import type { RoadmapMove } from './roadmap-row.tsx';
import { RoadmapTimeline } from './roadmap-timeline.tsx';
import type { RoadmapRowExtras } from './row-extras.ts';
import { stageName, stageTones } from './stage-tones.ts';
import { scaleOf, windowFor, type Zoom } from './timeline-scale.ts';

const teamLabels: Record<(typeof TEAM_TYPES)[number], string> = {
  development: k('Development'),
  design: k('Design'),
  qa: k('QA'),
  marketing: k('Marketing'),
  general: k('General'),
};

const DEFAULTS = { stage: '', team: '', zoom: 'month' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

/** /roadmap (issue 31): every product the caller sees on one timeline; its editors move the dates. */
export function RoadmapPage({
  viewerRole,
  today = new Date(),
  rowExtras,
}: {
  viewerRole: Role;
  today?: Date;
  /** Other features' marks on each product (issue 32's forecast), composed by the route. */
  rowExtras?: RoadmapRowExtras;
}) {
  const { values, set } = useUrlState(DEFAULTS);
  const zoom: Zoom = values.zoom === 'quarter' ? 'quarter' : 'month';
  const stage = oneOf(PRODUCT_STATUSES, values.stage);
  const team = oneOf(TEAM_TYPES, values.team);
  const todayKey = today.toDateString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new window on a new day, not a new Date object
  const window = useMemo(() => windowFor(zoom, today), [zoom, todayKey]);
  const scale = useMemo(() => scaleOf(window, zoom), [window, zoom]);
  const roadmap = useRoadmap({ ...window, stage, team });
  const change = useChangeDates();
  const isMobile = useIsMobile();
  const helpId = useId();
  const [announcement, setAnnouncement] = useState('');
  const onMove = useCallback(
    (move: RoadmapMove) => {
      setAnnouncement(`${move.title}: ${move.description}`);
      change.mutate(move);
    },
    [change.mutate],
  );

  const products = roadmap.data?.products ?? [];
  return (
    <div className="grid gap-4">
      <PageHeader
        title={t('Roadmap')}
        description={t('Every product on one timeline: its stages, milestones and target date.')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <OptionSelect
          aria-label={t('Filter by stage')}
          className="w-full sm:w-44"
          value={stage}
          onValueChange={(next) => set({ stage: next })}
          allLabel={t('All stages')}
          options={PRODUCT_STATUSES.map((s) => ({
            value: s,
            label: stageName(s),
            icon: <span aria-hidden="true" className={cn('size-2 rounded-full', stageTones[s].dot)} />,
          }))}
        />
        <OptionSelect
          aria-label={t('Filter by team')}
          className="w-full sm:w-44"
          value={team}
          onValueChange={(next) => set({ team: next })}
          allLabel={t('All teams')}
          options={TEAM_TYPES.map((type) => ({ value: type, label: t(teamLabels[type]) }))}
        />
        {isMobile ? null : (
          <fieldset className="ms-auto flex rounded-md border p-0.5">
            <legend className="sr-only">{t('Zoom')}</legend>
            {(['month', 'quarter'] as const).map((z) => (
              <Button
                key={z}
                size="sm"
                variant={zoom === z ? 'secondary' : 'ghost'}
                aria-pressed={zoom === z}
                onClick={() => set({ zoom: z })}
              >
                {z === 'month' ? t('Months') : t('Quarters')}
              </Button>
            ))}
          </fieldset>
        )}
      </div>
      {isMobile ? null : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
          {PRODUCT_STATUSES.map((s) => (
            <span key={s} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('h-2 w-3 rounded-[2px]', stageTones[s].solid)} />
              {stageName(s)}
            </span>
          ))}
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 rotate-45 bg-foreground" />
            {t('Milestone')}
          </span>
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-px bg-red-500" />
            {t('Today')}
          </span>
        </div>
      )}
      <p id={helpId} className={cn('text-muted-foreground text-xs', isMobile && 'sr-only')}>
        {t(
          'Drag a bar’s end to move the target date, a stage or its edges to plan it. By keyboard: arrows move a day, Shift+arrows a week, Alt+arrows a stage’s end; Enter saves, Escape cancels, Delete clears a stage.',
        )}
      </p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {roadmap.isPending ? (
        <div className="grid gap-2" data-testid="roadmap-loading">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : roadmap.isError ? (
        <ErrorState
          title={t('Could not load the roadmap')}
          error={roadmap.error}
          onRetry={() => void roadmap.refetch()}
          retrying={roadmap.isFetching}
        />
      ) : products.length === 0 ? (
        <EmptyState
          icon={ChartGanttIcon}
          title={t('No products on the roadmap')}
          description={t('Products whose dates fall in this window show here.')}
          action={
            canCreateProduct(viewerRole) ? (
              <Button asChild size="sm" variant="outline">
                <Link to={paths.newProduct()}>
                  <PlusIcon aria-hidden="true" />
                  {t('New Product')}
                </Link>
              </Button>
            ) : undefined
          }
        />
      ) : isMobile ? (
        <RoadmapList products={products} extra={rowExtras?.list} />
      ) : (
        <RoadmapTimeline
          products={products}
          scale={scale}
          zoom={zoom}
          today={today}
          helpId={helpId}
          onMove={onMove}
          announce={setAnnouncement}
          extra={rowExtras?.timeline}
        />
      )}
      {roadmap.data?.hasMore ? (
        <p className="text-muted-foreground text-xs">
          {t('Only the first {{shown}} products are shown: filter by stage or team to see the others.', {
            shown: products.length,
          })}
        </p>
      ) : null}
    </div>
  );
}
