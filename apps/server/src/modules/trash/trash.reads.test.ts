import { describe, expect, it } from 'vitest';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { deleteProduct, deleteTask, restore } from './trash.test-kit.ts';

// What is in the trash is in no read (issue 28): every surface that shows the task or product
// before the delete leaves it out after it, and shows it again after the restore. One table of
// surfaces for a task and one for a product, read as the product's owner, a teammate and an admin.
const { as, member, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('super admin', 'Ada Admin');

const today = new Date().toISOString().slice(0, 10);
/** A surface, and what it names the task or product by when not by every needle. */
type Surface = [name: string, who: 'owner' | 'teammate' | 'admin', url: string, by?: string[]];
type People = Record<Surface[1], Signed>;

/** Whether each surface's answer (200) names one of `needles` (an id or a name). */
async function readAll(people: People, surfaces: Surface[], needles: string[]) {
  const seen: Record<string, boolean> = {};
  for (const [name, who, url, by] of surfaces) {
    const res = await as(people[who], { url } satisfies Req);
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
    seen[name] = (by ?? needles).some((n) => res.body.includes(n));
  }
  return seen;
}

/** Each page's status: 200 while the task or product is live, 404 while it is in the trash. */
async function statuses(people: People, pages: Surface[]) {
  const seen: Record<string, number> = {};
  for (const [name, who, url] of pages) seen[name] = (await as(people[who], { url })).statusCode;
  return seen;
}

const all = <T>(surfaces: Surface[], value: T) => Object.fromEntries(surfaces.map(([name]) => [name, value]));

describe('a trashed task', () => {
  it('is left out of every read, and back in all of them after the restore', async () => {
    const owner = await member('Olga Owner');
    const teammate = await member('Tom Teammate');
    const { product } = await productOf(owner, [teammate]);
    const created = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Quokka probe', projectId: product.id, dueDate: today, assigneeId: teammate.user.id },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().id;
    const people = { owner, teammate, admin };
    const surfaces: Surface[] = [
      ['tasks across products', 'owner', '/api/tasks/all'],
      ['tasks across products (admin)', 'admin', '/api/tasks/all'],
      ['assigned to me', 'teammate', `/api/tasks/all?assigneeId=${teammate.user.id}`],
      ["the product's tasks", 'owner', `/api/tasks/${product.id}/tasks`],
      ['the board', 'teammate', `/api/tasks/${product.id}/board`],
      ['search', 'owner', '/api/search?q=Quokka'],
      ['search (admin)', 'admin', '/api/search?q=Quokka'],
      ['calendar', 'teammate', `/api/calendar/tasks?from=${today}&to=${today}`],
      ['CSV of every task', 'admin', '/api/tasks/export.csv'],
      ["CSV of the product's tasks", 'owner', `/api/tasks/${product.id}/tasks.csv`],
      ['notifications', 'teammate', '/api/notifications'],
    ];
    const pages: Surface[] = [
      ['the task', 'owner', `/api/tasks/${id}`],
      ["the task's page", 'admin', `/api/tasks/${id}/detail`],
      ['its comments', 'teammate', `/api/tasks/${id}/comments`],
      ['its checklist', 'owner', `/api/tasks/${id}/checklist`],
      ['its watchers', 'owner', `/api/tasks/${id}/watchers`],
      ['its history', 'owner', `/api/tasks/${id}/history`],
    ];
    const needles = [id, 'Quokka probe'];
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, true));
    expect(await statuses(people, pages)).toEqual(all(pages, 200));

    expect((await as(teammate, deleteTask(id))).statusCode).toBe(200);
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, false));
    expect(await statuses(people, pages)).toEqual(all(pages, 404));
    const count = async () => (await as(owner, { url: `/api/tasks/${product.id}/tasks` })).json().total;
    expect(await count()).toBe(0);

    expect((await as(owner, restore('task', id))).statusCode).toBe(200);
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, true));
    expect(await statuses(people, pages)).toEqual(all(pages, 200));
    expect(await count()).toBe(1);
  });
});

describe('a trashed product', () => {
  it('is left out of every read with its tasks, teams and history, and back after the restore', async () => {
    const owner = await member('Olga Owner');
    const teammate = await member('Tom Teammate');
    const { product } = await productOf(owner, [teammate], { name: 'Zanzibar probe' });
    const task = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Wombat probe', projectId: product.id, dueDate: today },
    });
    expect(task.statusCode).toBe(201);
    const people = { owner, teammate, admin };
    const surfaces: Surface[] = [
      ['products', 'owner', '/api/projects'],
      ['products (admin)', 'admin', '/api/projects'],
      ['products CSV', 'admin', '/api/projects/export.csv'],
      ['search', 'teammate', '/api/search?q=Zanzibar'],
      ['search for its task', 'admin', '/api/search?q=Wombat'],
      ['its tasks across products', 'admin', '/api/tasks/all'],
      ['calendar', 'owner', `/api/calendar/tasks?from=${today}&to=${today}`],
      ['teams', 'admin', '/api/team'],
      // Its entries; the log keeps the one entry of the deletion, without the product, to who did it and admins.
      ['the activity log (admin)', 'admin', '/api/activities', ['Wombat probe']],
      ['the activity log', 'owner', '/api/activities', ['Wombat probe']],
      ['project status report', 'admin', '/api/reports/project-status'],
      ['dashboard team overview', 'admin', '/api/dashboard/team-overview'],
    ];
    const pages: Surface[] = [
      ['the product', 'owner', `/api/projects/${product.id}`],
      ['its board', 'admin', `/api/tasks/${product.id}/board`],
      ['its documents', 'owner', `/api/projects/${product.id}/documents`],
      ['its product activity', 'owner', `/api/activities/product/${product.id}`],
    ];
    const needles = [product.id, 'Zanzibar probe', 'Wombat probe'];
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, true));
    expect(await statuses(people, pages)).toEqual(all(pages, 200));

    expect((await as(owner, deleteProduct(product.id))).statusCode).toBe(200);
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, false));
    expect(await statuses(people, pages)).toEqual(all(pages, 404));

    expect((await as(owner, restore('product', product.id))).statusCode).toBe(200);
    expect(await readAll(people, surfaces, needles)).toEqual(all(surfaces, true));
    expect(await statuses(people, pages)).toEqual(all(pages, 200));
  });
});
