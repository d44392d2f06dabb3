import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { multipartFile, postFile, tinyPng } from '../../testing/multipart.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// The instance quota passed once under load: six 300 KB uploads against 1 MB stored four. A
// check read what is stored and what is reserved in two statements, and an upload that finished
// between them (its row committed, then its reservation deleted) was counted by neither. These
// tests stop a check at that point, or let a reservation run out, instead of hoping load does.

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const KB = 1024;

/** A document upload whose body is sent in two parts: `rest()` sends the second and ends it. */
function uploadInTwoParts(ctx: TestContext, who: Signed, productId: string, data: Buffer, first: number) {
  const { payload, headers } = multipartFile('file', 'notes.bin', 'application/octet-stream', data);
  const body = new PassThrough();
  const cut = payload.length - data.length + first;
  body.write(payload.subarray(0, cut));
  const answer = ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${productId}/documents`,
    payload: body,
    headers: { ...who.headers, ...headers, 'content-length': String(payload.length) },
  });
  return { answer, rest: () => body.end(payload.subarray(cut)) };
}

const upload = (ctx: TestContext, who: Signed, productId: string, data: Buffer) =>
  postFile(ctx.app, who, `/api/projects/${productId}/documents`, data);

/** Polls `check` (a database state, never a duration) until it holds. */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

async function count(ctx: TestContext, query: ReturnType<typeof sql>) {
  const { rows } = await ctx.db.execute<{ n: number }>(query);
  return rows[0]?.n ?? 0;
}
const reservationsOf = (ctx: TestContext, userId: string) =>
  count(ctx, sql`SELECT count(*)::int AS n FROM upload_reservations WHERE user_id = ${userId}`);
const waitingForAdvisoryLock = (ctx: TestContext) =>
  count(ctx, sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);

async function storedBytes(ctx: TestContext) {
  const dir = path.join(ctx.dataDir, 'uploads', 'documents');
  let total = 0;
  for (const name of await fs.readdir(dir).catch(() => [] as string[]))
    total += (await fs.stat(path.join(dir, name))).size;
  return total;
}

const outcome = (r: { statusCode: number; json: () => { code?: string } }) =>
  r.statusCode === 201 ? 'stored' : `${r.statusCode} ${r.json().code}`;

describe('the instance quota when an upload ends while another is checked (UPLOAD_QUOTA_TOTAL_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_TOTAL_MB: '1' } });

  /**
   * One more module's count of stored bytes, 0, whose next instance total (once armed) waits
   * for `open()`: the check that reads it has read what the others store, and holds its lock.
   */
  function pausedCount() {
    let armed = false;
    let reached: () => void = () => {};
    let open: () => void = () => {};
    const atPause = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    ctx.app.uploads.count({
      ofUser: async () => 0,
      total: async () => {
        if (!armed) return 0;
        armed = false;
        reached();
        await gate;
        return 0;
      },
    });
    return {
      arm: () => {
        armed = true;
      },
      atPause,
      open,
    };
  }

  it('stores one of two 600 KB documents when the first is committed between the reads of the second check', async () => {
    const pause = pausedCount();
    const [ann, ben] = await Promise.all([createSignedInUser(ctx), createSignedInUser(ctx)]);
    const [annsProduct, bensProduct] = await Promise.all([
      createProduct(ctx, ann.user.id),
      createProduct(ctx, ben.user.id),
    ]);

    // Ann's upload reserves its room (the request's length) and waits for the rest of its body.
    const ann600 = uploadInTwoParts(ctx, ann, annsProduct.id, Buffer.alloc(600 * KB, 1), 300 * KB);
    await until(async () => (await reservationsOf(ctx, ann.user.id)) === 1, "Ann's reservation");

    // Ben's check reads what is stored (nothing: Ann's row is not there yet) and stops, locked.
    pause.arm();
    const ben600 = upload(ctx, ben, bensProduct.id, Buffer.alloc(600 * KB, 2));
    await pause.atPause;

    // Ann's upload ends: its file is stored, and its row and reservation change places now,
    // or wait for the lock Ben's check holds.
    ann600.rest();
    let annAnswered = false;
    void ann600.answer.then(() => {
      annAnswered = true;
    });
    await until(
      async () => annAnswered || (await waitingForAdvisoryLock(ctx)) > 0,
      "Ann's upload answered or waiting for the lock",
    );
    pause.open();

    const answers = await Promise.all([ann600.answer, ben600]);
    expect(answers.map(outcome).sort()).toEqual(['413 STORAGE_FULL', 'stored']);
    expect(await storedBytes(ctx)).toBe(600 * KB);
    expect(await reservationsOf(ctx, ann.user.id)).toBe(0);
    expect(await reservationsOf(ctx, ben.user.id)).toBe(0);
  });
});

describe('the instance quota when an upload outlives its reservation (UPLOAD_QUOTA_TOTAL_MB=1)', () => {
  const { ctx } = useTestApp({ env: { UPLOAD_QUOTA_TOTAL_MB: '1' } });

  it('refuses with 413, keeping nothing, a document whose reservation ran out and was given to another', async () => {
    const [cleo, dan] = await Promise.all([createSignedInUser(ctx), createSignedInUser(ctx)]);
    const [cleosProduct, dansProduct] = await Promise.all([
      createProduct(ctx, cleo.user.id),
      createProduct(ctx, dan.user.id),
    ]);
    const cleo600 = uploadInTwoParts(ctx, cleo, cleosProduct.id, Buffer.alloc(600 * KB, 3), 300 * KB);
    await until(async () => (await reservationsOf(ctx, cleo.user.id)) === 1, "Cleo's reservation");
    // As if Cleo's upload had outlived its reservation (a process stalled past its 10 minutes).
    await ctx.db.execute(
      sql`UPDATE upload_reservations SET expires_at = now() - interval '1 second' WHERE user_id = ${cleo.user.id}`,
    );

    // Dan's upload no longer counts Cleo's room, takes all it needs and is stored.
    const dan600 = await upload(ctx, dan, dansProduct.id, Buffer.alloc(600 * KB, 4));
    expect(outcome(dan600)).toBe('stored');

    cleo600.rest();
    const refused = await cleo600.answer;
    expect(outcome(refused)).toBe('413 STORAGE_FULL');
    expect(await storedBytes(ctx)).toBe(600 * KB);
    expect(await reservationsOf(ctx, cleo.user.id)).toBe(0);
  });
});

describe('the instance quota counts avatars stored by another process at once (UPLOAD_QUOTA_TOTAL_MB=1)', () => {
  const env = { UPLOAD_QUOTA_TOTAL_MB: '1' };
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    one = await buildTestApp({ env });
    // A second process of the same instance: the same database and the same files.
    two = await buildTestApp({ env: { ...env, DATA_DIR: one.dataDir }, sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it("refuses a document on one process once the other stored an avatar, within the minute its folder's size is reused", async () => {
    const eve = await createSignedInUser(one);
    const fay = await createSignedInUser(one);
    const product = await createProduct(one, fay.user.id);
    // Process two lists the avatar folder (empty) for its first check.
    expect(outcome(await upload(two, fay, product.id, Buffer.alloc(100 * KB, 5)))).toBe('stored');

    const avatar = multipartFile(
      'file',
      'me.png',
      'image/png',
      Buffer.concat([tinyPng, Buffer.alloc(700 * KB - tinyPng.length, 6)]),
    );
    const stored = await one.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      payload: avatar.payload,
      headers: { ...eve.headers, ...avatar.headers },
    });
    expect(stored.statusCode).toBe(200);

    // 100 KB + 700 KB are stored: 300 KB more would pass 1 MB.
    expect(outcome(await upload(two, fay, product.id, Buffer.alloc(300 * KB, 7)))).toBe('413 STORAGE_FULL');
  });
});
