import { hierarchyMessages, relationMessages } from '@shipyard/shared';
import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskRelations, tasks } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { entriesOf } from '../../testing/stored.ts';
import { webhookOf } from '../../testing/webhooks.ts';
import { csvImport, useImportTests } from './imports.test-kit.ts';

// Parents and relations in a CSV import (issue 29): the export's key, parent, blocks, blocked_by,
// relates_to and duplicate_of columns read back, each key a row of the file or a task of the product.
const { ctx, as, alice, admin, taskCount } = useImportTests();

/** A product's tasks by title: each with its parent's title and its relations as "kind → title". */
async function structureOf(productId: string) {
  const rows = await ctx.db.select().from(tasks).where(eq(tasks.productId, productId));
  const title = new Map(rows.map((t) => [t.id, t.title]));
  const ids = rows.map((t) => t.id);
  const relations = await ctx.db
    .select()
    .from(taskRelations)
    .where(or(inArray(taskRelations.sourceId, ids), inArray(taskRelations.targetId, ids)));
  return {
    parents: Object.fromEntries(rows.map((t) => [t.title, t.parentId ? title.get(t.parentId) : null])),
    relations: relations.map((r) => `${title.get(r.sourceId)} ${r.kind} ${title.get(r.targetId)}`).sort(),
  };
}

describe('CSV import of parents and relations', () => {
  it('round-trips an export: the same sub-tasks and relations in a fresh product', async () => {
    const from = (await createProduct(ctx, alice.user.id, { name: 'Source', key: 'SRC' })).id;
    const top = await createTask(ctx, from, { title: 'Top' });
    const sub = await createTask(ctx, from, { title: 'Sub', parentId: top.id });
    const leaf = await createTask(ctx, from, { title: 'Leaf', parentId: sub.id });
    const side = await createTask(ctx, from, { title: 'Side' });
    await ctx.db.insert(taskRelations).values([
      { kind: 'blocks', sourceId: top.id, targetId: side.id },
      { kind: 'relates', sourceId: side.id, targetId: leaf.id },
      { kind: 'duplicates', sourceId: side.id, targetId: sub.id },
    ]);
    const csv = (await as(alice, { url: `/api/tasks/export.csv?productId=${from}` })).body;

    const to = (await createProduct(ctx, alice.user.id, { name: 'Copy', key: 'CPY' })).id;
    const res = await as(alice, csvImport({ csv }, to));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 4, errors: [] });
    expect(await structureOf(to)).toEqual(await structureOf(from));
    expect((await structureOf(to)).parents).toEqual({ Top: null, Sub: 'Top', Leaf: 'Sub', Side: null });
  });

  it('links rows to existing tasks of the product by key', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Existing', key: 'EXI' })).id;
    const epic = await createTask(ctx, product, { title: 'Epic' });
    const csv = `title,parent,blocked_by\nStory,${epic.key},${epic.key.toLowerCase()}\n`;
    const res = await as(alice, csvImport({ csv }, product));
    expect(res.statusCode, res.body).toBe(200);
    expect(await structureOf(product)).toEqual({
      parents: { Epic: null, Story: 'Epic' },
      relations: ['Epic blocks Story'],
    });
  });

  it('refuses unknown keys, cycles and trees too deep with their rows, and imports nothing', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Refused', key: 'REF' })).id;
    const other = (await createProduct(ctx, alice.user.id, { name: 'Elsewhere', key: 'ELS' })).id;
    const stranger = await createTask(ctx, other, { title: 'Elsewhere' });
    const csv = [
      'key,title,parent,relates_to',
      `A-1,One,A-2,${stranger.key}`,
      'A-2,Two,A-1,',
      'A-3,Three,,',
      'A-4,Four,A-3,',
      'A-5,Five,A-4,',
      'A-6,Six,A-5,',
    ].join('\n');
    const before = await taskCount(product);
    const res = await as(alice, csvImport({ csv }, product));
    expect(res.statusCode).toBe(422);
    expect(res.json().details.errors).toEqual([
      {
        row: 2,
        field: 'relates_to',
        message: `relates to "${stranger.key}" is not a task of this product or a row of this file`,
      },
      { row: 2, field: 'parent', message: hierarchyMessages.parentCycle },
      { row: 3, field: 'parent', message: hierarchyMessages.parentCycle },
      { row: 7, field: 'parent', message: hierarchyMessages.parentTooDeep },
    ]);
    expect(await taskCount(product)).toBe(before);
    // The dry run tells the same.
    const dry = await as(alice, csvImport({ csv }, product, true));
    expect(dry.json()).toMatchObject({ dryRun: true, errorCount: 4 });
  });
});

