import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Db } from '../../db/client.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { DeliveryOutcome } from './services.worker.ts';

// The webhook metrics (docs/operations.md), in the app's registry: delivery attempts by outcome,
// and the deliveries waiting in the outbox.

export function createWebhookMetrics(registry: Metrics['registry'], db: Db) {
  const registers = [registry];
  const deliveries = new client.Counter({
    name: 'shipyard_webhook_deliveries_total',
    help: 'Webhook delivery attempts recorded, by outcome (delivered, retrying, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['delivered', 'retrying', 'failed']) deliveries.inc({ outcome }, 0);
  new client.Gauge({
    name: 'shipyard_webhook_queue_pending',
    help: 'Webhook deliveries waiting to be sent (due now, or retrying later), in the database',
    labelNames: ['due'] as const,
    // Every process reads the same table: the machine's figure is one of them, not their sum.
    aggregator: 'max',
    registers,
    async collect() {
      const rows = await db
        .execute<{ due: boolean; n: number }>(
          sql`select next_attempt_at <= now() as due, count(*)::int as n from webhook_deliveries
              where status = 'pending' group by 1`,
        )
        .catch(() => undefined);
      if (!rows) return; // the database is away: keep the last figures
      this.set({ due: 'true' }, 0);
      this.set({ due: 'false' }, 0);
      for (const row of rows.rows) this.set({ due: String(row.due) }, row.n);
    },
  });
  return { outcome: (outcome: DeliveryOutcome) => deliveries.inc({ outcome }) };
}
