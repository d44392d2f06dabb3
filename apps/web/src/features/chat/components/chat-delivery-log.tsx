import { RotateCcwIcon } from 'lucide-react';
import { DeliveryList } from '../../../components/delivery-row.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useChatDeliveries } from '../api/destinations.ts';
import { chatTexts as m } from './chat-texts.ts';

/** A destination's delivery log, newest first: status, time, response code, error. */
export function ChatDeliveryLog({ id, destinationId }: { id: string; destinationId: string }) {
  const query = useChatDeliveries(destinationId);
  const refreshing = query.isRefetching && !query.isFetchingNextPage;

  return (
    <section id={id} aria-label={t(m.deliveries)} className="grid gap-2 border-t pt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-medium text-xs uppercase tracking-wide text-muted-foreground">
          {t(m.deliveries)}
        </h4>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()} pending={refreshing}>
          {refreshing ? null : <RotateCcwIcon aria-hidden="true" />}
          {t('Refresh')}
        </Button>
      </div>
      <DeliveryList query={query} empty={t(m.deliveriesEmpty)} />
    </section>
  );
}
