import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceMessages } from '@shipyard/shared';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, serviceProducts, services, webhookDeliveries } from '../../db/schema/index.ts';
import { loadSecretBox } from '../../lib/secrets.ts';
import { verifyWebhookSignature } from '../../lib/webhook-signing.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
} from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { createWebhookOutbox } from './services.outbox.ts';
import { createWebhookWorker, RETRY_DELAYS_MS } from './services.worker.ts';

// WEBHOOK_ALLOW_PRIVATE=1: the receivers of these tests listen on 127.0.0.1. The rule without it
// has its own app below.
const { ctx, as, member } = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let admin: Signed;
beforeAll(async () => {
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Ada Admin' });
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const API_KEY = 'sk_live_51HxQ2eZvKYlo2C0123abcd';

type ServiceBody = {
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

const createReq = (payload: object): Req => ({ method: 'POST', url: '/api/services', payload });
async function addService(payload: Partial<Record<string, unknown>> = {}, who: Signed = admin) {
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
}
const storedService = async (id: string) =>
  (await ctx.db.select().from(services).where(eq(services.id, id)))[0];
const deliveriesOf = (serviceId: string) =>
  ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.serviceId, serviceId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
const deleteAllServices = () => ctx.db.delete(services);

// ---- A webhook receiver on 127.0.0.1 ----

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

/** Answers each POST with the next status of `statuses` (the last one repeats). */
async function startReceiver(statuses: number[] = [200]) {
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
  return { url: `http://127.0.0.1:${port}/hooks/shipyard`, received };
}
const receivers: http.Server[] = [];
afterEach(async () => {
  for (const server of receivers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An Active Webhook service used by a new product of the admin; its secret as answered once. */
async function webhookedProduct(url: string, serviceValues: object = {}) {
  const product = await createProduct(ctx, admin.user.id, { name: 'Apollo', status: 'planning' });
  const service = await addService({
    name: 'Receiver',
    integration: 'Webhook',
    webhookUrl: url,
    productIds: [product.id],
    ...serviceValues,
  });
  return { product, service, secret: service.signingSecret ?? '' };
}

describe('who may read and write services', () => {
  it('answers 401 without a session', async () => {
    expect((await as(undefined, { url: '/api/services' })).statusCode).toBe(401);
    expect((await as(undefined, createReq({ name: 'X' }))).statusCode).toBe(401);
  });

  it('lets members and guests read, and only admins add, edit, enable, disable, delete and read the log', async () => {
    const service = await addService({ name: 'GitHub', category: 'Development' });
    const mia = await member();
    const gil = await createSignedInUser(ctx, { role: 'guest' });
    const superAdmin = await createSignedInUser(ctx, { role: 'super admin' });

    for (const who of [mia, gil]) {
      expect((await as(who, { url: '/api/services' })).statusCode).toBe(200);
      expect((await as(who, { url: `/api/services/${service.id}` })).statusCode).toBe(200);
    }
    const writes: Req[] = [
      createReq({ name: 'X', category: 'Payment', integration: 'SDK' }),
      { method: 'PATCH', url: `/api/services/${service.id}`, payload: { name: 'Y' } },
      { method: 'PATCH', url: `/api/services/${service.id}/status`, payload: { status: 'Inactive' } },
      { method: 'POST', url: `/api/services/${service.id}/signing-secret` },
      { method: 'DELETE', url: `/api/services/${service.id}` },
      { url: `/api/services/${service.id}/deliveries` },
    ];
    for (const req of writes) {
      const res = await as(mia, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: serviceMessages.forbidden });
    }
    expect((await storedService(service.id))?.name).toBe('GitHub');
    expect((await storedService(service.id))?.status).toBe('Active');

    const res = await as(
      superAdmin,
      createReq({ name: 'Stripe', category: 'Payment', integration: 'Direct API' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a guest every write with 403 FORBIDDEN, changing no stored row', async () => {
    const product = await createProduct(ctx, admin.user.id, { name: 'Apollo' });
    const service = await addService({
      name: 'Guarded',
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/guarded',
      apiKey: API_KEY,
      productIds: [product.id],
    });
    const gil = await createSignedInUser(ctx, { role: 'guest' });
    const linksOf = () =>
      ctx.db.select().from(serviceProducts).where(eq(serviceProducts.serviceId, service.id));
    const total = async () => (await ctx.db.select({ n: count() }).from(services))[0]?.n;
    const before = { row: await storedService(service.id), links: await linksOf(), total: await total() };
    expect(before.row?.webhookSecretEncrypted).not.toBeNull();

    const writes: Req[] = [
      createReq({ name: 'By guest', category: 'Payment', integration: 'SDK', productIds: [product.id] }),
      {
        method: 'PATCH',
        url: `/api/services/${service.id}`,
        payload: { name: 'Renamed', integration: 'SDK', apiKey: null, productIds: [] },
      },
      { method: 'PATCH', url: `/api/services/${service.id}/status`, payload: { status: 'Inactive' } },
      { method: 'POST', url: `/api/services/${service.id}/signing-secret` },
      { method: 'DELETE', url: `/api/services/${service.id}` },
    ];
    for (const req of writes) {
      const res = await as(gil, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: serviceMessages.forbidden });
      expect(res.body).not.toContain('whsec_');
    }
    expect({ row: await storedService(service.id), links: await linksOf(), total: await total() }).toEqual(
      before,
    );
  });

  it('answers 404 SERVICE_NOT_FOUND for an unknown service', async () => {
    for (const req of [
      { url: `/api/services/${UNKNOWN}` },
      { method: 'PATCH', url: `/api/services/${UNKNOWN}`, payload: { name: 'Y' } },
      { method: 'PATCH', url: `/api/services/${UNKNOWN}/status`, payload: { status: 'Active' } },
      { method: 'POST', url: `/api/services/${UNKNOWN}/signing-secret` },
      { method: 'DELETE', url: `/api/services/${UNKNOWN}` },
      { url: `/api/services/${UNKNOWN}/deliveries` },
    ] as Req[]) {
      const res = await as(admin, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().code).toBe('SERVICE_NOT_FOUND');
    }
    expect((await as(admin, { url: '/api/services/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('POST /api/services', () => {
  it('stores the service with its products and answers it, used by those products', async () => {
    const zeta = await createProduct(ctx, admin.user.id, { name: 'Zeta' });
    const apollo = await createProduct(ctx, admin.user.id, { name: 'Apollo' });

    const res = await as(
      admin,
      createReq({
        name: '  Datadog ',
        category: 'Monitoring',
        description: ' Metrics and traces ',
        integration: 'Agent',
        productIds: [zeta.id, apollo.id, zeta.id],
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<ServiceBody>();
    const stored = await storedService(body.id);
    expect(body).toEqual({
      id: body.id,
      name: 'Datadog',
      category: 'Monitoring',
      description: 'Metrics and traces',
      integration: 'Agent',
      status: 'Active',
      lastUpdated: stored?.updatedAt.toISOString(),
      usedBy: [
        { id: apollo.id, name: 'Apollo' },
        { id: zeta.id, name: 'Zeta' },
      ],
      apiKey: null,
      webhookUrl: null,
      hasWebhookSecret: false,
    });
    expect(stored).toMatchObject({ createdBy: admin.user.id, integrationType: 'Agent', webhookUrl: null });
    const links = await ctx.db.select().from(serviceProducts).where(eq(serviceProducts.serviceId, body.id));
    expect(links).toHaveLength(2);
  });

  it('refuses a missing name, an unknown category or integration, and an unknown product', async () => {
    const missing = await as(admin, createReq({ name: ' ', category: 'Payment', integration: 'SDK' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields.name).toEqual([serviceMessages.nameRequired]);

    const category = await as(admin, createReq({ name: 'X', category: 'Gaming', integration: 'SDK' }));
    expect(category.json().details.fields.category).toEqual([serviceMessages.categoryRequired]);

    const integration = await as(admin, createReq({ name: 'X', category: 'Payment', integration: 'FTP' }));
    expect(integration.json().details.fields.integration).toEqual([serviceMessages.integrationRequired]);

    const product = await as(
      admin,
      createReq({ name: 'X', category: 'Payment', integration: 'SDK', productIds: [UNKNOWN] }),
    );
    expect(product.statusCode).toBe(400);
    expect(product.json()).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      details: { fields: { productIds: [serviceMessages.productNotFound] } },
    });
    expect((await ctx.db.select({ n: count() }).from(services).where(eq(services.name, 'X')))[0]?.n).toBe(0);
  });

  it('needs a webhook URL for a Webhook service, and keeps none for other integrations', async () => {
    const res = await as(admin, createReq({ name: 'Hook', category: 'Development', integration: 'Webhook' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields.webhookUrl).toEqual([serviceMessages.webhookUrlRequired]);

    const sdk = await addService({ integration: 'SDK', webhookUrl: 'https://hooks.example.com/x' });
    expect(sdk.webhookUrl).toBeNull();
    expect((await storedService(sdk.id))?.webhookUrl).toBeNull();
    expect(sdk).not.toHaveProperty('signingSecret');
  });
});

describe('secrets', () => {
  it('keeps the API key encrypted, answers it masked, and never answers the key itself', async () => {
    const created = await as(
      admin,
      createReq({ name: 'Stripe', category: 'Payment', integration: 'Direct API', apiKey: API_KEY }),
    );
    expect(created.statusCode).toBe(201);
    const service = created.json<ServiceBody>();
    expect(service.apiKey).toBe('••••••••abcd');

    const stored = await storedService(service.id);
    expect(stored?.apiKeyLast4).toBe('abcd');
    expect(stored?.apiKeyEncrypted).toMatch(/^v1\./);
    // Nowhere in the row in clear, whatever the column.
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    expect(JSON.stringify(stored)).not.toContain(API_KEY.slice(0, 12));
    const { rows } = await ctx.pool.query('select * from services where id = $1', [service.id]);
    expect(JSON.stringify(rows)).not.toContain(API_KEY);

    const answers = [
      created,
      await as(admin, { url: '/api/services' }),
      await as(admin, { url: `/api/services/${service.id}` }),
      await as(admin, {
        method: 'PATCH',
        url: `/api/services/${service.id}`,
        payload: { description: 'Payments' },
      }),
      await as(admin, {
        method: 'PATCH',
        url: `/api/services/${service.id}/status`,
        payload: { status: 'Inactive' },
      }),
      await as(await member(), { url: '/api/services' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(res === created ? 201 : 200);
      expect(res.body).not.toContain(API_KEY);
      expect(res.body).not.toContain(stored?.apiKeyEncrypted);
      expect(res.body).not.toContain('apiKeyEncrypted');
    }
  });

  it('shows a short key as dots alone, replaces a key, and removes it with null', async () => {
    const service = await addService({ apiKey: 'abc123' });
    expect(service.apiKey).toBe('••••••••');
    expect((await storedService(service.id))?.apiKeyLast4).toBe('');

    const replaced = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { apiKey: 'pk_test_new_key_00009999' },
    });
    expect(replaced.json().apiKey).toBe('••••••••9999');

    const kept = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { name: 'Renamed' },
    });
    expect(kept.json().apiKey).toBe('••••••••9999');

    const removed = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { apiKey: null },
    });
    expect(removed.json().apiKey).toBeNull();
    expect(await storedService(service.id)).toMatchObject({ apiKeyEncrypted: null, apiKeyLast4: null });
  });

  it('answers a Webhook service its signing secret once: never again, nor in the database in clear', async () => {
    const service = await addService({
      name: 'Hook',
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/shipyard',
    });
    const secret = service.signingSecret ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(service.hasWebhookSecret).toBe(true);
    expect(service.webhookUrl).toBe('https://hooks.example.com/shipyard');

    const stored = await storedService(service.id);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    for (const res of [
      await as(admin, { url: '/api/services' }),
      await as(admin, { url: `/api/services/${service.id}` }),
      await as(admin, { method: 'PATCH', url: `/api/services/${service.id}`, payload: { name: 'Hook 2' } }),
    ]) {
      expect(res.body).not.toContain(secret);
      expect(res.json()).not.toHaveProperty('signingSecret');
    }

    // A member sees that it is a Webhook service, not where it sends.
    const seen = (await as(await member(), { url: `/api/services/${service.id}` })).json<ServiceBody>();
    expect(seen).toMatchObject({ webhookUrl: null, hasWebhookSecret: true });
  });

  it('rotates the signing secret, only of a Webhook service', async () => {
    const hook = await addService({ integration: 'Webhook', webhookUrl: 'https://hooks.example.com/a' });
    const res = await as(admin, { method: 'POST', url: `/api/services/${hook.id}/signing-secret` });
    expect(res.statusCode).toBe(200);
    expect(res.json().signingSecret).toMatch(/^whsec_/);
    expect(res.json().signingSecret).not.toBe(hook.signingSecret);

    const sdk = await addService({ integration: 'SDK' });
    const refused = await as(admin, { method: 'POST', url: `/api/services/${sdk.id}/signing-secret` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NOT_WEBHOOK');
  });

  it('gives a service that becomes a Webhook one a secret, and drops URL and secret when it stops being one', async () => {
    const service = await addService({ integration: 'SDK' });
    const noUrl = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { integration: 'Webhook' },
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().details.fields.webhookUrl).toEqual([serviceMessages.webhookUrlRequired]);

    const became = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { integration: 'Webhook', webhookUrl: 'https://hooks.example.com/b' },
    });
    expect(became.statusCode).toBe(200);
    expect(became.json().signingSecret).toMatch(/^whsec_/);

    const back = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { integration: 'Direct API' },
    });
    expect(back.json()).toMatchObject({ webhookUrl: null, hasWebhookSecret: false });
    expect(await storedService(service.id)).toMatchObject({ webhookUrl: null, webhookSecretEncrypted: null });
  });
});

describe('GET /api/services', () => {
  it('searches name or description ignoring case, filters by category, and counts every service in the stats', async () => {
    await deleteAllServices();
    const mia = await member('Mia Member');
    const seen = await createProduct(ctx, mia.user.id, { name: 'Seen' });
    const other = await createProduct(ctx, admin.user.id, { name: 'Hidden' });
    const third = await createProduct(ctx, admin.user.id, { name: 'Third' });
    const slack = await addService({
      name: 'Slack',
      category: 'Communication',
      description: 'Team chat',
      productIds: [seen.id, other.id, third.id],
    });
    const github = await addService({
      name: 'GitHub',
      category: 'Development',
      description: 'Code hosting',
      productIds: [seen.id, other.id],
    });
    const teams = await addService({
      name: 'Teams',
      category: 'Communication',
      description: 'Video CHAT',
      status: 'Pending',
    });
    const sentry = await addService({
      name: 'Sentry',
      category: 'Monitoring',
      description: 'Errors',
      productIds: [other.id],
    });
    await as(admin, {
      method: 'PATCH',
      url: `/api/services/${sentry.id}/status`,
      payload: { status: 'Inactive' },
    });

    const all = await as(admin, { url: '/api/services' });
    expect(all.statusCode).toBe(200);
    const body = all.json<{ data: ServiceBody[]; stats: object }>();
    expect(body.data.map((s) => s.name)).toEqual(['GitHub', 'Sentry', 'Slack', 'Teams']);
    expect(body.stats).toEqual({
      total: 4,
      active: 2,
      inactive: 1,
      pending: 1,
      byCategory: [
        { category: 'Development', count: 1 },
        { category: 'Communication', count: 2 },
        { category: 'Monitoring', count: 1 },
      ],
      mostUsed: [
        { id: slack.id, name: 'Slack', products: 3 },
        { id: github.id, name: 'GitHub', products: 2 },
        { id: sentry.id, name: 'Sentry', products: 1 },
      ],
      productsUsing: 3,
    });

    const chat = (await as(admin, { url: '/api/services?search=cHaT' })).json<{
      data: ServiceBody[];
      stats: { total: number };
    }>();
    expect(chat.data.map((s) => s.name)).toEqual(['Slack', 'Teams']);
    expect(chat.stats.total).toBe(4);
    const byName = (await as(admin, { url: '/api/services?search=git' })).json<{ data: ServiceBody[] }>();
    expect(byName.data.map((s) => s.id)).toEqual([github.id]);
    const literal = (await as(admin, { url: '/api/services?search=%25' })).json<{ data: ServiceBody[] }>();
    expect(literal.data).toEqual([]);

    const communication = (await as(admin, { url: '/api/services?category=Communication' })).json<{
      data: ServiceBody[];
    }>();
    expect(communication.data.map((s) => s.id)).toEqual([slack.id, teams.id]);
    const both = (await as(admin, { url: '/api/services?category=Communication&search=video' })).json<{
      data: ServiceBody[];
    }>();
    expect(both.data.map((s) => s.id)).toEqual([teams.id]);
    expect((await as(admin, { url: '/api/services?category=all' })).json().data).toHaveLength(4);
    expect((await as(admin, { url: '/api/services?category=Gaming' })).statusCode).toBe(400);

    // A member sees only the products they may see, in the chips and in the figures.
    const asMia = (await as(mia, { url: '/api/services' })).json<{
      data: ServiceBody[];
      stats: { mostUsed: unknown; productsUsing: number; total: number };
    }>();
    expect(asMia.data.find((s) => s.id === slack.id)?.usedBy).toEqual([{ id: seen.id, name: 'Seen' }]);
    expect(asMia.data.find((s) => s.id === sentry.id)?.usedBy).toEqual([]);
    expect(asMia.stats.total).toBe(4);
    expect(asMia.stats.mostUsed).toEqual([
      { id: github.id, name: 'GitHub', products: 1 },
      { id: slack.id, name: 'Slack', products: 1 },
    ]);
    expect(asMia.stats.productsUsing).toBe(1);
  });

  it('answers empty figures with no service', async () => {
    await deleteAllServices();
    const res = await as(admin, { url: '/api/services' });
    expect(res.json()).toEqual({
      data: [],
      stats: { total: 0, active: 0, inactive: 0, pending: 0, byCategory: [], mostUsed: [], productsUsing: 0 },
    });
  });
});

describe('PATCH and DELETE /api/services/{id}', () => {
  it('edits fields and replaces the products, moving lastUpdated', async () => {
    const a = await createProduct(ctx, admin.user.id, { name: 'Alpha' });
    const b = await createProduct(ctx, admin.user.id, { name: 'Beta' });
    const service = await addService({ productIds: [a.id] });
    await new Promise((r) => setTimeout(r, 5));

    const res = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: {
        name: 'Slack Enterprise',
        category: 'Project Management',
        description: '',
        productIds: [b.id],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ServiceBody>();
    expect(body).toMatchObject({
      name: 'Slack Enterprise',
      category: 'Project Management',
      description: '',
      integration: 'SDK',
      usedBy: [{ id: b.id, name: 'Beta' }],
    });
    expect(body.lastUpdated > service.lastUpdated).toBe(true);

    const only = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { productIds: [] },
    });
    expect(only.json().usedBy).toEqual([]);
  });

  it('enables and disables, and the status persists', async () => {
    const service = await addService();
    const off = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Inactive' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('Inactive');
    expect((await storedService(service.id))?.status).toBe('Inactive');
    expect((await as(admin, { url: `/api/services/${service.id}` })).json().status).toBe('Inactive');

    const on = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Active' },
    });
    expect(on.json().status).toBe('Active');
    expect((await storedService(service.id))?.status).toBe('Active');

    const bad = await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Pending' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(serviceMessages.statusUnknown);
  });

  it('deletes a service with its product links and deliveries, not the products', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/del');
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(await deliveriesOf(service.id)).toHaveLength(1);

    const res = await as(admin, { method: 'DELETE', url: `/api/services/${service.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serviceMessages.deleted });
    expect(await storedService(service.id)).toBeUndefined();
    expect(await deliveriesOf(service.id)).toEqual([]);
    expect(await ctx.db.select().from(products).where(eq(products.id, product.id))).toHaveLength(1);
    expect((await as(admin, { url: `/api/services/${service.id}` })).statusCode).toBe(404);
  });
});

describe('the webhook outbox', () => {
  it('writes one delivery per Active Webhook service of the product, with the status change', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/one');
    // Not a Webhook service, and a Webhook service of another product: neither receives it.
    await addService({ integration: 'SDK', productIds: [product.id] });
    const elsewhere = await createProduct(ctx, admin.user.id, { name: 'Elsewhere' });
    const otherHook = await addService({
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/two',
      productIds: [elsewhere.id],
    });

    const res = await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'Development' },
    });
    expect(res.statusCode).toBe(200);

    const [delivery, ...more] = await deliveriesOf(service.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      eventType: 'product.status_changed',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
    });
    expect(delivery?.payload).toEqual({
      id: delivery?.id,
      event: 'product.status_changed',
      occurredAt: expect.any(String),
      data: {
        productId: product.id,
        name: 'Apollo',
        status: 'development',
        previousStatus: 'planning',
      },
    });
    expect(await deliveriesOf(otherHook.id)).toEqual([]);
  });

  it('writes nothing for an Inactive service', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/off');
    await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Inactive' },
    });
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(await deliveriesOf(service.id)).toEqual([]);
  });

  it('writes nothing when the change rolls back, even after the delivery was inserted', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/rollback');
    // Fails at COMMIT, after the whole change (delivery included) was written in the transaction.
    await ctx.pool.query(`create or replace function test_refuse_commit() returns trigger language plpgsql
      as $$ begin raise exception 'refused at commit by the test'; end $$`);
    await ctx.pool.query(`create constraint trigger test_refuse_commit after update on products
      deferrable initially deferred for each row execute function test_refuse_commit()`);
    try {
      const res = await as(admin, {
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        payload: { status: 'production' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_commit on products');
    }
    expect(await deliveriesOf(service.id)).toEqual([]);
    expect((await ctx.db.select().from(products).where(eq(products.id, product.id)))[0]?.status).toBe(
      'planning',
    );

    // And through the outbox itself: a transaction that throws keeps none of its deliveries.
    const outbox = createWebhookOutbox({ clock: ctx.clock });
    await expect(
      ctx.db.transaction(async (tx) => {
        expect(
          await outbox.enqueue(tx, { event: 'product.updated', productIds: [product.id], data: {} }),
        ).toBe(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await deliveriesOf(service.id)).toEqual([]);
  });

  it('writes the product edit and delete, and every task change, of a product with a Webhook service', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/all');
    const task = await as(admin, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Ship it', projectId: product.id },
    });
    expect(task.statusCode).toBe(201);
    const taskId = task.json().id as string;
    await as(admin, {
      method: 'PATCH',
      url: `/api/tasks/${taskId}/task/update`,
      payload: { status: 'In Progress' },
    });
    await as(admin, {
      method: 'PATCH',
      url: `/api/tasks/${taskId}/update`,
      payload: { title: 'Ship it now' },
    });
    await as(admin, { method: 'DELETE', url: `/api/tasks/${taskId}` });
    await as(admin, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'Apollo 2' } });

    const events = (await deliveriesOf(service.id)).map((d) => [d.eventType, d.payload.data]);
    expect(events).toEqual([
      ['task.created', { taskId, productId: product.id, title: 'Ship it', status: 'Pending' }],
      [
        'task.status_changed',
        { taskId, productId: product.id, title: 'Ship it', status: 'In Progress', previousStatus: 'Pending' },
      ],
      [
        'task.updated',
        { taskId, productId: product.id, title: 'Ship it now', status: 'In Progress', changed: ['title'] },
      ],
      ['task.deleted', { taskId, productId: product.id, title: 'Ship it now', status: 'In Progress' }],
      ['product.updated', { productId: product.id, name: 'Apollo 2', status: 'planning', changed: ['name'] }],
    ]);
    // Every delivery as enqueue writes it, the task's creation too (one statement with its entry
    // and watchers, lib/write.ts): pending, due at once, its payload naming it and its time.
    for (const d of await deliveriesOf(service.id)) {
      expect(d).toMatchObject({ status: 'pending', attempts: 0 });
      expect(d.payload).toEqual({
        id: d.id,
        event: d.eventType,
        occurredAt: d.nextAttemptAt.toISOString(),
        data: expect.any(Object),
      });
    }

    // Deleting the product removes its service links: the event is written before they go.
    const res = await as(admin, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(res.statusCode).toBe(200);
    const last = (await deliveriesOf(service.id)).at(-1);
    expect(last?.eventType).toBe('product.deleted');
    expect(last?.payload.data).toEqual({ productId: product.id, name: 'Apollo 2', status: 'planning' });
  });

  it('tells the services of a product whose team member changes one of its tasks', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/member');
    const mia = await member();
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, mia.user.id);
    const task = await createTask(ctx, product.id, { title: 'Review' });
    const res = await as(mia, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'Completed' },
    });
    expect(res.statusCode).toBe(200);
    expect((await deliveriesOf(service.id)).map((d) => d.eventType)).toEqual(['task.status_changed']);
  });
});

// deliverDue() sends whatever is due: each test starts from an empty outbox.
const emptyOutbox = () => ctx.db.delete(webhookDeliveries);

describe('the delivery worker', () => {
  beforeEach(emptyOutbox);

  it('POSTs the event to the receiver, signed, and records it delivered', async () => {
    const receiver = await startReceiver([204]);
    const { product, service, secret } = await webhookedProduct(receiver.url);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
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
    const { product, service } = await webhookedProduct(receiver.url);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });

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
    const { product, service } = await webhookedProduct(receiver.url);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });

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
    const { product, service } = await webhookedProduct(receiver.url);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
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
    const worker = createWebhookWorker({
      db: ctx.db,
      secrets: await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir }),
      clock: ctx.clock,
      allowPrivate: true,
      intervalMs: 20,
    });
    worker.start();
    try {
      await as(admin, {
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        payload: { status: 'testing' },
      });
      await expect
        .poll(async () => (await deliveriesOf(service.id))[0]?.status, { timeout: 5_000 })
        .toBe('delivered');
    } finally {
      await worker.stop();
    }
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'production' },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(service.id)).map((d) => d.status)).toEqual(['delivered', 'pending']);
  });

  it('gives up on a receiver or a DNS lookup that takes longer than the timeout, and retries', async () => {
    const hanging = http.createServer(() => {}); // never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const secrets = await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir });
    try {
      const slow = await webhookedProduct(`http://127.0.0.1:${port}/slow`);
      await as(admin, {
        method: 'PATCH',
        url: `/api/projects/${slow.product.id}/status`,
        payload: { status: 'testing' },
      });
      const worker = createWebhookWorker({
        db: ctx.db,
        secrets,
        clock: ctx.clock,
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
    const named = await webhookedProduct('https://never-answers.example.com/hook');
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${named.product.id}/status`,
      payload: { status: 'testing' },
    });
    const worker = createWebhookWorker({
      db: ctx.db,
      secrets,
      clock: ctx.clock,
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
    await new Promise((resolve) => receivers.pop()?.close(resolve));
    const { product, service } = await webhookedProduct(closed);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ retrying: 1 });
    expect((await deliveriesOf(service.id))[0]?.lastError).toBe('connection refused');
    // The delivery log names neither the address nor the port that refused.
    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.json().data[0].lastError).toBe('connection refused');
    expect(log.body).not.toContain('127.0.0.1');
    expect(log.body).not.toContain(`:${new URL(closed).port}`);
  });
});

describe('GET /api/services/{id}/deliveries', () => {
  it('lists newest first with keyset paging, and refuses a malformed cursor', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/log');
    for (const status of ['development', 'testing', 'production']) {
      await as(admin, { method: 'PATCH', url: `/api/projects/${product.id}/status`, payload: { status } });
    }
    const stored = (await deliveriesOf(service.id)).reverse();
    const first = await as(admin, { url: `/api/services/${service.id}/deliveries?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ data: { id: string }[]; nextCursor: string | null }>();
    expect(page1.data.map((d) => d.id)).toEqual(stored.slice(0, 2).map((d) => d.id));
    expect(page1.nextCursor).toEqual(expect.any(String));

    const second = await as(admin, {
      url: `/api/services/${service.id}/deliveries?limit=2&cursor=${page1.nextCursor}`,
    });
    const page2 = second.json<{
      data: { id: string; status: string; nextAttemptAt: string }[];
      nextCursor: null;
    }>();
    expect(page2.data.map((d) => d.id)).toEqual([stored[2]?.id]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.data[0]).toMatchObject({ status: 'pending', nextAttemptAt: expect.any(String) });

    const bad = await as(admin, { url: `/api/services/${service.id}/deliveries?cursor=nope` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestContext;
  let strictAdmin: Signed;
  beforeAll(async () => {
    strict = await buildTestApp();
    strictAdmin = await createSignedInUser(strict, { role: 'admin' });
  });
  afterAll(() => strict.close());
  beforeEach(emptyOutbox);

  const create = (webhookUrl: string) =>
    as(
      strictAdmin,
      createReq({ name: 'Hook', category: 'Development', integration: 'Webhook', webhookUrl }),
      strict.app,
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
    expect((await strict.db.select({ n: count() }).from(services))[0]?.n).toBe(0);

    const ok = await create('https://hooks.example.com/x');
    expect(ok.statusCode).toBe(201);
    const moved = await as(
      strictAdmin,
      {
        method: 'PATCH',
        url: `/api/services/${ok.json().id}`,
        payload: { webhookUrl: 'https://127.0.0.1/x' },
      },
      strict.app,
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('WEBHOOK_URL_REFUSED');
  });

  it('refuses at delivery time too: no request is made and the delivery fails with the reason', async () => {
    // Stored while private targets were allowed (ctx), delivered by a worker that refuses them.
    const receiver = await startReceiver();
    const { product, service } = await webhookedProduct(receiver.url);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    const worker = createWebhookWorker({
      db: ctx.db,
      secrets: await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir }),
      clock: ctx.clock,
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
    const { product, service } = await webhookedProduct(`https://rebind.example.com:${port}/hooks`);
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    const worker = createWebhookWorker({
      db: ctx.db,
      secrets: await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir }),
      clock: ctx.clock,
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
    const { product, service } = await webhookedProduct('https://hooks.example.com/old');
    await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:8443' })
      .where(eq(webhookDeliveries.serviceId, service.id));
    const log = await as(admin, { url: `/api/services/${service.id}/deliveries` });
    expect(log.json().data[0].lastError).toBe('delivery failed');
    expect(log.body).not.toContain('10.1.2.3');
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }
  // Every signed-in user reads the catalogue, so every change goes to everyone.
  const change = (op: string, id: string) =>
    expect.objectContaining({ kind: 'service', op, id, productId: null, everyone: true });

  it('publishes every change of a service to every signed-in user', async () => {
    let id = '';
    expect(
      await publishedBy(async () => {
        id = (await addService({ name: 'Hook', integration: 'Webhook', webhookUrl: 'https://example.com/h' }))
          .id;
      }),
    ).toEqual([change('created', id)]);
    const writes: Req[] = [
      { method: 'PATCH', url: `/api/services/${id}`, payload: { name: 'Hooked' } },
      { method: 'PATCH', url: `/api/services/${id}/status`, payload: { status: 'Inactive' } },
      { method: 'POST', url: `/api/services/${id}/signing-secret` },
    ];
    for (const req of writes) {
      expect(await publishedBy(() => as(admin, req)), `${req.method} ${req.url}`).toEqual([
        change('updated', id),
      ]);
    }
    expect(await publishedBy(() => as(admin, { method: 'DELETE', url: `/api/services/${id}` }))).toEqual([
      change('deleted', id),
    ]);
  });

  it('publishes nothing for an unchanged status, a refused, invalid or unknown write', async () => {
    const service = await addService({ name: 'Quiet' });
    const mia = await member();
    const published = await publishedBy(async () => {
      const same = {
        method: 'PATCH',
        url: `/api/services/${service.id}/status`,
        payload: { status: 'Active' },
      };
      expect((await as(admin, same as Req)).statusCode).toBe(200);
      expect((await as(mia, { method: 'DELETE', url: `/api/services/${service.id}` })).statusCode).toBe(403);
      expect((await as(admin, createReq({ name: '' }))).statusCode).toBe(400);
      expect(
        (await as(admin, { method: 'POST', url: `/api/services/${service.id}/signing-secret` })).statusCode,
      ).toBe(400);
      expect((await as(admin, { method: 'DELETE', url: `/api/services/${UNKNOWN}` })).statusCode).toBe(404);
    });
    expect(published).toEqual([]);
  });
});
