import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../lib/webhook-signing.ts';
import { useServiceTests } from './services.test-kit.ts';
import { RETRY_DELAYS_MS } from './services.worker.ts';

// The delivery worker: sending, signing, retrying and giving up.
const {
  ctx,
  as,
  admin,
  deliveriesOf,
  emptyOutbox,
  startReceiver,
  webhookedProduct,
  moveProduct,
  workerWith,
  pendingDelivery,
} = useServiceTests();

describe('the delivery worker', () => {
  beforeEach(emptyOutbox);

  it('POSTs the event to the receiver, signed, and records it delivered', async () => {
    const receiver = await startReceiver([204]);
    const { service, secret } = await pendingDelivery(receiver.url);
    const [pending] = await deliveriesOf(service.id);

    const run = await ctx.app.webhooks.deliverDue();
    expect(run).toMatchObject({ delivered: 1, retrying: 0, failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request?.url).toBe('/hooks/shipyard');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shipyard-event': 'product.status_changed',
      'x-shipyard-delivery': pending?.id,
      'x-shipyard-timestamp': expect.stringMatching(/^\d+$/),
      'x-shipyard-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    });
    expect(
      verifyWebhookSignature({
        secret,
        body: request?.body ?? '',
        timestamp: request?.headers['x-shipyard-timestamp'] as string,
        signature: request?.headers['x-shipyard-signature'] as string,
        now: ctx.clock.now(),
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: 'whsec_wrong',
        body: request?.body ?? '',
        timestamp: request?.headers['x-shipyard-timestamp'] as string,
        signature: request?.headers['x-shipyard-signature'] as string,
        now: ctx.clock.now(),
      }),
    ).toBe(false);
    expect(JSON.parse(request?.body ?? '')).toEqual(pending?.payload);

    const [done] = await deliveriesOf(service.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
    expect(done?.deliveredAt).toBeInstanceOf(Date);

    // Nothing is due any more.
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a receiver that answered 500 after the backoff, and records it delivered on attempt 2', async () => {
    const receiver = await startReceiver([500, 200]);
    const { service } = await pendingDelivery(receiver.url);

    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 1, retrying: 1 });
    const [first] = await deliveriesOf(service.id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    const wait = (first?.nextAttemptAt.getTime() ?? 0) - ctx.clock.now().getTime();
    expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[0] - 2_000);
    expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]);

    // Not due yet.
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
    ctx.clock.advance(RETRY_DELAYS_MS[0]);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });

    const [done] = await deliveriesOf(service.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(receiver.received).toHaveLength(2);
    // The retry is the same delivery, signed again.
    expect(receiver.received[1]?.headers['x-shipyard-delivery']).toBe(done?.id);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);

    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.statusCode).toBe(200);
    expect(log.json().data).toEqual([
      {
        id: done?.id,
        event: 'product.status_changed',
        status: 'delivered',
        attempts: 2,
        lastStatusCode: 200,
        lastError: null,
        createdAt: done?.createdAt.toISOString(),
        deliveredAt: done?.deliveredAt?.toISOString(),
        nextAttemptAt: null,
      },
    ]);
  });

  it('gives up after the sixth failed attempt, waiting 10 s, 1 min, 5 min, 30 min and 2 h between them', async () => {
    const receiver = await startReceiver([503]);
    const { service } = await pendingDelivery(receiver.url);

    expect(RETRY_DELAYS_MS).toEqual([10_000, 60_000, 300_000, 1_800_000, 7_200_000]);
    for (const delay of RETRY_DELAYS_MS) {
      expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ retrying: 1 });
      ctx.clock.advance(delay);
    }
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ failed: 1 });
    const [failed] = await deliveriesOf(service.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 6,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
    });
    expect(receiver.received).toHaveLength(6);
    ctx.clock.advance(24 * 60 * 60_000);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
  });

  it('does not follow a redirect, and fails a delivery whose service was disabled before it went out', async () => {
    const receiver = await startReceiver([302]);
    const { service } = await pendingDelivery(receiver.url);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ retrying: 1 });
    expect((await deliveriesOf(service.id))[0]).toMatchObject({ lastStatusCode: 302, lastError: 'HTTP 302' });
    expect(receiver.received).toHaveLength(1);

    await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Inactive' },
    });
    ctx.clock.advance(RETRY_DELAYS_MS[0]);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ failed: 1 });
    expect((await deliveriesOf(service.id))[0]).toMatchObject({
      status: 'failed',
      lastError: 'The service was disabled before delivery.',
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('runs on its interval once started, and sends nothing more once stopped', async () => {
    const receiver = await startReceiver([200]);
    const { product, service } = await webhookedProduct(receiver.url);
    const worker = await workerWith({
      allowPrivate: true,
      intervalMs: 20,
    });
    worker.start();
    try {
      await moveProduct(product.id);
      await expect
        .poll(async () => (await deliveriesOf(service.id))[0]?.status, { timeout: 5_000 })
        .toBe('delivered');
    } finally {
      await worker.stop();
    }
    await moveProduct(product.id, 'production');
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(service.id)).map((d) => d.status)).toEqual(['delivered', 'pending']);
  });

  it('gives up on a receiver or a DNS lookup that takes longer than the timeout, and retries', async () => {
    const hanging = http.createServer(() => {}); // never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    try {
      const slow = await pendingDelivery(`http://127.0.0.1:${port}/slow`);
      const worker = await workerWith({
        allowPrivate: true,
        timeoutMs: 200,
      });
      expect(await worker.deliverDue()).toMatchObject({ retrying: 1 });
      expect((await deliveriesOf(slow.service.id))[0]?.lastError).toBe('timed out after 0.2 s');
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }

    await emptyOutbox();
    const named = await pendingDelivery('https://never-answers.example.com/hook');
    const worker = await workerWith({
      allowPrivate: false,
      timeoutMs: 200,
      lookup: () => new Promise(() => {}),
    });
    expect(await worker.deliverDue()).toMatchObject({ retrying: 1 });
    expect((await deliveriesOf(named.service.id))[0]?.lastError).toBe('timed out after 0.2 s');
  });

  it('records a receiver that is not listening as a retry', async () => {
    const receiver = await startReceiver();
    const closed = receiver.url;
    await receiver.stop();
    const { service } = await pendingDelivery(closed);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ retrying: 1 });
    expect((await deliveriesOf(service.id))[0]?.lastError).toBe('connection refused');
    // The delivery log names neither the address nor the port that refused.
    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.json().data[0].lastError).toBe('connection refused');
    expect(log.body).not.toContain('127.0.0.1');
    expect(log.body).not.toContain(`:${new URL(closed).port}`);
  });
});
