import type { SavedView } from '@shipyard/shared';
import { BookmarkIcon, PinIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useViews } from '../api/views.ts';
import { usePinToggle, ViewActionsMenu } from './view-actions.tsx';

/** /views (issue 28): every view I see, mine and those shared with my products; pin, rename, delete. */
export function ViewsPage() {
  const views = useViews();
  const pin = usePinToggle();

  const columns: DataTableColumn<SavedView>[] = [
    {
      header: t('Name'),
      className: 'max-w-0 w-full',
      cell: (view) => (
        <Link to={paths.view(view.id, view.query)} className="block truncate font-medium hover:underline">
          {view.name}
        </Link>
      ),
    },
    {
      header: t('Seen by'),
      headClassName: 'hidden sm:table-cell',
      className: 'hidden whitespace-nowrap text-muted-foreground sm:table-cell',
      cell: (view) => (view.product ? view.product.name : t('Only me')),
    },
    {
      header: t('Owner'),
      headClassName: 'hidden md:table-cell',
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (view) => view.owner.name,
    },
    {
      header: t('Tasks'),
      headClassName: 'text-end',
      className: 'text-end tabular-nums',
      cell: (view) => view.count,
    },
    {
      header: <span className="sr-only">{t('Pinned')}</span>,
      className: 'w-10',
      cell: (view) => (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-pressed={view.pinned}
          aria-label={
            view.pinned ? t('Unpin {{name}}', { name: view.name }) : t('Pin {{name}}', { name: view.name })
          }
          disabled={pin.pending}
          onClick={() => pin.toggle(view)}
        >
          <PinIcon aria-hidden="true" className={view.pinned ? 'fill-current' : 'text-muted-foreground'} />
        </Button>
      ),
    },
    {
      header: <span className="sr-only">{t('Actions')}</span>,
      className: 'w-10',
      cell: (view) => <ViewActionsMenu view={view} />,
    },
  ];

  let body: ReactNode;
  if (views.isPending) {
    body = (
      <div role="status" aria-label={t('Loading views')} className="grid gap-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  } else if (views.isError) {
    body = (
      <ErrorState
        title={t('Failed to load the views')}
        error={views.error}
        onRetry={() => views.refetch()}
        retrying={views.isFetching}
      />
    );
  } else if (views.data.data.length === 0) {
    body = (
      <EmptyState
        icon={BookmarkIcon}
        title={t('No views yet')}
        description={t('Filter the tasks, then choose “Save view” to keep them under a name.')}
        action={
          <Button asChild size="sm" variant="outline">
            <Link to={paths.tasks()}>{t('Go to Tasks')}</Link>
          </Button>
        }
      />
    );
  } else {
    body = <DataTable columns={columns} rows={views.data.data} rowKey={(view) => view.id} />;
  }

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-6">
      <PageHeader
        title={t('Views')}
        description={t('Saved filters of the task list: yours and those shared with your products.')}
      />
      <SectionCard
        title={t('All views')}
        description={t('Pinned views show in the sidebar with their counts.')}
      >
        {body}
      </SectionCard>
    </div>
  );
}
