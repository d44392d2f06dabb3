import type { ScheduleLink } from '@shipyard/shared';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { describeDates } from './gantt-bar.tsx';
import type { Row } from './gantt-layout.ts';

/** The schedule on a phone: the same rows as a list (dates, what blocks each), read-only. */
export function ScheduleList({ rows, links }: { rows: readonly Row[]; links: readonly ScheduleLink[] }) {
  const blockers = new Map<string, number>();
  for (const link of links) blockers.set(link.to, (blockers.get(link.to) ?? 0) + 1);
  return (
    <ul className="divide-y rounded-md border" data-testid="schedule-list">
      {rows.map((row) =>
        row.kind === 'group' ? (
          <li key={row.id} className="flex items-center gap-2 bg-muted/50 px-3 py-2 font-medium text-sm">
            {row.translate ? t(row.label) : row.label}
            <span className="text-muted-foreground text-xs">{row.count}</span>
          </li>
        ) : (
          <li key={row.id} className="grid gap-0.5 px-3 py-2">
            <Link to={paths.task(row.task.key || row.task.id)} className="truncate text-sm hover:underline">
              <span className="text-muted-foreground text-xs tabular-nums">{row.task.key}</span>{' '}
              {row.task.title}
            </Link>
            <span className="text-muted-foreground text-xs">
              {describeDates(row.task)}
              {blockers.get(row.task.id)
                ? ` · ${t('Blocked by {{count}} tasks', { count: blockers.get(row.task.id) ?? 0 })}`
                : ''}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
