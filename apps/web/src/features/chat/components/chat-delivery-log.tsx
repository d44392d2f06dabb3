import { chatMessages as m } from '@shipyard/shared';
import { RotateCcwIcon } from 'lucide-react';
import { DeliveryList } from '../../../components/delivery-row.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useChatDeliveries } from '../api/destinations.ts';

/** A destination's delivery log, newest first: status, time, response code, error. */
export function ChatDeliveryLog({ id, destinationId }: { id: string; destinationId: string }) {
  const query = useChatDeliveries(destinationId);
  const refreshing = query.isRefetching && !query.isFetchingNextPage;

  return (
    <section id={id} aria-label={m.deliveries} className="grid gap-2 border-t pt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-medium text-xs uppercase tracking-wide text-muted-foreground">{m.deliveries}</h4>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()} pending={refreshing}>
          {refreshing ? null : <RotateCcwIcon aria-hidden="true" />}
          Refresh
        </Button>
      </div>
      <DeliveryList query={query} empty={m.deliveriesEmpty} />
    </section>
  );
}
