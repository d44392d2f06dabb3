import {
  serviceMessages as m,
  type Service,
  type ServiceStatus,
  type WebhookDeliveryStatus,
} from '@shipyard/shared';
import { PlugIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

// The pieces of a service that the cards, the details and the statistics show the same way.

const toneClasses = {
  green:
    'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  gray: 'border-zinc-200 bg-zinc-100 text-zinc-700 dark:border-zinc-500/30 dark:bg-zinc-500/15 dark:text-zinc-300',
  amber:
    'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300',
  red: 'border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/15 dark:text-red-300',
} as const;

const dotClasses = {
  green: 'bg-green-500',
  gray: 'bg-zinc-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
} as const;

type Tone = keyof typeof toneClasses;

function ToneBadge({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border px-2 py-0.5 font-medium text-xs',
        toneClasses[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', dotClasses[tone])} />
      {children}
    </span>
  );
}

const statusTone: Record<ServiceStatus, Tone> = { Active: 'green', Inactive: 'gray', Pending: 'amber' };

/** Spec §4: Active, Inactive or Pending. */
export function ServiceStatusBadge({ status, className }: { status: ServiceStatus; className?: string }) {
  return (
    <ToneBadge tone={statusTone[status]} className={className}>
      {status}
    </ToneBadge>
  );
}

const deliveryTone: Record<WebhookDeliveryStatus, Tone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
};
const deliveryLabel: Record<WebhookDeliveryStatus, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <ToneBadge tone={deliveryTone[status]}>{deliveryLabel[status]}</ToneBadge>;
}

/** 'Used by' chips: the products using the service, or 'Not in use'. */
export function UsedByChips({ service, className }: { service: Service; className?: string }) {
  if (service.usedBy.length === 0) {
    return <p className={cn('text-muted-foreground text-xs', className)}>{m.notInUse}</p>;
  }
  return (
    <ul
      aria-label={`${m.usedBy} (${service.name})`}
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
      title={m.empty}
      description={
        narrowed
          ? 'No service matches this search and category.'
          : 'Add the tools your products rely on: chat, hosting, monitoring, payments.'
      }
      action={action}
      className="rounded-xl border bg-card"
    />
  );
}

/** A failed load: the error's text (spec §8.1) and a way to try again. */
export function ServicesErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorState title={m.loadFailed} error={error} onRetry={onRetry} className="rounded-xl border bg-card" />
  );
}
