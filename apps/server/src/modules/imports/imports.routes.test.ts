import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  labels,
  notifications,
  serviceProducts,
  services,
  tasks,
  taskWatchers,
  webhookDeliveries,
} from '../../db/schema/index.ts';
import { productCast } from '../../testing/cast.ts';
import { createProduct, createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as } = useTestApp();

let alice: Signed; // creates the product
let mia: Signed; // a member of its team
let gus: Signed; // a guest of its team
let bob: Signed; // a member who does not see it
let productId: string;

beforeAll(async () => {
  ({ alice, mia, gus, bob, productId } = await productCast(ctx));
  await createTeam(ctx, productId, { name: 'Web' });
});

const csvImport = (payload: object, id = productId, dryRun = false): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/import/csv${dryRun ? '?dryRun=1' : ''}`,
  payload,
});
const trelloImport = (payload: object, id: string, dryRun = false): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/import/trello${dryRun ? '?dryRun=1' : ''}`,
  payload,
});
async function taskCount(id = productId) {
  const [row] = await ctx.db.select({ n: count() }).from(tasks).where(eq(tasks.productId, id));
  return row?.n ?? 0;
}
type ListedTask = {
  id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  phase: string | null;
  dueDate: string | null;
  assignee: { name: string } | null;
  team: { name: string } | null;
  labels: { name: string; color: string }[];
};
async function board(id: string, who: Signed = alice): Promise<ListedTask[]> {
  const res = await as(who, { url: `/api/tasks/${id}/tasks?limit=200` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ListedTask[] }>().data;
}

const goodCsv = [
  '\uFEFFName;Details;State;Priority;Owner;Deadline;Tags;Team;Subtasks',
  'Draft the launch post;"First line',
  'second line";In progress;High;Mia;2026-05-01;Content, Launch;Web;"[x] Outline; Draft"',
  'Ship it;;completed;;;;Launch;;',
  '',
  'Celebrate;;;low;;;;;',
].join('\r\n');

describe('CSV import', () => {
  it('previews a file with its guessed mapping, detected delimiter and rows as they would be stored, storing nothing', async () => {
    const before = await taskCount();
    const res = await as(alice, csvImport({ csv: goodCsv }, productId, true));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dryRun: true,
      total: 3,
      created: 0,
      errors: [],
      delimiter: ';',
      headers: ['Name', 'Details', 'State', 'Priority', 'Owner', 'Deadline', 'Tags', 'Team', 'Subtasks'],
      mapping: {
        title: 0,
        description: 1,
        status: 2,
        priority: 3,
        assignee: 4,
        dueDate: 5,
        labels: 6,
        team: 7,
        checklist: 8,
      },
    });
    expect(body.preview[0]).toEqual({
      row: 2,
      title: 'Draft the launch post',
      description: 'First line\nsecond line',
      status: 'In Progress',
      priority: 'high',
      phase: null,
      team: 'Web',
      assignee: 'Mia',
      dueDate: '2026-05-01',
      labels: ['Content', 'Launch'],
      checklist: [
        { title: 'Outline', done: true },
        { title: 'Draft', done: false },
      ],
      comments: 0,
    });
    // Rows as a spreadsheet numbers them: the quoted newline stays in row 2, the blank row 4 is
    // skipped but counted.
    expect(body.preview.map((p: { row: number }) => p.row)).toEqual([2, 3, 5]);
    expect(await taskCount()).toBe(before);
  });

  it('refuses a file with bad rows with their row numbers, and stores nothing', async () => {
    const before = await taskCount();
    const [labelsBefore] = await ctx.db
      .select({ n: count() })
      .from(labels)
      .where(eq(labels.productId, productId));
    const csv = [
      'title,status,priority,due date,assignee,phase,labels',
      'Good row,Pending,low,2026-01-02,,,Fresh',
      ',Pending,,,,,',
      '"Multi',
      'line title",Doing,urgent,31/12/2026,nobody@example.com,design,',
      'Fine again,,,,Bob,,',
    ].join('\n');
    const res = await as(alice, csvImport({ csv }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.message).toBe('3 rows have errors; nothing was imported.');
    expect(body.details.errors).toEqual([
      { row: 3, field: 'title', message: 'title is required' },
      { row: 4, field: 'status', message: 'status "Doing" is not one of Pending, In Progress, Completed' },
      { row: 4, field: 'priority', message: 'priority "urgent" is not one of low, medium, high, critical' },
      {
        row: 4,
        field: 'phase',
        message: 'phase "design" is not one of planning, development, testing, production, maintenance',
      },
      { row: 4, field: 'assignee', message: 'assignee "nobody@example.com" is not a member of this product' },
      { row: 4, field: 'dueDate', message: 'due date "31/12/2026" is not a date (write YYYY-MM-DD)' },
      // The quoted newline keeps "Multi line title" one row (4), as a spreadsheet shows it.
      { row: 5, field: 'assignee', message: 'assignee "Bob" is not a member of this product' },
    ]);
    expect(await taskCount()).toBe(before);
    const [labelsAfter] = await ctx.db
      .select({ n: count() })
      .from(labels)
      .where(eq(labels.productId, productId));
    expect(labelsAfter?.n).toBe(labelsBefore?.n);

    const dry = await as(alice, csvImport({ csv }, productId, true));
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, created: 0, errorCount: 7 });
    // The preview shows a refused value as the file wrote it, never a default in its place.
    expect(dry.json().preview[2]).toMatchObject({
      row: 4,
      status: 'Doing',
      priority: 'urgent',
      dueDate: '31/12/2026',
    });
  });

  it('imports every row with the chosen mapping in one go: labels matched or created, checklists, activity, no assignment notifications', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Import target' })).id;
    const team = await createTeam(ctx, product, { name: 'Web' });
    const { addMember } = await import('../../testing/factories.ts');
    await addMember(ctx, team.id, mia.user.id);
    await as(alice, {
      method: 'POST',
      url: `/api/projects/${product}/labels`,
      payload: { name: 'content', color: '#3b82f6' },
    });
    const mapping = {
      title: 0,
      description: 1,
      status: 2,
      priority: 3,
      assignee: 4,
      dueDate: 5,
      labels: 6,
      team: 7,
      checklist: 8,
    };
    const res = await as(alice, csvImport({ csv: goodCsv, mapping }, product));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: false,
      total: 3,
      created: 3,
      errors: [],
      newLabels: ['Launch'],
    });

    const listed = await board(product);
    expect(
      listed.map((t) => [
        t.title,
        t.status,
        t.priority,
        t.assignee?.name ?? null,
        t.team?.name ?? null,
        t.dueDate,
        t.labels.map((l) => l.name),
      ]),
    ).toEqual([
      ['Draft the launch post', 'In Progress', 'high', 'Mia', 'Web', '2026-05-01', ['content', 'Launch']],
      ['Ship it', 'Completed', 'medium', null, null, null, ['Launch']],
      ['Celebrate', 'Pending', 'low', null, null, null, []],
    ]);
    const first = listed[0] as ListedTask;
    expect(first.description).toBe('First line\nsecond line');
    const checklist = await as(alice, { url: `/api/tasks/${first.id}/checklist` });
    expect(checklist.json().items.map((i: { title: string; done: boolean }) => [i.title, i.done])).toEqual([
      ['Outline', true],
      ['Draft', false],
    ]);
    const created = await ctx.db.select().from(activities).where(eq(activities.productId, product));
    expect(created.filter((a) => a.actionType === 'task_created')).toHaveLength(3);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, mia.user.id));
    expect(told.filter((n) => n.type === 'TASK_ASSIGNED')).toHaveLength(0);
    // As on creation: the importer watches every task, the assignee the ones assigned to them.
    const watching = await ctx.db.select().from(taskWatchers).where(eq(taskWatchers.taskId, first.id));
    expect(watching.map((w) => w.userId).sort()).toEqual([alice.user.id, mia.user.id].sort());
  });

  it('publishes each new task to the product’s browsers, or one list refresh past 20 tasks, and nothing when refused', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Live' })).id;
    const taskChanges = () => ctx.published.filter((c) => c.kind === 'task' && c.productId === product);
    const csvOf = (n: number) => `title\n${Array.from({ length: n }, (_, i) => `T${i}`).join('\n')}\n`;
    await as(alice, csvImport({ csv: csvOf(3) }, product));
    expect(taskChanges().map((c) => c.op)).toEqual(['created', 'created', 'created']);
    expect((await as(alice, csvImport({ csv: 'title,status\nA,Nope\n' }, product))).statusCode).toBe(422);
    expect(taskChanges()).toHaveLength(3);
    await as(alice, csvImport({ csv: csvOf(30) }, product));
    expect(
      taskChanges()
        .slice(3)
        .map((c) => c.op),
    ).toEqual(['updated']);
    expect(await taskCount(product)).toBe(33);
  });

  it('refuses labels a member may not add, names the rows, and lets them through once the mapping leaves labels out', async () => {
    const csv = 'title,labels\nOne,Brand new label\n';
    const res = await as(mia, csvImport({ csv }, productId, true));
    expect(res.json().errors).toEqual([
      {
        row: 2,
        field: 'labels',
        message:
          'label "Brand new label" does not exist in this product (only its creator or an admin may add labels)',
      },
    ]);
    const ok = await as(mia, csvImport({ csv, mapping: { title: 0 } }, productId, true));
    expect(ok.json()).toMatchObject({ errors: [], total: 1 });
  });

  it('answers 400 for a file without rows, an unreadable file, a missing title column, and a file past the row cap', async () => {
    expect((await as(alice, csvImport({ csv: 'title\n' }, productId, true))).json().code).toBe('CSV_EMPTY');
    expect((await as(alice, csvImport({ csv: 'title\n"open quote\n' }, productId, true))).json().code).toBe(
      'CSV_UNREADABLE',
    );
    expect((await as(alice, csvImport({ csv: 'foo,bar\n1,2\n' }, productId, true))).json().code).toBe(
      'IMPORT_TITLE_UNMAPPED',
    );
    const big = `title\n${'t\n'.repeat(5001)}`;
    const res = await as(alice, csvImport({ csv: big }, productId, true));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_LARGE');
  });

  it('answers 401 without a session, 403 to a guest of the product, 404 to a member who does not see it', async () => {
    const csv = 'title\nOne\n';
    expect((await as(undefined, csvImport({ csv }))).statusCode).toBe(401);
    expect((await as(gus, csvImport({ csv }))).statusCode).toBe(403);
    expect((await as(bob, csvImport({ csv }))).statusCode).toBe(404);
    expect(
      (await as(undefined, trelloImport({ board: { lists: [], cards: [] } }, productId))).statusCode,
    ).toBe(401);
    expect((await as(gus, trelloImport({ board: { lists: [], cards: [] } }, productId))).statusCode).toBe(
      403,
    );
    expect((await as(bob, trelloImport({ board: { lists: [], cards: [] } }, productId))).statusCode).toBe(
      404,
    );
  });
});

describe('import rate limit', () => {
  it('allows 60 CSV imports (dry runs included) per account per hour, then 429; other accounts go on', async () => {
    const { createSignedInUser } = await import('../../testing/factories.ts');
    const busy = await createSignedInUser(ctx, { name: 'Busy' });
    const own = (await createProduct(ctx, busy.user.id, { name: 'Busy product' })).id;
    const csv = 'title\nOne\n';
    for (let i = 0; i < 60; i++) {
      expect((await as(busy, csvImport({ csv }, own, true))).statusCode).toBe(200);
    }
    const refused = await as(busy, csvImport({ csv }, own, true));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'At most 60 imports per hour; try again later.',
    });
    expect((await as(alice, csvImport({ csv }, productId, true))).statusCode).toBe(200);
  });
});

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
    const res = await as(alice, trelloImport({ board: { name: 'x' } }, productId, true));
    expect(res.statusCode).toBe(400);
  });
});
