import type { WebhookDelivery, WebhookDeliveryStatus } from '@shipyard/shared';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { k, t } from '../lib/i18n/index.ts';
import { fillSlots, slot } from '../lib/text-slots.tsx';
import { type Tone, ToneBadge } from './tone-badge.tsx';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

// One delivery of a delivery log (a Webhook service's, a chat destination's): its event, status,
// attempts, last status code and error, when created and delivered.

const deliveryTone: Record<WebhookDeliveryStatus, Tone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
};
const deliveryLabel: Record<WebhookDeliveryStatus, string> = {
  delivered: k('Delivered'),
  pending: k('Pending'),
  failed: k('Failed'),
};

function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <ToneBadge tone={deliveryTone[status]}>{t(deliveryLabel[status])}</ToneBadge>;
}

/** ' · created <time>': the words around the time as its language orders them. */
function At({ text, iso }: { text: string; iso: string }) {
  return (
    <>
      {' · '}
      {fillSlots(text, { time: <time dateTime={iso}>{formatDateTime(iso)}</time> })}
    </>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <li className="grid gap-1 rounded-lg border px-3 py-2 text-sm">
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium font-mono text-xs">{delivery.event}</span>
        <DeliveryStatusBadge status={delivery.status} />
      </div>
      <p className="text-muted-foreground text-xs">
        {t('{{count}} attempts', { count: delivery.attempts })}
        {delivery.lastStatusCode !== null ? ` · HTTP ${delivery.lastStatusCode}` : ''}
        <At text={t('created {{time}}', { time: slot('time') })} iso={delivery.createdAt} />
        {delivery.deliveredAt ? (
          <At text={t('delivered {{time}}', { time: slot('time') })} iso={delivery.deliveredAt} />
        ) : null}
        {delivery.nextAttemptAt && delivery.attempts > 0 ? (
          <At text={t('next try {{time}}', { time: slot('time') })} iso={delivery.nextAttemptAt} />
        ) : null}
      </p>
      {delivery.lastError ? (
        <p className="break-words text-destructive text-xs">{delivery.lastError}</p>
      ) : null}
    </li>
  );
}

/** The pages of a delivery log as an infinite query gives them (a service's, a destination's). */
type DeliveryPages = {
  data?: { pages: { data: WebhookDelivery[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * A delivery log's body: skeletons while its first page loads, the error, `empty` when nothing
 * was sent, else the rows newest first and "Load more" while older pages remain.
 */
export function DeliveryList({ query, empty }: { query: DeliveryPages; empty: ReactNode }) {
  const deliveries = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending)
    return (
      <div className="grid gap-2" role="status" aria-label={t('Loading deliveries')}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (query.isError && !query.data)
    return (
      <p role="alert" className="text-destructive text-sm">
        {getErrorMessage(query.error)}
      </p>
    );
  return (
    <>
      {deliveries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ol className="grid gap-2" aria-label={t('Deliveries')}>
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          pending={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('Load more')}
        </Button>
      ) : null}
    </>
  );
}
