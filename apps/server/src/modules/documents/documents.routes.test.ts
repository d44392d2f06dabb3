import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, documentMessages } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, documents } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';

const { ctx, signedIn } = useTestApp();

let alice: Signed; // creates the product
let mia: Signed; // a member in one of its teams
let gus: Signed; // a guest in one of its teams
let bob: Signed; // a member with nothing to do with it
let admin: Signed;
let productId: string;

beforeAll(async () => {
  [alice, mia, gus, bob, admin] = await Promise.all([
    signedIn('member', 'Alice'),
    signedIn('member', 'Mia'),
    signedIn('guest', 'Gus'),
    signedIn('member', 'Bob'),
    signedIn('admin', 'Ada'),
  ]);
  productId = (await createProduct(ctx, alice.user.id)).id;
  const team = await createTeam(ctx, productId);
  await addMember(ctx, team.id, mia.user.id);
  await addMember(ctx, team.id, gus.user.id);
});

const base = (id = productId) => `/api/projects/${id}/documents`;
const documentsDir = () => path.join(ctx.dataDir, 'uploads', 'documents');
const filesOnDisk = async () => (await fs.readdir(documentsDir()).catch(() => [])).sort();

function upload(
  who: Signed,
  filename: string,
  data: Buffer,
  { id = productId, contentType = 'application/octet-stream', field = 'file' } = {},
) {
  const body = multipartFile(field, filename, contentType, data);
  return ctx.app.inject({
    method: 'POST',
    url: base(id),
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

const storedRow = async (id: string) =>
  (await ctx.db.select().from(documents).where(eq(documents.id, id)))[0];

const activitiesOf = (documentId: string, actionType: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.actionType, actionType), eq(activities.productId, productId)))
    .then((rows) => rows.filter((r) => r.metadata.documentId === documentId));

describe('POST /api/projects/{id}/documents', () => {
  it('stores the bytes under a random name, types them by content and records the upload', async () => {
    const res = await upload(alice, 'picture.txt', tinyPng, { contentType: 'text/plain' });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      _id: doc.id,
      projectId: productId,
      name: 'picture.txt',
      contentType: 'image/png',
      size: tinyPng.length,
      uploadedBy: { _id: alice.user.id, name: 'Alice', avatar_url: null },
    });
    expect(Date.parse(doc.createdAt)).not.toBeNaN();

    const row = await storedRow(doc.id);
    expect(row).toMatchObject({
      productId,
      name: 'picture.txt',
      contentType: 'image/png',
      uploadedBy: alice.user.id,
    });
    expect(row?.storageKey).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await fs.readFile(path.join(documentsDir(), row?.storageKey ?? '-'))).toEqual(tinyPng);

    const [entry, ...more] = await activitiesOf(doc.id, 'file_uploaded');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      description: 'Uploaded "picture.txt"',
      metadata: { documentId: doc.id, size: tinyPng.length },
      performedBy: alice.user.id,
    });
  });

  it('types UTF-8 text as text/plain and other bytes as application/octet-stream', async () => {
    const text = await upload(mia, 'notes.md', Buffer.from('# Plan\n\nShip it — soon ✓\n'), {
      contentType: 'image/png',
    });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({ contentType: 'text/plain', uploadedBy: { name: 'Mia' } });

    const binary = await upload(mia, 'blob.png', Buffer.from([0x13, 0x37, 0xc3, 0x28, 0x00, 0x81]));
    expect(binary.json().contentType).toBe('application/octet-stream');
  });

  it('keeps only the base name of a path, without control characters', async () => {
    const dotted = await upload(alice, '../../etc/passwd.txt', Buffer.from('x'));
    expect(dotted.statusCode).toBe(201);
    expect(dotted.json().name).toBe('passwd.txt');

    const windows = await upload(alice, 'C:\\Users\\ana\\report\u0007.txt', Buffer.from('x'));
    expect(windows.json().name).toBe('report.txt');

    const unicode = await upload(alice, 'Résumé “final” ✓.pdf', Buffer.from('x'));
    expect(unicode.json().name).toBe('Résumé “final” ✓.pdf');

    const long = await upload(alice, `${'a'.repeat(300)}.txt`, Buffer.from('x'));
    expect(long.json().name).toHaveLength(255);
  });

  it('accepts exactly 25 MB and refuses one byte more with 413, storing nothing', async () => {
    const before = await filesOnDisk();
    const rowsBefore = await ctx.db.$count(documents);

    const tooBig = await upload(alice, 'big.bin', Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file must be at most 25 MB.',
    });
    expect(await filesOnDisk()).toEqual(before);
    expect(await ctx.db.$count(documents)).toBe(rowsBefore);

    const justRight = await upload(alice, 'limit.bin', Buffer.alloc(DOCUMENT_MAX_BYTES, 1));
    expect(justRight.statusCode).toBe(201);
    expect(justRight.json().size).toBe(DOCUMENT_MAX_BYTES);
  });

  it('refuses an empty file, a missing file and a body that is not multipart with 400', async () => {
    const before = await filesOnDisk();
    const empty = await upload(alice, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(documentMessages.fileEmpty);

    const wrongField = await upload(alice, 'a.txt', Buffer.from('x'), { field: 'attachment' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'FILE_MISSING', message: documentMessages.fileMissing });

    const json = await ctx.app.inject({ method: 'POST', url: base(), headers: alice.headers, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('FILE_MISSING');
    expect(await filesOnDisk()).toEqual(before);
  });

  it('removes the stored file when the transaction fails', async () => {
    await ctx.pool.query(`
      create function refuse_upload() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$;
      create trigger refuse_upload before insert on activities
        for each row when (new.description = 'Uploaded "doomed.txt"') execute function refuse_upload();`);
    try {
      const before = await filesOnDisk();
      const res = await upload(alice, 'doomed.txt', Buffer.from('never kept'));
      expect(res.statusCode).toBe(500);
      expect(await filesOnDisk()).toEqual(before);
      const rows = await ctx.db.select().from(documents).where(eq(documents.name, 'doomed.txt'));
      expect(rows).toHaveLength(0);
    } finally {
      await ctx.pool.query('drop trigger refuse_upload on activities; drop function refuse_upload();');
    }
  });
});

describe('GET /api/projects/{id}/documents', () => {
  it('lists the product’s documents newest first, and only that product’s', async () => {
    const other = await createProduct(ctx, alice.user.id, { name: 'Other' });
    const first = (await upload(alice, 'first.txt', Buffer.from('1'), { id: other.id })).json();
    const second = (await upload(admin, 'second.txt', Buffer.from('2'), { id: other.id })).json();
    await upload(alice, 'elsewhere.txt', Buffer.from('3'));

    const res = await ctx.app.inject({ url: base(other.id), headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, limit: 50 });
    expect(res.json().data).toEqual([second, first]);
    expect(res.json().data[0].uploadedBy).toMatchObject({ _id: admin.user.id, name: 'Ada' });

    const paged = await ctx.app.inject({ url: `${base(other.id)}?limit=1&page=2`, headers: alice.headers });
    expect(paged.json().data).toEqual([first]);
  });

  it('lets a guest of the product’s team read the list', async () => {
    const res = await ctx.app.inject({ url: base(), headers: gus.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});

describe('GET /api/projects/{id}/documents/{documentId}/download', () => {
  it('sends the bytes as an attachment under the original name', async () => {
    const doc = (await upload(alice, 'Résumé “final”.png', tinyPng)).json();
    const res = await ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: gus.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(tinyPng);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(tinyPng.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _final_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%9Cfinal%E2%80%9D.png`,
    );
  });

  it('sends a text document with its stored type', async () => {
    const doc = (await upload(alice, 'readme', Buffer.from('hello'))).json();
    const res = await ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: alice.headers });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="readme"; filename*=UTF-8''readme`);
    expect(res.body).toBe('hello');
  });
});

describe('DELETE /api/projects/{id}/documents/{documentId}', () => {
  it('removes the row, records it, then removes the file', async () => {
    const doc = (await upload(alice, 'old plan.txt', Buffer.from('v1'))).json();
    const file = path.join(documentsDir(), (await storedRow(doc.id))?.storageKey ?? '-');
    await fs.access(file);

    const res = await ctx.app.inject({ method: 'DELETE', url: `${base()}/${doc.id}`, headers: mia.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storedRow(doc.id)).toBeUndefined();
    await expect(fs.access(file)).rejects.toThrow();
    expect(await activitiesOf(doc.id, 'document_updated')).toMatchObject([
      { description: 'Deleted "old plan.txt"', performedBy: mia.user.id },
    ]);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/${doc.id}`,
      headers: mia.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND', message: documentMessages.notFound });
    const download = await ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: mia.headers });
    expect(download.statusCode).toBe(404);
  });

  it('lets an admin delete a document of someone else’s product', async () => {
    const doc = (await upload(alice, 'a.txt', Buffer.from('a'))).json();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/${doc.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('who may do what', () => {
  it('keeps a guest of the team read-only: 403 on upload and delete', async () => {
    const doc = (await upload(alice, 'kept.txt', Buffer.from('kept'))).json();
    const before = await filesOnDisk();

    const up = await upload(gus, 'guest.txt', Buffer.from('no'));
    expect(up.statusCode).toBe(403);
    expect(up.json()).toMatchObject({ code: 'READ_ONLY', message: documentMessages.forbidden });
    const del = await ctx.app.inject({ method: 'DELETE', url: `${base()}/${doc.id}`, headers: gus.headers });
    expect(del.statusCode).toBe(403);

    expect(await filesOnDisk()).toEqual(before);
    expect(await storedRow(doc.id)).toBeDefined();
    const download = await ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: gus.headers });
    expect(download.body).toBe('kept');
  });

  it('answers 404 on every call to a member who cannot see the product, and changes nothing', async () => {
    const doc = (await upload(alice, 'secret.txt', Buffer.from('secret'))).json();
    const before = await filesOnDisk();
    const calls = [
      ctx.app.inject({ url: base(), headers: bob.headers }),
      upload(bob, 'intruder.txt', Buffer.from('x')),
      ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: bob.headers }),
      ctx.app.inject({ method: 'DELETE', url: `${base()}/${doc.id}`, headers: bob.headers }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }
    expect(await filesOnDisk()).toEqual(before);
    expect(await storedRow(doc.id)).toBeDefined();
  });

  it('answers 404 for a document asked for through another product', async () => {
    const other = await createProduct(ctx, alice.user.id);
    const doc = (await upload(alice, 'mine.txt', Buffer.from('m'), { id: other.id })).json();
    const download = await ctx.app.inject({ url: `${base()}/${doc.id}/download`, headers: alice.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json().code).toBe('DOCUMENT_NOT_FOUND');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/${doc.id}`,
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await storedRow(doc.id)).toBeDefined();
  });

  it('answers 404 for a product that does not exist and 401 without a session', async () => {
    const missing = UNKNOWN_ID;
    expect((await ctx.app.inject({ url: base(missing), headers: admin.headers })).statusCode).toBe(404);
    expect((await upload(admin, 'a.txt', Buffer.from('a'), { id: missing })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: base() })).statusCode).toBe(401);
    const anonymous = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('a'));
    const res = await ctx.app.inject({ method: 'POST', url: base(), ...anonymous });
    expect(res.statusCode).toBe(401);
  });
});

describe('deleting a product', () => {
  it('keeps its documents’ files while it is in the trash, and removes them once it is purged', async () => {
    const own = await createProduct(ctx, alice.user.id, { name: 'Short-lived' });
    const first = await upload(alice, 'a.png', tinyPng, { id: own.id });
    const second = await upload(alice, 'b.txt', Buffer.from('notes'), { id: own.id });
    const keys = await Promise.all(
      [first, second].map(async (res) => (await storedRow(res.json().id))?.storageKey),
    );
    expect(keys.every((key) => key !== undefined)).toBe(true);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${own.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await filesOnDisk()).toEqual(expect.arrayContaining(keys));
    const purged = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/trash/product/${own.id}`,
      headers: alice.headers,
    });
    expect(purged.statusCode).toBe(200);
    const left = await filesOnDisk();
    for (const key of keys) expect(left).not.toContain(key);
    expect(await ctx.db.select().from(documents).where(eq(documents.productId, own.id))).toHaveLength(0);
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }

  it('publishes an upload and a deletion for the product', async () => {
    let id = '';
    expect(
      await publishedBy(async () => {
        const res = await upload(mia, 'notes.txt', Buffer.from('hello'));
        expect(res.statusCode).toBe(201);
        id = res.json().id;
      }),
    ).toEqual([
      expect.objectContaining({
        kind: 'document',
        op: 'created',
        id,
        productId,
        version: expect.any(Number),
      }),
    ]);
    const deleted = await publishedBy(() =>
      ctx.app.inject({ method: 'DELETE', url: `${base()}/${id}`, headers: mia.headers }),
    );
    expect(deleted).toEqual([expect.objectContaining({ kind: 'document', op: 'deleted', id, productId })]);
  });

  it('publishes nothing for a refused or empty upload or a refused deletion', async () => {
    const doc = (await upload(alice, 'kept.txt', Buffer.from('kept'))).json();
    const published = await publishedBy(async () => {
      expect((await upload(gus, 'no.txt', Buffer.from('no'))).statusCode).toBe(403);
      expect((await upload(bob, 'no.txt', Buffer.from('no'))).statusCode).toBe(404);
      expect((await upload(mia, 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
      const refused = await ctx.app.inject({
        method: 'DELETE',
        url: `${base()}/${doc.id}`,
        headers: gus.headers,
      });
      expect(refused.statusCode).toBe(403);
    });
    expect(published).toEqual([]);
  });
});
