import type { WebhookDelivery, WebhookDeliveryStatus } from '@shipyard/shared';
import { formatDateTime } from '../lib/format.ts';
import { type Tone, ToneBadge } from './tone-badge.tsx';

// One delivery of a delivery log (a Webhook service's, a chat destination's): its event, status,
// attempts, last status code and error, when created and delivered.

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

function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <ToneBadge tone={deliveryTone[status]}>{deliveryLabel[status]}</ToneBadge>;
}

export function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <li className="grid gap-1 rounded-lg border px-3 py-2 text-sm">
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium font-mono text-xs">{delivery.event}</span>
        <DeliveryStatusBadge status={delivery.status} />
      </div>
      <p className="text-muted-foreground text-xs">
        {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
        {delivery.lastStatusCode !== null ? ` · HTTP ${delivery.lastStatusCode}` : ''}
        {' · created '}
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
        {delivery.deliveredAt ? (
          <>
            {' · delivered '}
            <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt)}</time>
          </>
        ) : null}
        {delivery.nextAttemptAt && delivery.attempts > 0 ? (
          <>
            {' · next try '}
            <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
          </>
        ) : null}
      </p>
      {delivery.lastError ? (
        <p className="break-words text-destructive text-xs">{delivery.lastError}</p>
      ) : null}
    </li>
  );
}
