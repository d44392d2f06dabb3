import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  documents,
  events,
  products,
  services,
  tasks,
  teams,
  users,
} from '../db/schema/index.ts';
import { createProduct, createTask, createTeam } from '../testing/factories.ts';
import { type Signed, useTestApp } from '../testing/http.ts';
import { tinyPng } from '../testing/multipart.ts';

// Issue 13 #13: bad input is a 400 with the app's error shape, never a 500, and stores nothing.

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let admin: Signed;
let productId: string;
let taskId: string;
let teamId: string;

const { ctx, signedIn } = useTestApp();
beforeAll(async () => {
  admin = await signedIn('super admin', 'Sam Super');
  productId = (await createProduct(ctx, admin.user.id, { name: 'Atlas' })).id;
  taskId = (await createTask(ctx, productId, { title: 'Wire up' })).id;
  teamId = (await createTeam(ctx, productId)).id;
});

const call = (method: Method, url: string, payload?: object | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...admin.headers, ...headers } });

/** Every row of the tables a write could touch, to prove a refused request changed none. */
async function snapshot() {
  const [p, t, tm, e, s, a, u, d] = await Promise.all([
    ctx.db.select().from(products),
    ctx.db.select().from(tasks),
    ctx.db.select().from(teams),
    ctx.db.select().from(events),
    ctx.db.select().from(services),
    ctx.db.select().from(activities),
    ctx.db.select().from(users),
    ctx.db.select().from(documents),
  ]);
  return JSON.stringify([p, t, tm, e, s, a, u, d]);
}

function expectAppError(res: { statusCode: number; json: () => Record<string, unknown> }, status = 400) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    error: 'Bad Request',
    message: expect.any(String),
    code: expect.any(String),
    requestId: expect.any(String),
  });
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

/** One write route of each module, with a string field that will carry the bad text. */
const writes = (bad: string): [Method, () => string, Record<string, unknown>][] => [
  ['POST', () => '/api/auth/register', { name: bad, email: 'nul@example.com', password: 'secret-123' }],
  ['POST', () => '/api/auth/login', { email: 'x@example.com', password: bad }],
  ['PATCH', () => '/api/auth/profile', { username: bad }],
  [
    'POST',
    () => '/api/projects',
    {
      name: bad,
      description: 'd',
      start_date: '2026-01-01',
      target_end_date: '2026-02-01',
      status: 'planning',
      team_size: 2,
    },
  ],
  ['PATCH', () => `/api/projects/${productId}`, { name: bad }],
  ['PATCH', () => `/api/projects/${productId}`, { description: bad }],
  ['POST', () => '/api/tasks', { title: bad, projectId: productId }],
  ['PATCH', () => `/api/tasks/${taskId}/update`, { title: bad }],
  ['PUT', () => `/api/tasks/${taskId}/update`, { description: bad }],
  ['POST', () => `/api/team/${productId}/create-team`, { name: bad }],
  ['POST', () => '/api/events', { title: bad, date: '2026-03-01', type: 'meeting' }],
  ['POST', () => '/api/services', { name: bad, category: 'Payment', integration: 'SDK' }],
  ['POST', () => '/api/activities', { actionType: 'comment_added', description: bad, projectId: productId }],
  ['POST', () => '/api/user/admin-create-users', { name: bad, email: 'new@example.com' }],
  ['PATCH', () => '/api/user/update-user', { id: admin.user.id, position: bad }],
  ['POST', () => '/api/auth/reset-password/confirm', { token: bad, newPassword: 'long-enough-1' }],
];

