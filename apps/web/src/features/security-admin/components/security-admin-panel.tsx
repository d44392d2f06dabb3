import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@shipyard/shared';
import { Download, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type AuditFilters,
  auditSearch,
  useAuditLog,
  useInstanceSettings,
  useUpdateInstanceSettings,
} from '../api/admin-security.ts';
import { WorkspaceArchiveCard } from './workspace-archive-card.tsx';

/**
 * Settings → Security (admins): the instance's sign-in rule and the audit log (decision 013);
 * for super admins also the workspace archive (decision 020).
 */
export function SecurityAdminPanel({ canExportWorkspace = false }: { canExportWorkspace?: boolean }) {
  return (
    <>
      <RequireTwoFactorCard />
      {canExportWorkspace && <WorkspaceArchiveCard />}
      <AuditLogCard />
    </>
  );
}

function RequireTwoFactorCard() {
  const settings = useInstanceSettings();
  const update = useUpdateInstanceSettings();
  const id = useId();
  return (
    <SectionCard
      className="gap-4"
      title={t('Sign-in')}
      description={t('Accounts without two-factor sign-in set it up the next time they sign in.')}
    >
      {settings.isPending ? (
        <Skeleton className="h-5 w-64" />
      ) : settings.isError ? (
        <ErrorState
          title={t('Could not load the settings')}
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            checked={settings.data.require_two_factor}
            disabled={update.isPending}
            onCheckedChange={(checked) =>
              update.mutate(
                { require_two_factor: checked === true },
                {
                  onSuccess: (next) =>
                    toast.success(
                      next.require_two_factor
                        ? t('Two-factor sign-in is required')
                        : t('Two-factor sign-in is optional'),
                    ),
                  onError: (error) =>
                    toast.error(t('Could not change the setting'), { description: getErrorMessage(error) }),
                },
              )
            }
          />
          <Label htmlFor={id}>{t('Require two-factor sign-in for everyone')}</Label>
        </div>
      )}
    </SectionCard>
  );
}

const actionLabel = (action: string) => action.replace('.', ': ').replaceAll('_', ' ');

function AuditLogCard() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  const id = useId();
  const entries = log.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <SectionCard
      className="gap-4"
      title={t('Audit log')}
      description={t('Who did what, to whom, when and from where. Entries cannot be edited or deleted.')}
      contentClassName="grid gap-4"
      action={
        <a
          href={`/api/admin/audit-log.csv${auditSearch(filters)}`}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          {t('Export CSV')}
        </a>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-action`}>{t('Event')}</Label>
          <select
            id={`${id}-action`}
            value={filters.action ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, action: (e.target.value || undefined) as AuditAction | undefined })
            }
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
          >
            <option value="">{t('All events')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>{t('From')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => setFilters({ ...filters, from: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>{t('To')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => setFilters({ ...filters, to: e.target.value || undefined })}
          />
        </div>
      </div>
      {log.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : log.isError ? (
        <ErrorState
          title={t('Could not load the audit log')}
          error={log.error}
          onRetry={() => log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={t('No entries')}
          description={t('Nothing matches these filters.')}
        />
      ) : (
        <>
          <DataTable
            aria-label={t('Audit log')}
            scrollLabel={t('Audit log entries')}
            columns={auditColumns()}
            rows={entries}
            rowKey={(entry) => entry.id}
          />
          {log.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              pending={log.isFetchingNextPage}
              onClick={() => log.fetchNextPage()}
            >
              {t('Load more')}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}

/** The columns, their headers in the reader's language (so made at render, not at module load). */
const auditColumns = (): DataTableColumn<AuditEntry>[] => [
  { header: t('When'), className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.at) },
  { header: t('Event'), cell: (entry) => <AuditEvent entry={entry} /> },
  { header: t('Who'), cell: (entry) => entry.actor ?? '—' },
  { header: t('Target'), cell: (entry) => entry.target ?? '—' },
  { header: t('From'), className: 'text-muted-foreground text-xs', cell: (entry) => entry.ip ?? '—' },
];

function AuditEvent({ entry }: { entry: AuditEntry }) {
  const details = entry.details
    ? Object.entries(entry.details)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '';
  return (
    <>
      <div className="font-medium">{actionLabel(entry.action)}</div>
      {details && <div className="text-muted-foreground text-xs">{details}</div>}
    </>
  );
}
