import { serviceMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { API_KEY, createReq, type ServiceBody, useServiceTests } from './services.test-kit.ts';

// A service's API key and signing secret: stored encrypted, answered masked or once.
const { ctx, as, member, admin, addService, storedService } = useServiceTests();

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
