import { MAX_PUSH_DEVICES, pushMessages, securityMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSettings, pushSubscriptions, pushVapidKeys } from '../../db/schema/index.ts';
import { apiTokenHeaders } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { browserSubscription } from './push.test-kit.ts';

// The push routes (issue 33): a person's browser session only, their own devices only, endpoints
// held to the webhooks' SSRF rule, every field's size, and the limits.

const { ctx, as, member, otherProcess } = useTestApp();
const other = otherProcess();

const SUBSCRIPTIONS = '/api/push/subscriptions';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** A subscription as a browser posts it, to a push service on the public internet. */
const publicSubscription = () => browserSubscription('https://push.example.com');

const subscribe = (who: Signed, body: object) =>
  as(who, { method: 'POST', url: SUBSCRIPTIONS, payload: body, headers: { 'user-agent': FIREFOX } });

const devicesOf = async (who: Signed) =>
  (await as(who, { url: SUBSCRIPTIONS })).json().devices as { _id: string }[];

describe('who may call', () => {
  const calls = [
    { method: 'GET', url: '/api/push/public-key' },
    { method: 'GET', url: SUBSCRIPTIONS },
    { method: 'POST', url: SUBSCRIPTIONS, payload: publicSubscription().body },
    { method: 'DELETE', url: SUBSCRIPTIONS, payload: { endpoint: 'https://push.example.com/x' } },
    { method: 'DELETE', url: `${SUBSCRIPTIONS}/${UNKNOWN_ID}` },
    { method: 'GET', url: '/api/push/settings' },
    { method: 'PUT', url: '/api/push/settings', payload: { quietHours: null } },
  ] as const;

  it('answers 401 to every call without a session', async () => {
    for (const call of calls) {
      const res = await as(undefined, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('answers 403 to a personal API token, even a write one, and stores nothing', async () => {
    const me = await member();
    const headers = await apiTokenHeaders(ctx, me);
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'API_TOKEN_NOT_ALLOWED',
        message: securityMessages.tokenNotAllowed,
      });
    }
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id)),
    ).toEqual([]);
  });

  it("answers 404 for removing someone else's device or an unknown one, and theirs stays", async () => {
    const owner = await member('Olly Owner');
    const intruder = await member('Ivy Intruder');
    const made = await subscribe(owner, publicSubscription().body);
    expect(made.statusCode).toBe(201);
    const id = made.json()._id as string;
    for (const url of [`${SUBSCRIPTIONS}/${id}`, `${SUBSCRIPTIONS}/${UNKNOWN_ID}`]) {
      const res = await as(intruder, { method: 'DELETE', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(pushMessages.deviceNotFound);
    }
    // Unsubscribing by someone else's endpoint does nothing either.
    const byEndpoint = await as(intruder, {
      method: 'DELETE',
      url: SUBSCRIPTIONS,
      payload: { endpoint: made.json().endpoint },
    });
    expect(byEndpoint.statusCode).toBe(204);
    expect(await devicesOf(intruder)).toEqual([]);
    expect((await devicesOf(owner)).map((d) => d._id)).toEqual([id]);
  });
});

