import { serviceMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceProducts, services } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { createReq, type ServiceBody, useServiceTests } from './services.test-kit.ts';

// Adding a service: POST /api/services.
const { ctx, as, admin, addService, storedService } = useServiceTests();

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
      createReq({ name: 'X', category: 'Payment', integration: 'SDK', productIds: [UNKNOWN_ID] }),
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
