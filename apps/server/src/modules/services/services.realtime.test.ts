import { describe, expect, it } from 'vitest';
import { type Req, UNKNOWN_ID } from '../../testing/http.ts';
import { createReq, useServiceTests } from './services.test-kit.ts';

// What a service write publishes to the realtime clients.
const { as, member, publishedBy, admin, addService } = useServiceTests();

describe('realtime changes', () => {
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
      expect((await as(admin, { method: 'DELETE', url: `/api/services/${UNKNOWN_ID}` })).statusCode).toBe(
        404,
      );
    });
    expect(published).toEqual([]);
  });
});