describe('a NUL byte or a lone surrogate in a string', () => {
  it.each([
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE],
  ])(
    'is refused with 400 by every write route when the body holds %s, and nothing is stored',
    async (_, bad) => {
      const before = await snapshot();
      for (const [method, url, payload] of writes(bad)) {
        const res = await call(method, url(), payload);
        expect([res.statusCode, method, url()]).toEqual([400, method, url()]);
        expectAppError(res);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it('is refused in a nested value and in an object key', async () => {
    const before = await snapshot();
    const nested = await call('POST', '/api/activities', {
      actionType: 'comment_added',
      description: 'fine',
      projectId: productId,
      metadata: { deep: [{ note: NUL }] },
    });
    expectAppError(nested);
    expect(nested.json().details).toEqual({ fields: { 'metadata.deep.0.note': [expect.any(String)] } });
    const key = await call('POST', '/api/activities', {
      actionType: 'comment_added',
      description: 'fine',
      projectId: productId,
      metadata: { [NUL]: 1 },
    });
    expectAppError(key);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    '/api/projects?search=a%00b',
    '/api/activities?search=a%00b',
    '/api/activities?action=a%00b',
    '/api/tasks/all?search=a%00b',
    '/api/services?search=a%00b',
    '/api/team/all-team-members?search=a%00b',
    '/api/team/:team/candidates?search=a%00b',
    '/api/notifications?search=a%00b',
    '/api/auth/verify?token=a%00b',
  ])('is refused with 400 in the query of GET %s', async (url) => {
    expectAppError(await call('GET', url.replace(':team', teamId)));
  });

  it('is refused in a path parameter', async () => {
    expectAppError(await call('GET', '/api/uploads/avatars/a%00b.png'));
  });

  it('leaves a product name and a task title unchanged when an edit carries a lone surrogate', async () => {
    const product = await call('PATCH', `/api/projects/${productId}`, { name: 'New \ud83d name' });
    expectAppError(product);
    const task = await call('PATCH', `/api/tasks/${taskId}/update`, { title: '\udc00 title' });
    expectAppError(task);
    const [p] = await ctx.db.select().from(products).where(eq(products.id, productId));
    const [t] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect([p?.name, t?.title]).toEqual(['Atlas', 'Wire up']);
  });

  it('still accepts a paired surrogate (an emoji) and line breaks in a description', async () => {
    const res = await call('PATCH', `/api/projects/${productId}`, { description: 'Ship it 🚀\nthen rest' });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Ship it 🚀\nthen rest');
  });
});

describe('an empty update', () => {
  it.each([
    ['PATCH', '/api/auth/profile', () => ({})],
    ['PATCH', '/api/projects/:product', () => ({})],
    ['PATCH', '/api/tasks/:task/update', () => ({})],
    ['PUT', '/api/tasks/:task/update', () => ({})],
    ['PATCH', '/api/user/update-user', () => ({ id: admin.user.id })],
  ] as [Method, string, () => object][])(
    '%s %s with nothing to change is a 400, not a 500',
    async (method, url, payload) => {
      const before = await snapshot();
      const res = await call(method, url.replace(':product', productId).replace(':task', taskId), payload());
      expectAppError(res);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(await snapshot()).toBe(before);
    },
  );

  it('is a 400 for a service edit, and a no-op for an event edit (changed nothing, answered 200)', async () => {
    const event = await call('POST', '/api/events', { title: 'Demo', date: '2026-03-01', type: 'meeting' });
    expect(event.statusCode).toBe(201);
    const service = await call('POST', '/api/services', {
      name: 'Mail',
      category: 'Payment',
      integration: 'SDK',
    });
    expect(service.statusCode).toBe(201);
    const before = await snapshot();
    expect((await call('PATCH', `/api/events/${event.json().id}`, {})).statusCode).toBe(200);
    expectAppError(await call('PATCH', `/api/services/${service.json().id}`, {}));
    expect(await snapshot()).toBe(before);
  });
});

describe('a malformed multipart upload', () => {
  const documentsDir = () => path.join(ctx.dataDir, 'uploads');
  const filesOnDisk = async () =>
    (await fs.readdir(documentsDir(), { recursive: true }).catch(() => [])).sort();
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const bodies: [string, string | Buffer, string][] = [
    [
      'no boundary',
      Buffer.concat([Buffer.from(part('xyz')), tinyPng, Buffer.from('\r\n--xyz--\r\n')]),
      'multipart/form-data',
    ],
    [
      'no closing boundary',
      Buffer.concat([Buffer.from(part('xyz')), tinyPng]),
      'multipart/form-data; boundary=xyz',
    ],
    ['no part at all', 'garbage', 'multipart/form-data; boundary=xyz'],
    ['a body that is not multipart', 'hello', 'text/plain'],
  ];
  const routes = [() => `/api/projects/${productId}/documents`, () => '/api/auth/avatar'];

  it.each(bodies)(
    'with %s is a 400 on document and avatar uploads, and stores nothing',
    async (_, payload, type) => {
      const before = [await snapshot(), await filesOnDisk()];
      for (const url of routes) {
        const res = await call('POST', url(), payload, { 'content-type': type });
        expect([url(), res.statusCode]).toEqual([url(), 400]);
        expectAppError(res);
      }
      expect([await snapshot(), await filesOnDisk()]).toEqual(before);
    },
  );
});

describe('the shared text rules of every schema', () => {
  const oneLine: [Method, () => string, string, () => Record<string, unknown>][] = [
    ['PATCH', () => `/api/projects/${productId}`, 'name', () => ({})],
    ['PATCH', () => `/api/tasks/${taskId}/update`, 'title', () => ({})],
    ['POST', () => `/api/team/${productId}/create-team`, 'name', () => ({ teamType: 'qa' })],
    ['POST', () => '/api/events', 'title', () => ({ date: '2026-03-01', type: 'meeting' })],
    ['POST', () => '/api/services', 'name', () => ({ category: 'Payment', integration: 'SDK' })],
    ['PATCH', () => '/api/user/update-user', 'position', () => ({ id: admin.user.id })],
  ];

  it.each([
    ['a line break', 'two\nlines'],
    ['a bell', 'ring\u0007'],
    ['a line separator', 'a\u2028b'],
  ])(
    'refuses %s in a one-line field of each module with 400 on that field, storing nothing',
    async (_, bad) => {
      const before = await snapshot();
      for (const [method, url, field, rest] of oneLine) {
        const res = await call(method, url(), { ...rest(), [field]: bad });
        expect([url(), res.statusCode]).toEqual([url(), 400]);
        expect(Object.keys(res.json().details.fields)).toEqual([field]);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each([
    '/api/projects?search=a%07b',
    '/api/activities?search=a%0Ab',
    '/api/tasks/all?search=a%1Bb',
    '/api/services?search=a%07b',
    '/api/team/all-team-members?search=a%07b',
  ])('refuses a control character in the search of GET %s', async (url) => {
    const res = await call('GET', url);
    expectAppError(res);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses a description one character over its cap and a control character in it, keeping tabs and line breaks', async () => {
    const before = await snapshot();
    for (const [url, field, max] of [
      [`/api/projects/${productId}`, 'description', 5000],
      [`/api/tasks/${taskId}/update`, 'description', 5000],
    ] as const) {
      const long = await call('PATCH', url, { [field]: 'x'.repeat(max + 1) });
      expect(long.statusCode).toBe(400);
      const bell = await call('PATCH', url, { [field]: 'ring\u0007' });
      expect(bell.statusCode).toBe(400);
    }
    expect(await snapshot()).toBe(before);
    const kept = await call('PATCH', `/api/tasks/${taskId}/update`, { description: 'one\ttwo\r\nthree' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().description).toBe('one\ttwo\r\nthree');
  });
});
