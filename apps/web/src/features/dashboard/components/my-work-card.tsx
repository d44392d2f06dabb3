import type { Task } from '@shipyard/shared';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { MY_WORK_LISTS, type MyWorkList, myWorkFilters, useMyWork } from '../api/get-my-work.ts';

const LISTS: Record<MyWorkList, { title: string; empty: string; loading: string; viewAll: string }> = {
  overdue: {
    title: k('Overdue'),
    empty: k('Nothing overdue.'),
    loading: k('Loading overdue'),
    viewAll: k('View all overdue'),
  },
  week: {
    title: k('Due this week'),
    empty: k('Nothing due this week.'),
    loading: k('Loading due this week'),
    viewAll: k('View all due this week'),
  },
  progress: {
    title: k('In progress'),
    empty: k('Nothing in progress.'),
    loading: k('Loading in progress'),
    viewAll: k('View all in progress'),
  },
};

/** /tasks with a list's filters: where "View all" goes. */
const tasksLink = (list: MyWorkList) => {
  const query = new URLSearchParams(myWorkFilters[list]);
  // The /tasks URL writes statuses as in-progress, and lists with plain commas.
  query.set('status', (query.get('status') ?? '').toLowerCase().replaceAll(' ', '-'));
  return `${paths.tasks()}?${query.toString().replaceAll('%2C', ',')}`;
};

/** Issue 28's "My work" block of the dashboard: my overdue, due this week and in progress. */
export function MyWorkCard() {
  return (
    <SectionCard
      title={t('My work')}
      description={t('Your tasks that need you first.')}
      contentClassName="grid gap-5 sm:grid-cols-3"
    >
      {MY_WORK_LISTS.map((list) => (
        <MyWorkSection key={list} list={list} />
      ))}
    </SectionCard>
  );
}

function MyWorkSection({ list }: { list: MyWorkList }) {
  const query = useMyWork(list);
  const { title, empty, loading, viewAll } = LISTS[list];
  const headingId = `my-work-${list}`;
  const total = query.data?.total ?? 0;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="grid gap-2">
        <span role="status" className="sr-only">
          {t(loading)}
        </span>
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {getErrorMessage(query.error)}
      </p>
    );
  } else if (query.data.data.length === 0) {
    body = <p className="text-muted-foreground text-sm">{t(empty)}</p>;
  } else {
    body = (
      <ul className="grid gap-1.5">
        {query.data.data.map((task) => (
          <MyWorkItem key={task.id} task={task} overdue={list === 'overdue'} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="flex items-baseline gap-2 font-medium text-sm">
          {t(title)}
          <span
            className={cn(
              'text-muted-foreground tabular-nums',
              list === 'overdue' && total > 0 && 'font-semibold text-red-600 dark:text-red-400',
            )}
          >
            {query.isSuccess ? formatNumber(total) : null}
          </span>
        </h3>
        <Link
          to={tasksLink(list)}
          aria-label={t(viewAll)}
          className="text-muted-foreground text-xs underline-offset-4 hover:underline"
        >
          {t('View all')}
        </Link>
      </div>
      {body}
    </section>
  );
}

function MyWorkItem({ task, overdue }: { task: Task; overdue: boolean }) {
  return (
    <li className="flex min-w-0 items-baseline justify-between gap-2 text-sm">
      <Link to={paths.task(task.id)} className="truncate underline-offset-4 hover:underline">
        {task.title}
      </Link>
      {task.dueDate ? (
        <time
          dateTime={task.dueDate}
          className={cn(
            'shrink-0 text-muted-foreground text-xs tabular-nums',
            overdue && 'font-medium text-red-600 dark:text-red-400',
          )}
        >
          {formatDate(task.dueDate)}
        </time>
      ) : null}
    </li>
  );
}
