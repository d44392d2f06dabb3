import { taskKeyMessages } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokenHeaders, createProduct } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedProduct, validProduct } from './products.test-kit.ts';

// A product's key (issue 28, docs/decisions/032-task-keys.md): derived from its name when it is
// created, changed through PATCH /api/projects/{id} by whoever manages the product.
const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

const edit = (id: string, payload: object): Req => ({ method: 'PATCH', url: `/api/projects/${id}`, payload });

describe('a product key derived from the name', () => {
  const baseOf = async (name: string) =>
    (await ctx.db.execute<{ key: string }>(sql`select product_key_base(${name}) as key`)).rows[0]?.key;

  it('takes the initials of two or more words and the first three letters of one', async () => {
    expect(await baseOf('Atlas Payments')).toBe('AP');
    expect(await baseOf('Atlas')).toBe('ATL');
    expect(await baseOf('the big new mobile web app for stores')).toBe('TBNMWA');
    expect(await baseOf('café-noir / v2')).toBe('CNV');
    // Leading digits are dropped (a key starts with a letter); a key shorter than two is padded.
    expect(await baseOf('3D printer')).toBe('PX');
    expect(await baseOf('Q')).toBe('QX');
    expect(await baseOf('!!!')).toBe('XX');
  });

  it('answers the key with the product, and adds letters, then digits, on a clash', async () => {
    const owner = await member();
    const keys: string[] = [];
    for (const name of ['Zephyr', 'Zephyr', 'Zephyr', 'Zephyr', 'Zephyr Yard', 'Zebra Yak']) {
      const res = await as(owner, {
        method: 'POST',
        url: '/api/projects',
        payload: { ...validProduct, name },
      });
      expect(res.statusCode, res.body).toBe(201);
      keys.push(res.json().key);
    }
    expect(keys).toEqual(['ZEP', 'ZEPH', 'ZEPHY', 'ZEPHYR', 'ZY', 'ZY2']);
    const again = await as(owner, { url: `/api/projects/${(await productOf(owner)).product.id}` });
    expect(again.json().key).toMatch(/^[A-Z][A-Z0-9]{1,5}$/);
  });
});

describe('products of one name created at once', () => {
  it('get distinct keys, none refused', async () => {
    const owner = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(owner, { method: 'POST', url: '/api/projects', payload: { ...validProduct, name: 'Yarrow' } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const keys = answers.map((r) => r.json().key as string);
    expect(new Set(keys).size).toBe(5);
    expect([...keys].sort()).toEqual(['YAR', 'YARR', 'YARRO', 'YARROW', 'YAR2'].sort());
  });
});

describe('PATCH /api/projects/{id} with a key', () => {
  it('lets the creator change it, upper-cased, and records it among the changes', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Kestrel Owl' });
    const res = await as(owner, edit(product.id, { key: ' kow1 ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toBe('KOW1');
    expect((await storedProduct(ctx, product.id))?.key).toBe('KOW1');
    const [entry] = await entriesOf(ctx, product.id);
    expect(entry?.metadata).toMatchObject({ changes: { key: { from: product.key, to: 'KOW1' } } });
  });

  it('lets an admin change it, and an API token with write scope', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Lynx Moth' });
    expect((await as(admin, edit(product.id, { key: 'LMA' }))).json().key).toBe('LMA');
    const token = await apiTokenHeaders(ctx, owner);
    const res = await ctx.app.inject({ ...edit(product.id, { key: 'LMB' }), headers: token });
    expect(res.statusCode, res.body).toBe(200);
    const readOnly = await apiTokenHeaders(ctx, owner, 'read');
    const refused = await ctx.app.inject({ ...edit(product.id, { key: 'LMC' }), headers: readOnly });
    expect(refused.statusCode).toBe(403);
    expect((await storedProduct(ctx, product.id))?.key).toBe('LMB');
  });

  it('answers 401 without a session, 403 to a team member or guest, 404 to someone who cannot see it', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const stranger = await member();
    const { product } = await productOf(owner, [teammate, visitor], { name: 'Newt Pond' });
    expect((await as(undefined, edit(product.id, { key: 'NPA' }))).statusCode).toBe(401);
    expect((await as(teammate, edit(product.id, { key: 'NPA' }))).statusCode).toBe(403);
    expect((await as(visitor, edit(product.id, { key: 'NPA' }))).statusCode).toBe(403);
    expect((await as(stranger, edit(product.id, { key: 'NPA' }))).statusCode).toBe(404);
    expect((await as(owner, edit(UNKNOWN_ID, { key: 'NPA' }))).statusCode).toBe(404);
    expect((await storedProduct(ctx, product.id))?.key).toBe(product.key);
  });

  it('answers 400 for a malformed key and changes nothing', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Osprey Pike' });
    for (const key of ['A', '1AB', 'TOOLONG', 'A-B', 'ÄB', '', 42]) {
      const res = await as(owner, edit(product.id, { key }));
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().message).toContain(taskKeyMessages.productKeyFormat);
    }
    expect((await storedProduct(ctx, product.id))?.key).toBe(product.key);
  });

  it('answers 409 for a key another product has or had, and lets a product take back its own', async () => {
    const owner = await member();
    const first = await createProduct(ctx, owner.user.id, { name: 'Puffin Quail' });
    const second = await createProduct(ctx, owner.user.id, { name: 'Raven Stork' });
    const taken = await as(owner, edit(second.id, { key: first.key }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(taskKeyMessages.productKeyTaken(first.key));

    // The first product's former key stays its own: its tasks' old links name it.
    expect((await as(owner, edit(first.id, { key: 'PQX' }))).statusCode).toBe(200);
    const former = await as(owner, edit(second.id, { key: first.key }));
    expect(former.statusCode).toBe(409);
    expect((await as(owner, edit(first.id, { key: first.key }))).json().key).toBe(first.key);
    expect((await storedProduct(ctx, second.id))?.key).toBe(second.key);
  });

  it('keeps the key of a product in the trash: a new product of that name and an edit both go around it', async () => {
    const owner = await member();
    const trashed = await createProduct(ctx, owner.user.id, { name: 'Osprey' });
    expect(trashed.key).toBe('OSP');
    expect((await as(owner, { method: 'DELETE', url: `/api/projects/${trashed.id}` })).statusCode).toBe(200);

    const again = await as(owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { ...validProduct, name: 'Osprey' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().key).toBe('OSPR');
    const edited = await as(owner, edit(again.json()._id ?? again.json().id, { key: 'OSP' }));
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toBe(taskKeyMessages.productKeyTaken('OSP'));
  });
});
