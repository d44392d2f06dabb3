import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';
import { create, edit, setStatus } from './tasks.test-kit.ts';

// What follows the tasks elsewhere: the product's progress and the dashboard.
const { as, member, productOf } = useTestApp();

describe('product progress and the dashboard follow the tasks', () => {
  it('counts tasks created and completed through the API', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const summary = async () => (await as(owner, { url: '/api/dashboard/summary' })).json();
    const progress = async () => (await as(owner, { url: `/api/projects/${product.id}` })).json().progress;
    expect(await progress()).toBe(0);
    expect(await summary()).toMatchObject({ completedTasks: 0, completedThisWeek: 0 });

    const made = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      made.push((await as(owner, create({ title, projectId: product.id }))).json().id);
    }
    expect(await progress()).toBe(0);
    await as(owner, setStatus(made[0], 'Completed'));
    expect(await progress()).toBe(25);
    expect(await summary()).toMatchObject({ completedTasks: 1, completedThisWeek: 1 });
    await as(owner, edit(made[1], { status: 'Completed' }));
    expect(await progress()).toBe(50);
    expect((await summary()).completedTasks).toBe(2);

    await as(owner, setStatus(made[0], 'In Progress'));
    await as(owner, { method: 'DELETE', url: `/api/tasks/${made[2]}` });
    expect(await progress()).toBe(33);
    expect(await summary()).toMatchObject({ completedTasks: 1, completedThisWeek: 1 });
  });
});
