import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceProducts, services, webhookDeliveries } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type ListedTask, trelloImport, useImportTests } from './imports.test-kit.ts';

// Importing a Trello board export: POST /api/tasks/{productId}/import/trello.
const { ctx, as, alice, productId, taskCount, board } = useImportTests();

const fixture = JSON.parse(readFileSync(new URL('./fixtures/trello-board.json', import.meta.url), 'utf8'));

describe('Trello import', () => {
  it('previews the lists with their guessed statuses and skips archived cards and lists', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Trello preview' })).id;
    const res = await as(alice, trelloImport({ board: fixture }, product, true));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.board).toBe('Website relaunch');
    expect(body.lists).toEqual([
      { id: 'list-todo', name: 'To Do', closed: false, cards: 2, target: { status: 'Pending', phase: null } },
      {
        id: 'list-doing',
        name: 'Doing',
        closed: false,
        cards: 1,
        target: { status: 'In Progress', phase: null },
      },
      {
        id: 'list-done',
        name: 'Done ✅',
        closed: false,
        cards: 1,
        target: { status: 'Completed', phase: null },
      },
      {
        id: 'list-old',
        name: 'Old ideas',
        closed: true,
        cards: 0,
        target: { status: 'Pending', phase: null },
      },
    ]);
    expect(body).toMatchObject({
      total: 4,
      created: 0,
      errors: [],
      newLabels: ['Content', 'Purple', 'Bug', 'Design'],
    });
    expect(await taskCount(product)).toBe(0);
    const all = await as(alice, trelloImport({ board: fixture, includeArchived: true }, product, true));
    expect(all.json().total).toBe(6);
  });

  it('imports the fixture board to the expected tasks: statuses, order, labels, checklists, comments and due dates', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Website' })).id;
    const [hook] = await ctx.db
      .insert(services)
      .values({
        name: 'Receiver',
        category: 'Development',
        integrationType: 'Webhook',
        webhookUrl: 'https://example.com/h',
      })
      .returning();
    await ctx.db.insert(serviceProducts).values({ serviceId: hook?.id as string, productId: product });
    const res = await as(
      alice,
      trelloImport(
        { board: fixture, lists: { 'list-doing': { status: 'In Progress', phase: 'development' } } },
        product,
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 4, errors: [] });

    const listed = await board(product);
    expect(
      listed.map((t) => ({
        title: t.title,
        status: t.status,
        phase: t.phase,
        dueDate: t.dueDate,
        labels: t.labels.map((l) => `${l.name} ${l.color}`),
      })),
    ).toEqual([
      { title: 'Agree on the sitemap', status: 'Pending', phase: null, dueDate: null, labels: [] },
      {
        title: 'Write hero copy',
        status: 'Pending',
        phase: null,
        dueDate: '2026-04-10',
        labels: ['Content #22c55e', 'Purple #a855f7'],
      },
      {
        title: 'Fix mobile navigation overlap',
        status: 'In Progress',
        phase: 'development',
        dueDate: '2026-03-20',
        labels: ['Bug #ef4444', 'Design #f97316'],
      },
      {
        title: 'Project brief',
        status: 'Completed',
        phase: null,
        dueDate: '2026-02-01',
        labels: ['Content #22c55e'],
      },
    ]);
    const byTitle = (title: string) => listed.find((t) => t.title === title) as ListedTask;
    expect(byTitle('Write hero copy').description).toBe(
      'Two variants for the A/B test.\nKeep it under 12 words.',
    );

    const items = async (title: string) =>
      (await as(alice, { url: `/api/tasks/${byTitle(title).id}/checklist` }))
        .json()
        .items.map((i: { title: string; done: boolean }) => [i.title, i.done]);
    expect(await items('Write hero copy')).toEqual([
      ['Variant A', true],
      ['Variant B', false],
    ]);
    expect(await items('Fix mobile navigation overlap')).toEqual([
      ['Fix: Reproduce', true],
      ['Fix: Move the menu button', false],
      ['QA: Test on iPhone SE', false],
    ]);
    expect(await items('Agree on the sitemap')).toEqual([]);

    const comments = await as(alice, {
      url: `/api/tasks/${byTitle('Fix mobile navigation overlap').id}/comments`,
    });
    expect(
      comments
        .json()
        .data.map((c: { body: string; author: { name: string } | null }) => [c.author?.name, c.body]),
    ).toEqual([
      ['Alice', 'Originally by Raj Patel on 2026-03-02:\n\nI can reproduce it on Android too.'],
      ['Alice', 'Originally by Jane Doe on 2026-03-04:\n\nStill broken on Safari.'],
    ]);
    // One task.created webhook delivery per task, as on creation.
    const deliveries = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.serviceId, hook?.id as string));
    expect(deliveries.map((d) => d.eventType)).toEqual(Array(4).fill('task.created'));
    const productLabels = await as(alice, { url: `/api/projects/${product}/labels` });
    expect(productLabels.json().data.map((l: { name: string; tasks: number }) => [l.name, l.tasks])).toEqual([
      ['Bug', 1],
      ['Content', 2],
      ['Design', 1],
      ['Purple', 1],
    ]);
  });

  it('answers 400 for JSON that is not a Trello export', async () => {
    const res = await as(alice, trelloImport({ board: { name: 'x' } }, productId(), true));
    expect(res.statusCode).toBe(400);
  });
});
