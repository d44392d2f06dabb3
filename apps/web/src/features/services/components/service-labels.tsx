import { serviceMessages as m, type Service, type ServiceStatus } from '@shipyard/shared';
import { PlugIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { type Tone, ToneBadge } from '../../../components/tone-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { statusLabels } from './service-texts.ts';

// The pieces of a service that the cards, the details and the statistics show the same way.

const statusTone: Record<ServiceStatus, Tone> = { Active: 'green', Inactive: 'gray', Pending: 'amber' };

/** Spec §4: Active, Inactive or Pending. */
export function ServiceStatusBadge({ status, className }: { status: ServiceStatus; className?: string }) {
  return (
    <ToneBadge tone={statusTone[status]} className={className}>
      {t(statusLabels[status])}
    </ToneBadge>
  );
}

/** 'Used by' chips: the products using the service, or 'Not in use'. */
export function UsedByChips({ service, className }: { service: Service; className?: string }) {
  if (service.usedBy.length === 0) {
    return <p className={cn('text-muted-foreground text-xs', className)}>{t(m.notInUse)}</p>;
  }
  return (
    <ul
      aria-label={t('{{usedBy}} ({{name}})', { usedBy: t(m.usedBy), name: service.name })}
      className={cn('flex min-w-0 flex-wrap gap-1', className)}
    >
      {service.usedBy.map((product) => (
        <li key={product.id} className="min-w-0 max-w-full">
          <Badge variant="secondary" className="block max-w-full truncate font-normal" title={product.name}>
            {product.name}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** No service to show: an icon, the text and the next action (ARCHITECTURE §6). */
export function ServicesEmptyState({ narrowed, action }: { narrowed: boolean; action?: ReactNode }) {
  return (
    <EmptyState
      icon={PlugIcon}
      title={t(m.empty)}
      description={
        narrowed
          ? t('No service matches this search and category.')
          : t('Add the tools your products rely on: chat, hosting, monitoring, payments.')
      }
      action={action}
      className="rounded-xl border bg-card"
    />
  );
}

/** A failed load: the error's text (spec §8.1) and a way to try again. */
export function ServicesErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorState
      title={t(m.loadFailed)}
      error={error}
      onRetry={onRetry}
      className="rounded-xl border bg-card"
    />
  );
}
