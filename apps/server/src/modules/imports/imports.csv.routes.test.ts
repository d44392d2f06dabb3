import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, labels, notifications, taskWatchers } from '../../db/schema/index.ts';
import { createProduct, createTeam } from '../../testing/factories.ts';
import { csvImport, type ListedTask, trelloImport, useImportTests } from './imports.test-kit.ts';

// Importing tasks from a CSV file: POST /api/tasks/{productId}/import/csv, and its hourly limit.
const { ctx, as, signedIn, alice, mia, gus, bob, productId, taskCount, board } = useImportTests();

const goodCsv = [
  '\uFEFFName;Details;State;Priority;Owner;Deadline;Tags;Team;Subtasks',
  'Draft the launch post;"First line',
  'second line";In progress;High;Mia;2026-05-01;Content, Launch;Web;"[x] Outline; Draft"',
  'Ship it;;completed;;;;Launch;;',
  '',
  'Celebrate;;;low;;;;;',
].join('\r\n');
/** Which column of goodCsv holds what: the mapping the preview guesses, and the import is given. */
const goodMapping = {
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

describe('CSV import', () => {
  it('previews a file with its guessed mapping, detected delimiter and rows as they would be stored, storing nothing', async () => {
    const before = await taskCount();
    const res = await as(alice, csvImport({ csv: goodCsv }, productId(), true));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dryRun: true,
      total: 3,
      created: 0,
      errors: [],
      delimiter: ';',
      headers: ['Name', 'Details', 'State', 'Priority', 'Owner', 'Deadline', 'Tags', 'Team', 'Subtasks'],
      mapping: goodMapping,
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
      .where(eq(labels.productId, productId()));
    const csv = [
      'title,status,priority,due date,assignee,phase,labels',
      'Good row,Pending,low,2026-01-02,,,Fresh',
      ',Pending,,,,,',
      '"Multi',
      'line title",Doing,urgent,31/12/2026,nobody@example.com,design,',
      'Fine again,,,,Bob,,',
    ].join('\n');
    const res = await as(alice, csvImport({ csv }, productId()));
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
      .where(eq(labels.productId, productId()));
    expect(labelsAfter?.n).toBe(labelsBefore?.n);

    const dry = await as(alice, csvImport({ csv }, productId(), true));
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
    const res = await as(alice, csvImport({ csv: goodCsv, mapping: goodMapping }, product));
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
    const res = await as(mia, csvImport({ csv }, productId(), true));
    expect(res.json().errors).toEqual([
      {
        row: 2,
        field: 'labels',
        message:
          'label "Brand new label" does not exist in this product (only its creator or an admin may add labels)',
      },
    ]);
    const ok = await as(mia, csvImport({ csv, mapping: { title: 0 } }, productId(), true));
    expect(ok.json()).toMatchObject({ errors: [], total: 1 });
  });

  it('answers 400 for a file without rows, an unreadable file, a missing title column, and a file past the row cap', async () => {
    expect((await as(alice, csvImport({ csv: 'title\n' }, productId(), true))).json().code).toBe('CSV_EMPTY');
    expect((await as(alice, csvImport({ csv: 'title\n"open quote\n' }, productId(), true))).json().code).toBe(
      'CSV_UNREADABLE',
    );
    expect((await as(alice, csvImport({ csv: 'foo,bar\n1,2\n' }, productId(), true))).json().code).toBe(
      'IMPORT_TITLE_UNMAPPED',
    );
    const big = `title\n${'t\n'.repeat(5001)}`;
    const res = await as(alice, csvImport({ csv: big }, productId(), true));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_LARGE');
  });

  it('answers 401 without a session, 403 to a guest of the product, 404 to a member who does not see it', async () => {
    const csv = 'title\nOne\n';
    expect((await as(undefined, csvImport({ csv }, productId()))).statusCode).toBe(401);
    expect((await as(gus, csvImport({ csv }, productId()))).statusCode).toBe(403);
    expect((await as(bob, csvImport({ csv }, productId()))).statusCode).toBe(404);
    expect(
      (await as(undefined, trelloImport({ board: { lists: [], cards: [] } }, productId()))).statusCode,
    ).toBe(401);
    expect((await as(gus, trelloImport({ board: { lists: [], cards: [] } }, productId()))).statusCode).toBe(
      403,
    );
    expect((await as(bob, trelloImport({ board: { lists: [], cards: [] } }, productId()))).statusCode).toBe(
      404,
    );
  });
});

describe('import rate limit', () => {
  it('allows 60 CSV imports (dry runs included) per account per hour, then 429; other accounts go on', async () => {
    const busy = await signedIn('member', 'Busy');
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
    expect((await as(alice, csvImport({ csv }, productId(), true))).statusCode).toBe(200);
  });
});
