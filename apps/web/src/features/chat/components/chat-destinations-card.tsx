import { CHAT_DESTINATIONS_PER_PRODUCT_MAX, CHAT_KIND_LABELS, type ChatDestination } from '@shipyard/shared';
import { HistoryIcon, MessageSquareIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ToneBadge } from '../../../components/tone-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useChatDestinations, useChatWrites } from '../api/destinations.ts';
import { ChatDeliveryLog } from './chat-delivery-log.tsx';
import { ChatDestinationDialog } from './chat-destination-dialog.tsx';
import { chatEventLabels, chatTexts as m } from './chat-texts.ts';

/**
 * A product's chat destinations (issue 33) in its Settings tab: whoever manages the product adds,
 * edits, tests and deletes them and reads each one's delivery log; others see the list.
 */
export function ChatDestinationsCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const destinations = useChatDestinations(productId);
  const [editing, setEditing] = useState<{ destination: ChatDestination | undefined } | undefined>();
  const canManage = !readOnly && destinations.data?.canManage === true;
  const all = destinations.data?.data ?? [];
  const full = all.length >= CHAT_DESTINATIONS_PER_PRODUCT_MAX;
  const add = canManage ? (
    <Button
      size="sm"
      variant="outline"
      disabled={full}
      onClick={() => setEditing({ destination: undefined })}
    >
      <PlusIcon aria-hidden="true" />
      {t(m.add)}
    </Button>
  ) : null;

  return (
    <SectionCard title={t(m.title)} description={canManage ? t(m.description) : t(m.readOnly)} action={add}>
      {destinations.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : destinations.isError ? (
        <ErrorState
          title={t(m.loadFailed)}
          error={destinations.error}
          onRetry={() => void destinations.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={MessageSquareIcon}
          title={t(m.empty)}
          description={canManage ? t(m.description) : undefined}
        />
      ) : (
        <ul className="grid gap-3" aria-label={t('Chat destinations')}>
          {all.map((destination) => (
            <DestinationRow
              key={destination.id}
              productId={productId}
              destination={destination}
              canManage={canManage}
              onEdit={() => setEditing({ destination })}
            />
          ))}
        </ul>
      )}
      {full && canManage ? <p className="mt-3 text-muted-foreground text-sm">{t(m.tooMany)}</p> : null}
      <ChatDestinationDialog
        productId={productId}
        destination={editing?.destination}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
    </SectionCard>
  );
}

function DestinationRow({
  productId,
  destination,
  canManage,
  onEdit,
}: {
  productId: string;
  destination: ChatDestination;
  canManage: boolean;
  onEdit: () => void;
}) {
  const writes = useChatWrites(productId);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logId = `chat-log-${destination.id}`;

  function test() {
    writes.test.mutateAsync(destination.id).then(
      (result) =>
        result.status === 'delivered'
          ? toast.success(t(m.testDelivered), { description: destination.name })
          : toast.error(t(m.testFailed), {
              description: [result.statusCode ? `HTTP ${result.statusCode}` : null, result.error]
                .filter((part, i, parts) => part && parts.indexOf(part) === i)
                .join(' · '),
            }),
      (error: unknown) => toast.error(t(m.testFailed), { description: getErrorMessage(error) }),
    );
  }

  function remove() {
    writes.remove.mutateAsync(destination.id).then(
      () => {
        toast.success(t(m.deleted), { description: destination.name });
        setConfirming(false);
      },
      (error: unknown) => toast.error(t(m.deleteFailed), { description: getErrorMessage(error) }),
    );
  }

  return (
    <li className="grid gap-3 rounded-lg border px-3 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 truncate font-medium">{destination.name}</span>
            <ToneBadge tone={destination.enabled ? 'green' : 'gray'}>
              {destination.enabled ? t('Enabled') : t('Disabled')}
            </ToneBadge>
          </div>
          <p className="min-w-0 truncate text-muted-foreground text-xs">
            {CHAT_KIND_LABELS[destination.kind]} · {destination.urlHost}
          </p>
          <p className="text-muted-foreground text-xs">
            {destination.events.map((e) => t(chatEventLabels[e])).join(', ')}
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap items-center gap-1">
            <Button size="sm" variant="outline" pending={writes.test.isPending} onClick={test}>
              {writes.test.isPending ? null : <SendIcon aria-hidden="true" />}
              {t(m.test)}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={showLog}
              aria-controls={logId}
              onClick={() => setShowLog((v) => !v)}
            >
              <HistoryIcon aria-hidden="true" />
              {t(m.deliveries)}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={onEdit}
              aria-label={t('Edit {{name}}', { name: destination.name })}
            >
              <PencilIcon aria-hidden="true" />
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('Delete {{name}}', { name: destination.name })}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              }
              title={t(m.deleteTitle)}
              description={t(m.deleteBody)}
              confirmLabel={t('Delete')}
              pendingLabel={t('Deleting...')}
              pending={writes.remove.isPending}
              onConfirm={remove}
            />
          </div>
        ) : null}
      </div>
      {canManage && showLog ? <ChatDeliveryLog id={logId} destinationId={destination.id} /> : null}
    </li>
  );
}
