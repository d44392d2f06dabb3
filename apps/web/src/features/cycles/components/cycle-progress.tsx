import type { Cycle, CycleStatus } from '@shipyard/shared';
import { type Tone, ToneBadge } from '../../../components/tone-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';

// What every cycle screen shows of a cycle: its status in words and its progress.

const STATUS: Record<CycleStatus, { label: string; tone: Tone }> = {
  current: { label: k('Current'), tone: 'green' },
  upcoming: { label: k('Upcoming'), tone: 'amber' },
  completed: { label: k('Completed'), tone: 'gray' },
};

export function CycleStatusBadge({ status }: { status: CycleStatus }) {
  return <ToneBadge tone={STATUS[status].tone}>{t(STATUS[status].label)}</ToneBadge>;
}

export const cycleSpan = (cycle: Pick<Cycle, 'starts_on' | 'ends_on'>) =>
  `${formatDate(cycle.starts_on)} – ${formatDate(cycle.ends_on)}`;

const formatPoints = (n: number) => String(Math.round(n * 100) / 100);

/** Done of all, as a bar and in words (tasks, and estimate points where the product has a scale). */
export function CycleProgress({ cycle, points }: { cycle: Cycle; points: boolean }) {
  const { tasks, done, points: scope, donePoints } = cycle.tally;
  const share = tasks === 0 ? 0 : Math.round((done / tasks) * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t('Progress of {{name}}', { name: cycle.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
      </div>
      <p className="text-muted-foreground text-xs tabular-nums">
        {t('Tasks done: {{done}}/{{total}}', { done, total: tasks })}
        {points && scope > 0
          ? ` · ${t('Points done: {{done}}/{{total}}', { done: formatPoints(donePoints), total: formatPoints(scope) })}`
          : ''}
      </p>
    </div>
  );
}
