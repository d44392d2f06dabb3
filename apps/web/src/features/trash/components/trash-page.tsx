import { trashMessages as m, type TrashItem } from '@shipyard/shared';
import { ListTodoIcon, PackageIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useTrash } from '../api/get-trash.ts';
import { usePurgeFromTrash, useRestoreFromTrash } from '../api/manage-trash.ts';

/** trashMessages.purgeConfirm in the reader's language (the page's test checks the English is the same). */
const purgeText = (name: string) =>
  t(
    '"{{name}}" and everything in it (comments, checklist, files, history) will be deleted. This cannot be undone.',
    { name },
  );

const DAY_MS = 86_400_000;

/** Whole days before the purge takes it (0 on its last day). */
export function daysLeft(purgeAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));
}

const daysLeftLabel = (days: number) => t('{{count}} days', { count: days });

function Actions({ item, onPurge }: { item: TrashItem; onPurge: (item: TrashItem) => void }) {
  const restore = useRestoreFromTrash();
  const blocked = item.kind === 'task' && item.productInTrash;
  return (
    <div className="flex justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={restore.isPending || blocked}
        title={blocked ? t(m.productInTrash) : undefined}
        aria-label={t('Restore {{name}}', { name: item.name })}
        onClick={() =>
          restore.mutateAsync({ kind: item.kind, id: item.id }).then(
            () =>
              toast.success(t(m.restored), {
                description: t('"{{name}}" is back.', { name: item.name }),
              }),
            (error: unknown) =>
              toast.error(t(m.restoreFailed), {
                description: getErrorMessage(error, t(m.restoreFailed)),
              }),
          )
        }
      >
        <RotateCcwIcon aria-hidden="true" />
        <span className="max-sm:sr-only">{t('Restore')}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={t('Delete {{name}} forever', { name: item.name })}
        onClick={() => onPurge(item)}
      >
        <Trash2Icon aria-hidden="true" />
        <span className="max-sm:sr-only">{t('Delete forever')}</span>
      </Button>
    </div>
  );
}

/**
 * The trash (issue 28): deleted tasks and products the viewer may restore, who deleted them, when,
 * and how long until they are purged; Restore, and Delete forever after a confirmation.
 * With `productId`, only that product's tasks (its page links here).
 */
export function TrashPage({ productId }: { productId?: string }) {
  const trash = useTrash(productId);
  const purge = usePurgeFromTrash();
  const [purging, setPurging] = useState<TrashItem | null>(null);

  const columns: DataTableColumn<TrashItem>[] = [
    {
      header: t('Name'),
      className: 'max-w-0 w-full',
      cell: (item) => {
        const Icon = item.kind === 'task' ? ListTodoIcon : PackageIcon;
        return (
          <div className="flex min-w-0 items-center gap-2">
            <Icon
              className="size-4 shrink-0 text-muted-foreground"
              aria-label={item.kind === 'task' ? t('Task') : t('Product')}
            />
            <div className="min-w-0">
              <p className="truncate font-medium">{item.name}</p>
              <p className="truncate text-muted-foreground text-xs">
                {item.kind === 'task'
                  ? item.productInTrash
                    ? t('in {{product}} (in the trash)', { product: item.productName })
                    : t('in {{product}}', { product: item.productName })
                  : t('Product, with its tasks')}
                <span className="sm:hidden">
                  {' · '}
                  {t('{{count}} days left', { count: daysLeft(item.purgeAt) })}
                </span>
              </p>
            </div>
          </div>
        );
      },
    },
    {
      header: t('Deleted by'),
      headClassName: 'hidden md:table-cell',
      className: 'hidden md:table-cell whitespace-nowrap',
      cell: (item) => item.deletedBy?.name ?? t('Unknown'),
    },
    {
      header: t('Deleted'),
      headClassName: 'hidden sm:table-cell',
      className: 'hidden sm:table-cell whitespace-nowrap text-muted-foreground',
      cell: (item) => (
        <time dateTime={item.deletedAt} title={formatDateTime(item.deletedAt)}>
          {formatRelative(item.deletedAt)}
        </time>
      ),
    },
    {
      header: t('Days left'),
      headClassName: 'hidden sm:table-cell',
      className: 'hidden sm:table-cell whitespace-nowrap',
      cell: (item) => daysLeftLabel(daysLeft(item.purgeAt)),
    },
    {
      header: <span className="sr-only">{t('Actions')}</span>,
      cell: (item) => <Actions item={item} onPurge={setPurging} />,
    },
  ];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title={t(m.title)}
        description={t('Deleted tasks and products stay here for 30 days, then they are deleted forever.')}
        actions={
          productId ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.trash()}>{t('Show everything')}</Link>
            </Button>
          ) : undefined
        }
      />
      <Card className="py-0">
        <CardContent className="px-0">
          {trash.isPending ? (
            <div className="grid gap-3 p-6" role="status" aria-label={t('Loading the trash')}>
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          ) : trash.isError ? (
            <ErrorState
              error={trash.error}
              onRetry={() => void trash.refetch()}
              retrying={trash.isFetching}
            />
          ) : trash.data.data.length === 0 ? (
            <EmptyState icon={Trash2Icon} title={t(m.empty)} className="py-12" />
          ) : (
            <DataTable
              aria-label={t(m.title)}
              columns={columns}
              rows={trash.data.data}
              rowKey={(item) => `${item.kind}-${item.id}`}
            />
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => {
          if (!open) setPurging(null);
        }}
        title={t(m.purgeConfirmTitle)}
        description={purging ? purgeText(purging.name) : ''}
        confirmLabel={t('Delete forever')}
        pendingLabel={t('Deleting…')}
        pending={purge.isPending}
        onConfirm={() => {
          if (!purging) return;
          purge.mutateAsync({ kind: purging.kind, id: purging.id }).then(
            () => {
              toast.success(t(m.purged), {
                description: t('"{{name}}" is gone.', { name: purging.name }),
              });
              setPurging(null);
            },
            (error: unknown) =>
              toast.error(t(m.purgeFailed), {
                description: getErrorMessage(error, t(m.purgeFailed)),
              }),
          );
        }}
      />
    </div>
  );
}
