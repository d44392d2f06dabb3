import { serviceMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { services, webhookDeliveries } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';
import { createReq, useServiceTests } from './services.test-kit.ts';

// Webhook URLs that point inside the network, refused without WEBHOOK_ALLOW_PRIVATE (SSRF).
const { ctx, as, admin, deliveriesOf, emptyOutbox, startReceiver, workerWith, pendingDelivery } =
  useServiceTests();

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  // An app of its own: the file's app allows private targets for its receivers.
  const strict = useTestApp();
  const strictAdmin = strict.signedInOnce('admin');
  beforeEach(emptyOutbox);

  const create = (webhookUrl: string) =>
    as(
      strictAdmin,
      createReq({ name: 'Hook', category: 'Development', integration: 'Webhook', webhookUrl }),
      strict.ctx.app,
    );

  it('refuses loopback, private and link-local URLs, localhost and plain http at create and update time', async () => {
    for (const [url, message] of [
      ['http://hooks.example.com/x', serviceMessages.webhookUrlHttps],
      ['https://127.0.0.1:8443/x', serviceMessages.webhookUrlPrivate],
      ['https://10.0.0.8/x', serviceMessages.webhookUrlPrivate],
      ['https://192.168.1.20/x', serviceMessages.webhookUrlPrivate],
      ['https://169.254.169.254/latest/meta-data', serviceMessages.webhookUrlPrivate],
      ['https://[::1]/x', serviceMessages.webhookUrlPrivate],
      ['https://[fd00::1]/x', serviceMessages.webhookUrlPrivate],
      ['https://localhost/x', serviceMessages.webhookUrlPrivate],
      ['https://user:pw@hooks.example.com/x', serviceMessages.webhookUrlCredentials],
    ] as const) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'WEBHOOK_URL_REFUSED',
        message,
        details: { fields: { webhookUrl: [message] } },
      });
    }
    expect((await strict.ctx.db.select({ n: count() }).from(services))[0]?.n).toBe(0);

    const ok = await create('https://hooks.example.com/x');
    expect(ok.statusCode).toBe(201);
    const moved = await as(
      strictAdmin,
      {
        method: 'PATCH',
        url: `/api/services/${ok.json().id}`,
        payload: { webhookUrl: 'https://127.0.0.1/x' },
      },
      strict.ctx.app,
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('WEBHOOK_URL_REFUSED');
  });

  it('refuses at delivery time too: no request is made and the delivery fails with the reason', async () => {
    // Stored while private targets were allowed (ctx), delivered by a worker that refuses them.
    const receiver = await startReceiver();
    const { service } = await pendingDelivery(receiver.url);
    const worker = await workerWith({
      allowPrivate: false,
    });
    expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
    expect(receiver.received).toEqual([]);
    expect((await deliveriesOf(service.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'refused: the webhook URL is not allowed',
    });
  });

  it('refuses a public name that resolves to a private address, without connecting', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const { service } = await pendingDelivery(`https://rebind.example.com:${port}/hooks`);
    const worker = await workerWith({
      allowPrivate: false,
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
    expect(receiver.received).toEqual([]);
    expect((await deliveriesOf(service.id))[0]?.lastError).toBe('refused: the address is private');
    // The admin's delivery log says why without telling what the name resolves to.
    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({
      status: 'failed',
      lastError: 'refused: the address is private',
    });
    expect(log.body).not.toContain('127.0.0.1');
    expect(log.body).not.toContain('93.184.216.34');
  });

  it('answers a reason stored with an address in it as a generic one in the delivery log', async () => {
    const { service } = await pendingDelivery('https://hooks.example.com/old');
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:8443' })
      .where(eq(webhookDeliveries.serviceId, service.id));
    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.json().data[0].lastError).toBe('delivery failed');
    expect(log.body).not.toContain('10.1.2.3');
  });
});
