import { chatMessages as m } from '@shipyard/shared';
import { RotateCcwIcon } from 'lucide-react';
import { useMemo } from 'react';
import { DeliveryRow } from '../../../components/delivery-row.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useChatDeliveries } from '../api/destinations.ts';

/** A destination's delivery log, newest first: status, time, response code, error. */
export function ChatDeliveryLog({ id, destinationId }: { id: string; destinationId: string }) {
  const query = useChatDeliveries(destinationId);
  const deliveries = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
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
      {query.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading deliveries">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError && !query.data ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(query.error)}
        </p>
      ) : deliveries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{m.deliveriesEmpty}</p>
      ) : (
        <ol className="grid gap-2" aria-label="Deliveries">
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
          Load more
        </Button>
      ) : null}
    </section>
  );
}