describe('CSV import of relations, what it tells and closes', () => {
  /** The product's tasks by title, as stored. */
  const byTitle = async (productId: string) =>
    new Map(
      (await ctx.db.select().from(tasks).where(eq(tasks.productId, productId))).map((t) => [t.title, t]),
    );

  it('sends each imported task’s relations in its task.created, and task.updated for the existing tasks it relates to', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Hooked', key: 'HOK' })).id;
    const epic = await createTask(ctx, product, { title: 'Epic' });
    const deliveries = await webhookOf(ctx, admin, product);
    const csv = `key,title,blocks,relates_to\nF-1,Story,${epic.key},\nF-2,Spike,,F-1\n`;
    const res = await as(alice, csvImport({ csv }, product));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await byTitle(product);
    const story = stored.get('Story');
    const spike = stored.get('Spike');
    if (!story || !spike) throw new Error('the import stored no Story or Spike');
    const sent = await deliveries();
    // A file's relations are stored together: their order between them is not the file's.
    const createdOf = (id: string) => {
      const data = sent.find(([event, d]) => event === 'task.created' && d.taskId === id)?.[1];
      const relations = (data?.relations ?? []) as Array<{ kind: string }>;
      return { ...data, relations: relations.toSorted((a, b) => a.kind.localeCompare(b.kind)) };
    };
    expect(createdOf(story.id).relations).toEqual([
      { kind: 'blocks', taskId: epic.id, key: epic.key },
      { kind: 'relates_to', taskId: spike.id, key: spike.key },
    ]);
    expect(createdOf(spike.id).relations).toEqual([{ kind: 'relates_to', taskId: story.id, key: story.key }]);
    // The existing task learns of its new relation as it would from POST /tasks/{id}/relations.
    expect(sent.filter(([event]) => event === 'task.updated')).toEqual([
      [
        'task.updated',
        expect.objectContaining({
          taskId: epic.id,
          changed: ['relations'],
          relations: [{ kind: 'blocked_by', taskId: story.id, key: story.key }],
        }),
      ],
    ]);
    expect(sent).toHaveLength(3);
  });

  it('closes a "duplicate of" row as the API does, with its history entry', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Dupes', key: 'DUP' })).id;
    const original = await createTask(ctx, product, { title: 'Login fails' });
    const deliveries = await webhookOf(ctx, admin, product);
    const csv = [
      'title,status,duplicate_of',
      `Cannot log in,In Progress,${original.key}`,
      `Already closed,Completed,${original.key}`,
    ].join('\n');
    const res = await as(alice, csvImport({ csv }, product));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await byTitle(product);
    const duplicate = stored.get('Cannot log in');
    expect(duplicate).toMatchObject({ status: 'Completed', completedAt: expect.any(Date) });
    expect(stored.get('Login fails')?.status).toBe('Pending');
    const entries = (await entriesOf(ctx, product)).filter((e) => e.taskId === duplicate?.id);
    expect(entries.map((e) => [e.actionType, e.description])).toEqual([
      ['task_completed', `${relationMessages.duplicateClosed(original.key)}: "Cannot log in"`],
      ['task_created', 'Created task "Cannot log in"'],
    ]);
    expect(entries[0]?.metadata).toMatchObject({ duplicateOf: original.id, newStatus: 'Completed' });
    // A row already Completed is left as it is: no second entry.
    const closed = stored.get('Already closed');
    expect((await entriesOf(ctx, product)).filter((e) => e.taskId === closed?.id)).toHaveLength(1);
    // Its created payload says what it is now: Completed, a duplicate of the original.
    expect(await deliveries()).toEqual(
      expect.arrayContaining([
        [
          'task.created',
          expect.objectContaining({
            taskId: duplicate?.id,
            status: 'Completed',
            relations: [{ kind: 'duplicate_of', taskId: original.id, key: original.key }],
          }),
        ],
      ]),
    );
  });
});
