import { taskMessages, trashMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { apiTokenHeaders, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { entriesOf } from '../../testing/stored.ts';
import { deleteProduct, deleteTask, purge, restore, trashList } from './trash.test-kit.ts';

// The trash's routes: GET /api/trash, POST /api/trash/{kind}/{id}/restore, DELETE /api/trash/{kind}/{id}.
const { ctx, as, member, guest, signedInOnce, productOf, taskOf, publishedBy } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

type Item = {
  kind: string;
  id: string;
  name: string;
  deletedBy: { name: string } | null;
  productInTrash: boolean;
};
const listed = async (who: Parameters<typeof as>[0], productId?: string) =>
  (await as(who, trashList(productId))).json().data as Item[];

describe('restoring a task', () => {
  it('brings the task back with its comments, checklist, labels, files and history', async () => {
    const owner = await member('Olga Owner');
    const { product, task } = await taskOf(owner);
    const comment = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      payload: { body: 'Remember the edge case' },
    });
    expect(comment.statusCode).toBe(201);
    const item = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/checklist`,
      payload: { title: 'Write test' },
    });
    expect(item.statusCode).toBe(201);
    const label = await as(owner, {
      method: 'POST',
      url: `/api/projects/${product.id}/labels`,
      payload: { name: 'Bug', color: '#ef4444' },
    });
    expect(label.statusCode).toBe(201);
    const labelled = await as(owner, {
      method: 'PUT',
      url: `/api/tasks/${task.id}/labels`,
      payload: { labelIds: [label.json().id] },
    });
    expect(labelled.statusCode).toBe(200);
    const file = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('kept'));
    const attached = await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/files`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(attached.statusCode).toBe(201);
    const comments = async () => (await as(owner, { url: `/api/tasks/${task.id}/comments` })).json();
    const before = (await as(owner, { url: `/api/tasks/${task.id}/detail` })).json();
    const commentsBefore = await comments();
    expect(JSON.stringify(commentsBefore)).toContain('Remember the edge case');
    expect(before.checklist.total).toBe(1);
    expect(before.labels.labels).toHaveLength(1);
    expect(before.files).toHaveLength(1);

    expect((await as(owner, deleteTask(task.id))).json()).toEqual({ message: taskMessages.deleted });
    expect((await as(owner, { url: `/api/tasks/${task.id}/detail` })).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/tasks/${task.id}/comments` })).statusCode).toBe(404);
    expect(await listed(owner)).toEqual([
      expect.objectContaining({
        kind: 'task',
        id: task.id,
        name: 'Fix login',
        deletedBy: { id: owner.user.id, name: 'Olga Owner' },
      }),
    ]);

    const res = await as(owner, restore('task', task.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: trashMessages.restored });
    const after = (await as(owner, { url: `/api/tasks/${task.id}/detail` })).json();
    expect(await comments()).toEqual(commentsBefore);
    expect(after.checklist).toEqual(before.checklist);
    expect(after.labels).toEqual(before.labels);
    expect(after.files).toEqual(before.files);
    expect(after.task.title).toBe('Fix login');
    expect(await listed(owner)).toEqual([]);
    const actions = (await entriesOf(ctx, product.id))
      .filter((e) => e.taskId === task.id)
      .map((e) => e.actionType);
    expect(actions).toEqual(expect.arrayContaining(['task_deleted', 'task_restored']));
  });

  it('answers 409 for a task whose product is in the trash, and brings it back with the product', async () => {
    const owner = await member();
    const { product, task } = await taskOf(owner);
    const earlier = await createTask(ctx, product.id, { title: 'Deleted before' });
    expect((await as(owner, deleteTask(earlier.id))).statusCode).toBe(200);
    expect((await as(owner, deleteProduct(product.id))).statusCode).toBe(200);
    // The product stands for the tasks deleted with it; the one deleted before is listed alone.
    expect((await listed(owner)).map((i) => [i.kind, i.name, i.productInTrash])).toEqual([
      ['product', 'Apollo', false],
      ['task', 'Deleted before', true],
    ]);

    for (const id of [task.id, earlier.id]) {
      const refused = await as(owner, restore('task', id));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PRODUCT_IN_TRASH',
        message: trashMessages.productInTrash,
      });
    }
    expect((await as(owner, restore('product', product.id))).statusCode).toBe(200);
    const tasks = (await as(owner, { url: `/api/tasks/${product.id}/tasks` })).json();
    expect(tasks.data.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect((await as(owner, restore('task', earlier.id))).statusCode).toBe(200);
    expect((await as(owner, { url: `/api/tasks/${product.id}/tasks` })).json().total).toBe(2);
  });
});

describe('who may', () => {
  it('refuses without a session (401), an unknown or live id (404), a bad kind or id (400)', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    expect((await as(undefined, trashList())).statusCode).toBe(401);
    expect((await as(undefined, restore('task', task.id))).statusCode).toBe(401);
    expect((await as(undefined, purge('task', task.id))).statusCode).toBe(401);
    expect((await as(owner, restore('task', UNKNOWN_ID))).statusCode).toBe(404);
    // A live task is not in the trash.
    const live = await as(owner, restore('task', task.id));
    expect(live.statusCode).toBe(404);
    expect(live.json().message).toBe(trashMessages.notFound);
    expect((await as(owner, purge('task', task.id))).statusCode).toBe(404);
    expect(
      (await as(owner, { method: 'POST', url: `/api/trash/comment/${task.id}/restore` })).statusCode,
    ).toBe(400);
    expect((await as(owner, { method: 'POST', url: '/api/trash/task/not-a-uuid/restore' })).statusCode).toBe(
      400,
    );
    expect((await as(owner, { url: '/api/trash?productId=nope' })).statusCode).toBe(400);
    expect((await as(owner, { url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
  });

  it('lets whoever manages the product restore and purge; a member who does not is 403, a stranger 404', async () => {
    const owner = await member();
    const teammate = await member();
    const other = await member();
    const visitor = await guest();
    const stranger = await member();
    const { product, task } = await taskOf(owner, [teammate, other, visitor]);
    expect((await as(teammate, deleteTask(task.id))).statusCode).toBe(200);

    // Listed for its manager, for admins and for who deleted it; not for the other member.
    expect((await listed(owner)).map((i) => i.id)).toEqual([task.id]);
    expect((await listed(admin)).map((i) => i.id)).toContain(task.id);
    expect((await listed(teammate)).map((i) => i.id)).toEqual([task.id]);
    expect(await listed(other)).toEqual([]);
    expect(await listed(visitor)).toEqual([]);
    expect(await listed(stranger)).toEqual([]);
    expect((await listed(owner, product.id)).map((i) => i.id)).toEqual([task.id]);

    const forbidden = await as(other, restore('task', task.id));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(trashMessages.forbidden);
    expect((await as(visitor, restore('task', task.id))).statusCode).toBe(403);
    expect((await as(stranger, restore('task', task.id))).statusCode).toBe(404);
    // Who deleted it may undo that (the toast's Undo), not purge it.
    expect((await as(teammate, purge('task', task.id))).statusCode).toBe(403);
    expect((await as(stranger, purge('task', task.id))).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/tasks/${task.id}` })).statusCode).toBe(404);

    expect((await as(teammate, restore('task', task.id))).statusCode).toBe(200);
    expect((await as(owner, deleteTask(task.id))).statusCode).toBe(200);
    expect((await as(admin, purge('task', task.id))).statusCode).toBe(200);
    expect((await as(owner, restore('task', task.id))).statusCode).toBe(404);
    expect(await listed(owner)).toEqual([]);
  });

  it('lets an API token restore, and a read-only token only list', async () => {
    const owner = await member();
    const { task } = await taskOf(owner);
    expect((await as(owner, deleteTask(task.id))).statusCode).toBe(200);
    const readOnly = { ...owner, headers: await apiTokenHeaders(ctx, owner, 'read') };
    const writer = { ...owner, headers: await apiTokenHeaders(ctx, owner, 'write') };
    expect((await as(readOnly, trashList())).json().data).toHaveLength(1);
    expect((await as(readOnly, restore('task', task.id))).statusCode).toBe(403);
    expect((await as(readOnly, purge('task', task.id))).statusCode).toBe(403);
    expect((await as(writer, restore('task', task.id))).statusCode).toBe(200);
    expect((await as(owner, { url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
  });
});

describe('what follows a delete and a restore', () => {
  it('publishes the delete and the restore, so other browsers remove and bring back the card', async () => {
    const owner = await member();
    const { product, task } = await taskOf(owner);
    const deleted = await publishedBy(() => as(owner, deleteTask(task.id)));
    expect(deleted).toEqual([
      expect.objectContaining({ kind: 'task', op: 'deleted', id: task.id, productId: product.id }),
    ]);
    const restored = await publishedBy(() => as(owner, restore('task', task.id)));
    expect(restored).toEqual([
      expect.objectContaining({ kind: 'task', op: 'created', id: task.id, productId: product.id }),
    ]);

    const teammate = await member();
    const { product: other } = await productOf(owner, [teammate]);
    expect((await as(owner, deleteProduct(other.id))).statusCode).toBe(200);
    const back = await publishedBy(() => as(owner, restore('product', other.id)));
    expect(back).toEqual([expect.objectContaining({ kind: 'product', op: 'created', id: other.id })]);
    // Its people's sockets re-read what they see before the change is routed.
    expect(back[0]?.access).toEqual(expect.arrayContaining([owner.user.id, teammate.user.id]));
  });

  it('search drops a trashed task and finds it again after the restore', async () => {
    const owner = await member();
    const { task } = await taskOf(owner, [], { title: 'Quixotic zeppelin' });
    const found = async () => JSON.stringify((await as(owner, { url: '/api/search?q=zeppelin' })).json());
    expect(await found()).toContain(task.id);
    await as(owner, deleteTask(task.id));
    expect(await found()).not.toContain(task.id);
    await as(owner, restore('task', task.id));
    expect(await found()).toContain(task.id);
  });
});