describe('the public key', () => {
  it('is made once and kept: the same in every call and in every process, its private half stored encrypted', async () => {
    const me = await member();
    const first = await as(me, { url: '/api/push/public-key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await as(me, { url: '/api/push/public-key' })).json().publicKey).toBe(publicKey);
    expect((await as(me, { url: '/api/push/public-key' }, other)).json().publicKey).toBe(publicKey);
    const rows = await ctx.db.select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.privateKeyEncrypted).toMatch(/^v1\./);
  });
});

describe('subscribing', () => {
  it('keeps the device with a name from its browser, lists it, and turns it off by endpoint', async () => {
    const me = await member();
    const browser = publicSubscription();
    const res = await subscribe(me, browser.body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      label: 'Firefox on Linux',
      endpoint: browser.body.endpoint,
      lastPushAt: null,
    });
    // The same browser again: still one device.
    expect((await subscribe(me, browser.body)).statusCode).toBe(201);
    expect(await devicesOf(me)).toHaveLength(1);
    const off = await as(me, {
      method: 'DELETE',
      url: SUBSCRIPTIONS,
      payload: { endpoint: browser.body.endpoint },
    });
    expect(off.statusCode).toBe(204);
    expect(await devicesOf(me)).toEqual([]);
  });

  it('hands a browser over to the person who signs in on it next and turns push on', async () => {
    const first = await member('First Person');
    const second = await member('Second Person');
    const browser = publicSubscription();
    await subscribe(first, browser.body);
    expect((await subscribe(second, browser.body)).statusCode).toBe(201);
    expect(await devicesOf(first)).toEqual([]);
    expect(await devicesOf(second)).toHaveLength(1);
  });

  it('removes one listed device', async () => {
    const me = await member();
    const id = (await subscribe(me, publicSubscription().body)).json()._id;
    await subscribe(me, publicSubscription().body);
    expect((await as(me, { method: 'DELETE', url: `${SUBSCRIPTIONS}/${id}` })).statusCode).toBe(204);
    expect((await devicesOf(me)).map((d) => d._id)).not.toContain(id);
    expect(await devicesOf(me)).toHaveLength(1);
  });

  it('refuses endpoints the server must not reach, and bad keys, with the field and nothing stored', async () => {
    const me = await member();
    const { keys } = publicSubscription().body;
    const refused = [
      'http://push.example.com/plain-http',
      'http://127.0.0.1:9/plain-http-loopback',
      'https://127.0.0.1/loopback',
      'https://localhost/loopback',
      'https://10.1.2.3/private',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/mapped',
      'https://user:secret@push.example.com/credentials',
      'ftp://push.example.com/x',
      'not a url',
      `https://push.example.com/${'a'.repeat(2100)}`,
    ];
    for (const endpoint of refused) {
      const res = await subscribe(me, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const badKeys = [
      { p256dh: 'short', auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'x'.repeat(40) },
      { p256dh: `${keys.p256dh.slice(0, -1)}!`, auth: keys.auth },
    ];
    for (const bad of badKeys) {
      const res = await subscribe(me, { endpoint: 'https://push.example.com/k', keys: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(pushMessages.keys);
    }
    expect(await devicesOf(me)).toEqual([]);
  });

  it(`refuses a device past ${MAX_PUSH_DEVICES} (409) and takes one again after a removal`, async () => {
    const me = await member();
    const stored = Array.from({ length: MAX_PUSH_DEVICES }, (_, i) => ({
      userId: me.user.id,
      endpoint: `https://push.example.com/many/${i}`,
      p256dh: 'k',
      auth: 'a',
      label: 'Chrome on Android',
    }));
    const rows = await ctx.db.insert(pushSubscriptions).values(stored).returning();
    const res = await subscribe(me, publicSubscription().body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_PUSH_DEVICES', message: pushMessages.tooManyDevices });
    await as(me, { method: 'DELETE', url: `${SUBSCRIPTIONS}/${rows[0]?.id}` });
    expect((await subscribe(me, publicSubscription().body)).statusCode).toBe(201);
  });

  it('allows 20 subscribes an hour per account, then 429 with the message', async () => {
    const me = await member();
    const browser = publicSubscription();
    for (let i = 0; i < 20; i++) expect((await subscribe(me, browser.body)).statusCode).toBe(201);
    const res = await subscribe(me, browser.body);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'PUSH_RATE_LIMITED', message: pushMessages.rateLimited });
    // Another account is not held back.
    expect((await subscribe(await member(), publicSubscription().body)).statusCode).toBe(201);
  });
});

describe('quiet hours', () => {
  it('are none until set, then as saved, over midnight too, and off again with null', async () => {
    const me = await member();
    expect((await as(me, { url: '/api/push/settings' })).json()).toEqual({ quietHours: null });
    const quietHours = { start: '22:30', end: '07:00', timeZone: 'Europe/Paris' };
    const saved = await as(me, { method: 'PUT', url: '/api/push/settings', payload: { quietHours } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ quietHours });
    expect((await as(me, { url: '/api/push/settings' })).json()).toEqual({ quietHours });
    const [row] = await ctx.db.select().from(pushSettings).where(eq(pushSettings.userId, me.user.id));
    expect(row).toMatchObject({ quietStart: 22 * 60 + 30, quietEnd: 7 * 60, timeZone: 'Europe/Paris' });
    expect(
      (await as(me, { method: 'PUT', url: '/api/push/settings', payload: { quietHours: null } })).json(),
    ).toEqual({
      quietHours: null,
    });
    expect((await as(me, { url: '/api/push/settings' })).json()).toEqual({ quietHours: null });
  });

  it('refuses a time that is not HH:MM, the same start and end, and an unknown zone, keeping what was saved', async () => {
    const me = await member();
    const kept = { start: '21:00', end: '06:00', timeZone: 'UTC' };
    await as(me, { method: 'PUT', url: '/api/push/settings', payload: { quietHours: kept } });
    const bad = [
      { start: '24:00', end: '07:00', timeZone: 'UTC' },
      { start: '7:00', end: '08:00', timeZone: 'UTC' },
      { start: '08:00', end: '08:00', timeZone: 'UTC' },
      { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
      { start: '22:00', end: '07:00', timeZone: 'x'.repeat(100) },
    ];
    for (const quietHours of bad) {
      const res = await as(me, { method: 'PUT', url: '/api/push/settings', payload: { quietHours } });
      expect(res.statusCode, JSON.stringify(quietHours)).toBe(400);
    }
    expect((await as(me, { url: '/api/push/settings' })).json()).toEqual({ quietHours: kept });
  });
});
