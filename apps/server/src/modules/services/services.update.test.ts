import { serviceMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type ServiceBody, useServiceTests } from './services.test-kit.ts';

// Editing, enabling, disabling and deleting a service.
const { ctx, as, admin, addService, storedService, deliveriesOf, pendingDelivery } = useServiceTests();

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
    const { product, service } = await pendingDelivery('https://hooks.example.com/del');
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
