import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { services, webhookDeliveries } from '../../db/schema/index.ts';
import { loadSecretBox } from '../../lib/secrets.ts';
import { createProduct } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { createWebhookWorker } from './services.worker.ts';

// The service route tests' prelude: the file's app and admin, a service added through the API,
// webhook receivers on 127.0.0.1, and what the outbox and the worker stored.

export const API_KEY = 'sk_live_51HxQ2eZvKYlo2C0123abcd';

export type ServiceBody = {
  id: string;
  name: string;
  category: string;
  description: string;
  integration: string;
  status: string;
  lastUpdated: string;
  usedBy: { id: string; name: string }[];
  apiKey: string | null;
  webhookUrl: string | null;
  hasWebhookSecret: boolean;
  signingSecret?: string;
};

export const createReq = (payload: object): Req => ({ method: 'POST', url: '/api/services', payload });

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

/**
 * useTestApp with WEBHOOK_ALLOW_PRIVATE=1 (the receivers listen on 127.0.0.1; the rule without
 * it is tested on an app of its own) and the admin who manages the services.
 */
export function useServiceTests() {
  const prelude = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  const { ctx, as } = prelude;
  const admin = prelude.signedInOnce('admin', 'Ada Admin');

  const receivers: http.Server[] = [];
  afterEach(async () => {
    for (const server of receivers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  const kit = {
    admin,
    /** A service added through the API (by the admin unless told otherwise), as answered. */
    async addService(payload: Partial<Record<string, unknown>> = {}, who: Signed = admin) {
      const res = await as(
        who,
        createReq({
          name: 'Slack',
          category: 'Communication',
          description: 'Chat',
          integration: 'SDK',
          ...payload,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ServiceBody>();
    },
    storedService: async (id: string) => (await ctx.db.select().from(services).where(eq(services.id, id)))[0],
    deliveriesOf: (serviceId: string) =>
      ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.serviceId, serviceId))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)),
    /** deliverDue() sends whatever is due: the worker's tests start from an empty outbox. */
    emptyOutbox: () => ctx.db.delete(webhookDeliveries),

    /** A webhook receiver answering each POST with the next status of `statuses` (the last one repeats). */
    async startReceiver(statuses: number[] = [200]) {
      const received: Received[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body, url: req.url ?? '' });
          res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      receivers.push(server);
      return {
        url: `http://127.0.0.1:${port}/hooks/shipyard`,
        received,
        /** Stops listening: the address now refuses connections. */
        stop: async () => {
          receivers.splice(receivers.indexOf(server), 1);
          await new Promise((resolve) => server.close(resolve));
        },
      };
    },

    /** An Active Webhook service used by a new product of the admin; its secret as answered once. */
    async webhookedProduct(url: string, serviceValues: object = {}) {
      const product = await createProduct(ctx, admin.user.id, { name: 'Apollo', status: 'planning' });
      const service = await kit.addService({
        name: 'Receiver',
        integration: 'Webhook',
        webhookUrl: url,
        productIds: [product.id],
        ...serviceValues,
      });
      return { product, service, secret: service.signingSecret ?? '' };
    },
    /** A Webhook service of a new product the admin then moved to testing: one delivery pending. */
    async pendingDelivery(url: string) {
      const made = await kit.webhookedProduct(url);
      await kit.moveProduct(made.product.id);
      return made;
    },
    /** The admin moves a product to another status: an event for its Webhook services. */
    moveProduct: (productId: string, status = 'testing') =>
      as(admin, { method: 'PATCH', url: `/api/projects/${productId}/status`, payload: { status } }),
    /** A delivery worker of its own on this file's database, with the app's secrets and clock. */
    workerWith: async (
      options: Omit<Parameters<typeof createWebhookWorker>[0], 'db' | 'secrets' | 'clock'>,
    ) =>
      createWebhookWorker({
        db: ctx.db,
        secrets: await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir }),
        clock: ctx.clock,
        ...options,
      }),
  };
  return { ...prelude, ...kit };
}
