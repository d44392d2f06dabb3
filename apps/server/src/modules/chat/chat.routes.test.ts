import { CHAT_DESTINATIONS_PER_PRODUCT_MAX, CHAT_TESTS_PER_MINUTE, chatMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatDestinations } from '../../db/schema/index.ts';
import { loadSecretBox } from '../../lib/secrets.ts';
import { apiTokenHeaders } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { chatUrlContext } from './chat.target.ts';
import { useChatTests } from './chat.test-kit.ts';

// The chat destinations' routes: who may list, add, edit, delete, test and read the log; what
// is refused and changes nothing; the URL kept encrypted and never answered.

const { ctx, as, member, guest, signedInOnce, productOf, startReceiver, addDestination } = useChatTests();
const owner = signedInOnce('member', 'Olga Owner');
const admin = signedInOnce('admin', 'Ada Admin');

const list = (productId: string) => ({
  method: 'GET' as const,
  url: `/api/projects/${productId}/chat-destinations`,
});
const create = (productId: string, payload: object) => ({
  method: 'POST' as const,
  url: `/api/projects/${productId}/chat-destinations`,
  payload,
});
const stored = async (productId: string) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(chatDestinations)
      .where(eq(chatDestinations.productId, productId))
  )[0]?.n;

describe('chat destination routes', () => {
  it('keeps the URL encrypted and answers its host only', async () => {
    const { product } = await productOf(owner);
    const url = 'http://127.0.0.1:9/hooks/T000/B000/very-secret';
    const made = await addDestination(owner, product.id, {
      url,
      kind: 'slack',
      events: ['stage', 'created', 'stage'],
    });
    expect(made).toMatchObject({
      urlHost: '127.0.0.1:9',
      kind: 'slack',
      events: ['created', 'stage'],
      enabled: true,
    });
    expect(JSON.stringify(made)).not.toContain('very-secret');

    const [row] = await ctx.db.select().from(chatDestinations).where(eq(chatDestinations.id, made.id));
    expect(row?.urlEncrypted).not.toContain('very-secret');
    const box = await loadSecretBox({ appSecret: undefined, dataDir: ctx.dataDir });
    expect(box.decrypt(row?.urlEncrypted ?? '', chatUrlContext(made.id))).toBe(url);

    const listed = await as(owner, list(product.id));
    expect(listed.json()).toEqual({ data: [made], canManage: true });
    expect(listed.body).not.toContain('very-secret');
  });

  it('answers 401 without a session, 404 for a product or destination out of sight, 403 to who only sees it', async () => {
    const { product } = await productOf(owner);
    const mia = await member('Mia Member');
    const stranger = await member('Sam Stranger');
    const { product: shared } = await productOf(owner, [mia]);
    const dest = await addDestination(owner, shared.id, { url: 'http://127.0.0.1:9/x' });
    const body = { name: 'X', kind: 'discord', url: 'http://127.0.0.1:9/y', events: ['created'] };

    expect((await as(undefined, list(product.id))).statusCode).toBe(401);
    expect((await as(undefined, create(product.id, body))).statusCode).toBe(401);
    expect(
      (await as(undefined, { method: 'POST', url: `/api/chat-destinations/${dest.id}/test` })).statusCode,
    ).toBe(401);

    expect((await as(stranger, list(product.id))).statusCode).toBe(404);
    expect((await as(stranger, create(product.id, body))).statusCode).toBe(404);
    for (const req of [
      { method: 'PATCH' as const, url: `/api/chat-destinations/${dest.id}`, payload: { name: 'Y' } },
      { method: 'DELETE' as const, url: `/api/chat-destinations/${dest.id}` },
      { method: 'GET' as const, url: `/api/chat-destinations/${dest.id}/deliveries` },
      { method: 'POST' as const, url: `/api/chat-destinations/${dest.id}/test` },
    ]) {
      const res = await as(stranger, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().code).toBe('CHAT_DESTINATION_NOT_FOUND');
      const forbidden = await as(mia, req);
      expect(forbidden.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(forbidden.json().message).toBe(chatMessages.manageForbidden);
    }
    expect((await as(mia, create(shared.id, body))).statusCode).toBe(403);
    expect(
      (
        await as(owner, {
          method: 'PATCH',
          url: `/api/chat-destinations/${UNKNOWN_ID}`,
          payload: { name: 'Y' },
        })
      ).statusCode,
    ).toBe(404);

    // Who sees the product sees the list (never a URL), and may not manage it.
    expect((await as(mia, list(shared.id))).json()).toMatchObject({
      data: [{ id: dest.id }],
      canManage: false,
    });
    // Nothing changed.
    const [row] = await ctx.db.select().from(chatDestinations).where(eq(chatDestinations.id, dest.id));
    expect(row?.name).toBe('Team channel');
    expect(await stored(shared.id)).toBe(1);
    // A guest of the product, and an admin who manages every product.
    const gil = await guest('Gil Guest');
    const { product: guestOne } = await productOf(owner, [gil]);
    expect((await as(gil, create(guestOne.id, body))).statusCode).toBe(403);
    expect((await as(admin, create(guestOne.id, body))).statusCode).toBe(201);
  });

  it('refuses bad input with its field’s message, and a product’s eleventh destination, storing nothing', async () => {
    const { product } = await productOf(owner);
    const ok = { name: 'Ops', kind: 'ntfy', url: 'http://127.0.0.1:9/alerts', events: ['due_soon'] };
    for (const [payload, field, message] of [
      [{ ...ok, name: '  ' }, 'name', chatMessages.nameRequired],
      [{ ...ok, name: 'x'.repeat(81) }, 'name', undefined],
      [{ ...ok, kind: 'irc' }, 'kind', chatMessages.kindRequired],
      [{ ...ok, url: 'ftp://example.com/x' }, 'url', chatMessages.urlInvalid],
      [{ ...ok, url: `https://example.com/${'a'.repeat(2000)}` }, 'url', undefined],
      [{ ...ok, events: [] }, 'events', chatMessages.eventsRequired],
      [{ ...ok, events: ['deploys'] }, 'events', chatMessages.eventsRequired],
    ] as const) {
      const res = await as(owner, create(product.id, payload));
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const fields = res.json().details?.fields ?? {};
      expect(
        Object.keys(fields).some((k) => k.startsWith(field)),
        JSON.stringify(fields),
      ).toBe(true);
      if (message) expect(JSON.stringify(fields)).toContain(message);
    }
    expect(await stored(product.id)).toBe(0);

    for (let i = 0; i < CHAT_DESTINATIONS_PER_PRODUCT_MAX; i++) {
      await ctx.db.insert(chatDestinations).values({
        productId: product.id,
        name: `D${i}`,
        kind: 'slack',
        urlEncrypted: 'v1.x.y.z',
        urlHost: 'hooks.slack.com',
        events: ['created'],
      });
    }
    const full = await as(owner, create(product.id, ok));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CHAT_DESTINATIONS_FULL', message: chatMessages.tooMany });
    expect(await stored(product.id)).toBe(CHAT_DESTINATIONS_PER_PRODUCT_MAX);
  });

  it('sends a test message now and answers how it went; the log shows it', async () => {
    const { product } = await productOf(owner);
    const good = await startReceiver([204]);
    const bad = await startReceiver([503]);
    const fine = await addDestination(owner, product.id, { url: good.url, kind: 'googlechat' });
    const broken = await addDestination(owner, product.id, { url: bad.url, kind: 'ntfy' });

    const ok = await as(owner, { method: 'POST', url: `/api/chat-destinations/${fine.id}/test` });
    expect(ok.json()).toEqual({ status: 'delivered', statusCode: 204, error: null });
    expect(good.received[0]?.json()).toMatchObject({
      cardsV2: [{ cardId: 'shipyard', card: { header: { title: 'Test message from Shipyard' } } }],
    });

    const failed = await as(owner, { method: 'POST', url: `/api/chat-destinations/${broken.id}/test` });
    expect(failed.json()).toEqual({ status: 'failed', statusCode: 503, error: 'HTTP 503' });
    // ntfy: a JSON publish to the server's root with the topic in the body.
    expect(bad.received[0]?.url).toBe('/hooks/T000/B000/');
    expect(bad.received[0]?.json()).toMatchObject({
      topic: 'secretpart',
      title: 'Test message from Shipyard',
    });
    // Not retried: the log shows one failed attempt.
    const log = await as(owner, { method: 'GET', url: `/api/chat-destinations/${broken.id}/deliveries` });
    expect(log.json().data).toEqual([
      expect.objectContaining({ event: 'chat.test', status: 'failed', attempts: 1, lastStatusCode: 503 }),
    ]);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
  });

  it('lets an API token list, test and delete, but never set where messages go', async () => {
    const { product } = await productOf(owner);
    const receiver = await startReceiver();
    const dest = await addDestination(owner, product.id, { url: receiver.url });
    const headers = await apiTokenHeaders(ctx, owner);
    const viaToken = (req: Parameters<typeof as>[1]) => as(undefined, { ...req, headers });
    const body = { name: 'X', kind: 'slack', url: receiver.url, events: ['created'] };
    for (const req of [
      create(product.id, body),
      {
        method: 'PATCH' as const,
        url: `/api/chat-destinations/${dest.id}`,
        payload: { url: 'http://127.0.0.1:9/z' },
      },
    ]) {
      const res = await viaToken(req);
      expect(res.statusCode, req.method).toBe(403);
      expect(res.json().code).toBe('API_TOKEN_NOT_ALLOWED');
    }
    expect(await stored(product.id)).toBe(1);
    expect((await viaToken(list(product.id))).statusCode).toBe(200);
    const tested = await viaToken({
      method: 'POST',
      url: `/api/chat-destinations/${dest.id}/test`,
    });
    expect(tested.json()).toMatchObject({ status: 'delivered' });
    expect((await viaToken({ method: 'DELETE', url: `/api/chat-destinations/${dest.id}` })).statusCode).toBe(
      204,
    );
  });

  it('limits test messages per account', async () => {
    const tester = await member('Tess Tester');
    const { product } = await productOf(tester);
    const receiver = await startReceiver();
    const dest = await addDestination(tester, product.id, { url: receiver.url });
    for (let i = 0; i < CHAT_TESTS_PER_MINUTE; i++) {
      expect(
        (await as(tester, { method: 'POST', url: `/api/chat-destinations/${dest.id}/test` })).statusCode,
      ).toBe(200);
    }
    const limited = await as(tester, { method: 'POST', url: `/api/chat-destinations/${dest.id}/test` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'CHAT_RATE_LIMITED', message: chatMessages.testsLimited });
    expect(receiver.received).toHaveLength(CHAT_TESTS_PER_MINUTE);
  });
});

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  const strict = useTestApp();
  const strictOwner = strict.signedInOnce('member', 'Stan Strict');

  it('refuses private and plain-http URLs at create and update, and a stored private URL at send time', async () => {
    const { product } = await strict.productOf(strictOwner);
    const base = { name: 'Ops', kind: 'slack', events: ['created'] };
    for (const [url, message] of [
      ['http://hooks.slack.com/services/x', chatMessages.urlHttps],
      ['https://127.0.0.1/x', chatMessages.urlPrivate],
      ['https://10.1.2.3/x', chatMessages.urlPrivate],
      ['https://169.254.169.254/latest', chatMessages.urlPrivate],
      ['https://[::1]/x', chatMessages.urlPrivate],
      ['https://localhost/x', chatMessages.urlPrivate],
      ['https://user:pw@hooks.slack.com/x', chatMessages.urlCredentials],
    ] as const) {
      const res = await strict.as(strictOwner, create(product.id, { ...base, url }), strict.ctx.app);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'CHAT_URL_REFUSED',
        details: { fields: { url: [message] } },
      });
    }
    const made = await strict.as(
      strictOwner,
      create(product.id, { ...base, url: 'https://hooks.slack.com/services/T/B/x' }),
      strict.ctx.app,
    );
    expect(made.statusCode).toBe(201);
    const moved = await strict.as(
      strictOwner,
      {
        method: 'PATCH',
        url: `/api/chat-destinations/${made.json().id}`,
        payload: { url: 'https://192.168.0.5/x' },
      },
      strict.ctx.app,
    );
    expect(moved.statusCode).toBe(400);

    // A URL stored before the rule (or by hand) is refused when sent, without a request.
    const box = await loadSecretBox({ appSecret: undefined, dataDir: strict.ctx.dataDir });
    const id = made.json().id as string;
    await strict.ctx.db
      .update(chatDestinations)
      .set({ urlEncrypted: box.encrypt('https://127.0.0.1:9/x', chatUrlContext(id)) })
      .where(eq(chatDestinations.id, id));
    const test = await strict.as(
      strictOwner,
      { method: 'POST', url: `/api/chat-destinations/${id}/test` },
      strict.ctx.app,
    );
    expect(test.json()).toEqual({
      status: 'failed',
      statusCode: null,
      error: 'refused: the address is private',
    });
  });
});
