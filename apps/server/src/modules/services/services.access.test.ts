import { serviceMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceProducts, services } from '../../db/schema/index.ts';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID } from '../../testing/http.ts';
import { API_KEY, createReq, useServiceTests } from './services.test-kit.ts';

// Who may read and write services: 401, 403 and 404.
const { ctx, as, member, admin, addService, storedService } = useServiceTests();

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
      { url: `/api/services/${UNKNOWN_ID}` },
      { method: 'PATCH', url: `/api/services/${UNKNOWN_ID}`, payload: { name: 'Y' } },
      { method: 'PATCH', url: `/api/services/${UNKNOWN_ID}/status`, payload: { status: 'Active' } },
      { method: 'POST', url: `/api/services/${UNKNOWN_ID}/signing-secret` },
      { method: 'DELETE', url: `/api/services/${UNKNOWN_ID}` },
      { url: `/api/services/${UNKNOWN_ID}/deliveries` },
    ] as Req[]) {
      const res = await as(admin, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().code).toBe('SERVICE_NOT_FOUND');
    }
    expect((await as(admin, { url: '/api/services/not-a-uuid' })).statusCode).toBe(400);
  });
});
