import { describe, expect, it } from 'vitest';
import { useServiceTests } from './services.test-kit.ts';

// A service's delivery log: GET /api/services/{id}/deliveries.
const { as, admin, deliveriesOf, webhookedProduct, moveProduct } = useServiceTests();

describe('GET /api/services/{id}/deliveries', () => {
  it('lists newest first with keyset paging, and refuses a malformed cursor', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/log');
    for (const status of ['development', 'testing', 'production']) {
      await moveProduct(product.id, status);
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
