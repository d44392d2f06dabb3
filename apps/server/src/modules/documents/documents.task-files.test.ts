import fs from 'node:fs/promises';
import path from 'node:path';
import { documentMessages, taskMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, documents } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createSignedInUser, createTask } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import type { TestContext } from '../../testing/test-app.ts';

// Files attached to a task (issue 15): documents rows with a task_id, under the product
// documents' rules, limits and quotas.

const { ctx } = useTestApp();

const { alice, mia, gus, bob, productId } = useProductCast(ctx);

function attach(
  app: TestContext,
  who: Signed | undefined,
  taskId: string,
  data: Buffer,
  filename = 'notes.txt',
) {
  const body = multipartFile('file', filename, 'application/octet-stream', data);
  return app.app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/files`,
    payload: body.payload,
    headers: { ...who?.headers, ...body.headers },
  });
}
const get = (who: Signed | undefined, url: string) => ctx.app.inject({ url, headers: who?.headers });
const del = (who: Signed | undefined, url: string) =>
  ctx.app.inject({ method: 'DELETE', url, headers: who?.headers });
const filesOnDisk = async (c: TestContext = ctx) =>
  (await fs.readdir(path.join(c.dataDir, 'uploads', 'documents')).catch(() => [])).sort();
const newTask = async (values: Parameters<typeof createTask>[2] = {}) =>
  (await createTask(ctx, productId(), values)).id;

describe('POST and GET /api/tasks/{id}/files', () => {
  it('attaches a file to the task, lists it there and not on the product’s Documents tab', async () => {
    const taskId = await newTask();
    const res = await attach(ctx, mia, taskId, tinyPng, 'screen shot.txt');
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({
      projectId: productId(),
      taskId,
      name: 'screen shot.txt',
      contentType: 'image/png',
      size: tinyPng.length,
      uploadedBy: { _id: mia.user.id, name: 'Mia' },
    });
    const listed = await get(gus, `/api/tasks/${taskId}/files`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, data: [{ id: file.id, taskId }] });
    const tab = await get(alice, `/api/projects/${productId()}/documents`);
    expect(tab.json().data.map((d: { id: string }) => d.id)).not.toContain(file.id);
    const [entry] = await ctx.db.select().from(activities).where(eq(activities.taskId, taskId));
    expect(entry).toMatchObject({ actionType: 'file_uploaded', productId: productId() });
  });

  it('refuses guests (403), outsiders (404), the signed out (401), empty files and archived products (409), keeping nothing', async () => {
    const taskId = await newTask({ assigneeId: gus.user.id });
    const before = await filesOnDisk();
    const guest = await attach(ctx, gus, taskId, tinyPng);
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(documentMessages.forbidden);
    const outsider = await attach(ctx, bob, taskId, tinyPng);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(taskMessages.notFound);
    expect((await get(bob, `/api/tasks/${taskId}/files`)).statusCode).toBe(404);
    expect((await attach(ctx, undefined, taskId, tinyPng)).statusCode).toBe(401);
    expect((await get(undefined, `/api/tasks/${taskId}/files`)).statusCode).toBe(401);
    expect((await attach(ctx, mia, taskId, Buffer.alloc(0))).json().message).toBe(documentMessages.fileEmpty);

    const archived = await createProduct(ctx, alice.user.id, { archivedAt: new Date() });
    const oldTask = (await createTask(ctx, archived.id)).id;
    const refused = await attach(ctx, alice, oldTask, tinyPng);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRODUCT_ARCHIVED');
    expect(await filesOnDisk()).toEqual(before);
  });
});

describe('downloading and deleting a task file', () => {
  it('downloads through its product’s document route as an attachment that is never sniffed', async () => {
    const taskId = await newTask();
    const file = (await attach(ctx, mia, taskId, Buffer.from('hello'), 'readme.md')).json();
    const res = await get(gus, `/api/projects/${file.projectId}/documents/${file.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="readme.md"; filename*=UTF-8''readme.md`,
    );
    expect((await get(bob, `/api/projects/${file.projectId}/documents/${file.id}/download`)).statusCode).toBe(
      404,
    );
  });

  it('deletes the row and its bytes; guests, outsiders and other tasks’ routes may not', async () => {
    const taskId = await newTask();
    const other = await newTask();
    const file = (await attach(ctx, mia, taskId, tinyPng)).json();
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, file.id));
    expect(await filesOnDisk()).toContain(row?.storageKey);

    expect((await del(gus, `/api/tasks/${taskId}/files/${file.id}`)).statusCode).toBe(403);
    expect((await del(bob, `/api/tasks/${taskId}/files/${file.id}`)).statusCode).toBe(404);
    expect((await del(undefined, `/api/tasks/${taskId}/files/${file.id}`)).statusCode).toBe(401);
    expect((await del(alice, `/api/tasks/${other}/files/${file.id}`)).statusCode).toBe(404);
    // The product's Documents routes do not delete a task's file.
    expect((await del(alice, `/api/projects/${productId()}/documents/${file.id}`)).statusCode).toBe(404);

    const res = await del(mia, `/api/tasks/${taskId}/files/${file.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(documents).where(eq(documents.id, file.id))).toEqual([]);
    expect(await filesOnDisk()).not.toContain(row?.storageKey);
  });

  it('deleting the task keeps its files until it is purged from the trash, then removes their bytes', async () => {
    const taskId = await newTask();
    const keys: string[] = [];
    for (const name of ['a.txt', 'b.txt']) {
      const file = (await attach(ctx, mia, taskId, Buffer.from(name), name)).json();
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, file.id));
      keys.push(row?.storageKey as string);
    }
    expect((await del(mia, `/api/tasks/${taskId}`)).statusCode).toBe(200);
    expect(await filesOnDisk()).toEqual(expect.arrayContaining(keys));
    // The product's creator purges it (a member may not).
    expect((await del(mia, `/api/trash/task/${taskId}`)).statusCode).toBe(403);
    expect((await del(alice, `/api/trash/task/${taskId}`)).statusCode).toBe(200);
    const left = await filesOnDisk();
    for (const key of keys) expect(left).not.toContain(key);
    expect(await ctx.db.select().from(documents).where(eq(documents.taskId, taskId))).toEqual([]);
  });

  it('a task moved to another product takes its files along', async () => {
    const target = (await createProduct(ctx, mia.user.id, { name: 'Target' })).id;
    const taskId = await newTask();
    const file = (await attach(ctx, mia, taskId, tinyPng)).json();
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${taskId}/update`,
      payload: { projectId: target },
      headers: mia.headers,
    });
    expect(moved.statusCode).toBe(200);
    const listed = (await get(mia, `/api/tasks/${taskId}/files`)).json();
    expect(listed.data).toMatchObject([{ id: file.id, projectId: target }]);
    expect((await get(mia, `/api/projects/${target}/documents/${file.id}/download`)).statusCode).toBe(200);
  });
});

describe('task files count against the upload quota and rate', () => {
  const { ctx: limited } = useTestApp({ env: { UPLOAD_QUOTA_USER_MB: '1', UPLOAD_RATE_PER_HOUR: '3' } });

  it('refuses with 413 a task file that takes the account over its quota, counting its product documents too', async () => {
    const owner = await createSignedInUser(limited);
    const product = await createProduct(limited, owner.user.id);
    const task = await createTask(limited, product.id);
    const body = multipartFile('file', 'big.bin', 'application/octet-stream', Buffer.alloc(600 * 1024, 1));
    const doc = await limited.app.inject({
      method: 'POST',
      url: `/api/projects/${product.id}/documents`,
      payload: body.payload,
      headers: { ...owner.headers, ...body.headers },
    });
    expect(doc.statusCode).toBe(201);
    const before = await filesOnDisk(limited);
    const res = await attach(limited, owner, task.id, Buffer.alloc(600 * 1024, 2));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(await filesOnDisk(limited)).toEqual(before);
    // And a task file counts towards a later product document.
    const second = await createSignedInUser(limited);
    const theirs = await createProduct(limited, second.user.id);
    const theirTask = await createTask(limited, theirs.id);
    expect((await attach(limited, second, theirTask.id, Buffer.alloc(600 * 1024, 3))).statusCode).toBe(201);
    const doc2 = multipartFile('file', 'big.bin', 'application/octet-stream', Buffer.alloc(600 * 1024, 4));
    const refused = await limited.app.inject({
      method: 'POST',
      url: `/api/projects/${theirs.id}/documents`,
      payload: doc2.payload,
      headers: { ...second.headers, ...doc2.headers },
    });
    expect(refused.statusCode).toBe(413);
  });

  it('refuses a 4th task file of an account in an hour with 429', async () => {
    const owner = await createSignedInUser(limited);
    const product = await createProduct(limited, owner.user.id);
    const task = await createTask(limited, product.id);
    for (let i = 0; i < 3; i++)
      expect((await attach(limited, owner, task.id, Buffer.from(`f${i}`))).statusCode).toBe(201);
    const res = await attach(limited, owner, task.id, Buffer.from('f4'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'UPLOAD_RATE_LIMITED',
      message: 'You can upload at most 3 files per hour. Please try again later.',
    });
  });
});
