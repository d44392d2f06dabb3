import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries } from '../db/schema/index.ts';
import type { Signed } from './http.ts';
import type { TestContext } from './test-app.ts';

/**
 * A Webhook service of the product, added by `admin`: a reader of the deliveries the outbox wrote
 * for it, as [event, payload data] in the order they were written.
 */
export async function webhookOf(ctx: TestContext, admin: Signed, productId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: admin.headers,
    payload: {
      name: 'Receiver',
      category: 'Communication',
      description: 'Hooks',
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/receiver',
      productIds: [productId],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const serviceId = res.json().id as string;
  return async () =>
    (
      await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.serviceId, serviceId))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    ).map((d) => [d.eventType, d.payload.data as Record<string, unknown>] as const);
}
