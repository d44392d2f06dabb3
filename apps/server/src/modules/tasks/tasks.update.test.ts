import { productMessages, taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { edit, ids, storedTask } from './tasks.test-kit.ts';

// Editing a task: PATCH (and PUT) /api/tasks/{id}/update.
const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('PATCH /api/tasks/{id}/update', () => {
  it('changes only the given fields and records task_updated listing them with from and to', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product, team } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id, { title: 'Old', description: 'Same' });

    const res = await as(
      owner,
      edit(task.id, {
        id: task.id,
        title: 'New',
        description: 'Same',
        priority: 'Critical',
        phase: 'production',
        teamId: team.id,
        assigneeId: dev.user.id,
        dueDate: '2030-12-24',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New',
      description: 'Same',
      status: 'Pending',
      priority: 'critical',
      phase: 'production',
      team: { id: team.id, name: 'Core team' },
      assignee: { id: dev.user.id, name: 'Dana Dev' },
      dueDate: '2030-12-24',
    });
    const entries = await entriesOf(ctx, product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'task_updated',
      description: 'Updated task "New": title, priority, phase, team, assignee, due date',
      metadata: {
        changes: {
          title: { from: 'Old', to: 'New' },
          priority: { from: 'medium', to: 'critical' },
          phase: { from: null, to: 'production' },
          teamId: { from: null, to: team.id },
          assigneeId: { from: null, to: dev.user.id },
          dueDate: { from: null, to: '2030-12-24' },
        },
        taskId: task.id,
      },
      taskId: task.id,
      performedBy: owner.user.id,
    });

    // Clearing: null and '' both mean none.
    const cleared = await as(owner, edit(task.id, { teamId: null, assigneeId: '', phase: '' }));
    expect(cleared.json()).toMatchObject({
      teamId: null,
      team: null,
      assigneeId: null,
      assignee: null,
      phase: null,
    });
  });

  it('takes PUT as PATCH', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Before' });
    const res = await as(owner, edit(task.id, { title: 'After' }, 'PUT'));
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('After');
    expect((await storedTask(ctx, task.id))?.title).toBe('After');
  });

  it('records a status change made by an edit as the status call does, beside task_updated', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Both' });
    const res = await as(owner, edit(task.id, { status: 'completed', title: 'Both done' }));
    expect(res.json()).toMatchObject({ status: 'Completed', title: 'Both done' });
    expect(res.json().completedAt).toEqual(expect.any(String));
    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => [e.actionType, e.description])).toEqual([
      ['task_completed', 'Completed task "Both done"'],
      ['task_updated', 'Updated task "Both done": title'],
    ]);
    const statusOnly = await as(owner, edit(task.id, { status: 'Pending' }));
    expect(statusOnly.json()).toMatchObject({ status: 'Pending', completedAt: null });
    expect((await entriesOf(ctx, product.id)).map((e) => e.actionType)).toEqual([
      'task_completed',
      'task_updated',
      'task_status_updated',
    ]);
  });

  it('records nothing and keeps updated_at when nothing changes', async () => {
    const owner = await member();
    const dev = await member();
    const { product, team } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id, {
      title: 'Stable',
      teamId: team.id,
      assigneeId: dev.user.id,
      dueDate: '2030-01-01',
    });
    const res = await as(
      owner,
      edit(task.id, {
        title: 'Stable',
        status: 'pending',
        teamId: team.id,
        assigneeId: dev.user.id,
        dueDate: '2030-01-01',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).toBe(task.updatedAt.toISOString());
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('keeps an assignee who is no longer an active member when the edit does not change them', async () => {
    const owner = await member();
    const leaver = await member();
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, leaver.user.id, { status: 'suspended' });
    const task = await createTask(ctx, product.id, { assigneeId: leaver.user.id });
    const res = await as(owner, edit(task.id, { title: 'Still theirs', assigneeId: leaver.user.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Still theirs', assigneeId: leaver.user.id });
  });

  it('refuses a foreign team, an outside assignee and a blank title, changing nothing', async () => {
    const owner = await member();
    const stranger = await member();
    const { product } = await productOf(owner);
    const { team: foreign } = await productOf(owner, [stranger]);
    const task = await createTask(ctx, product.id, { title: 'Keep' });
    const refused = await as(
      owner,
      edit(task.id, { teamId: foreign.id, assigneeId: stranger.user.id, title: 'Lost' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({
      teamId: [taskMessages.teamNotInProduct],
      assigneeId: [taskMessages.assigneeNotInProduct],
    });
    const blank = await as(owner, edit(task.id, { title: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fields.title).toEqual([taskMessages.titleRequired]);
    expect(await storedTask(ctx, task.id)).toMatchObject({ title: 'Keep', teamId: null, assigneeId: null });
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('moves the task to another product, checking its team and assignee against that product', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product: from, team: oldTeam } = await productOf(owner, [dev], { name: 'From' });
    const { product: to, team: newTeam } = await productOf(owner, [], { name: 'To' });
    const { product: hidden } = await productOf(await member());
    const task = await createTask(ctx, from.id, {
      title: 'Traveller',
      teamId: oldTeam.id,
      assigneeId: dev.user.id,
    });

    const keepsOldTeam = await as(owner, edit(task.id, { projectId: to.id }));
    expect(keepsOldTeam.statusCode).toBe(400);
    expect(keepsOldTeam.json().details.fields).toEqual({
      teamId: [taskMessages.teamNotInProduct],
      assigneeId: [taskMessages.assigneeNotInProduct],
    });
    const notVisible = await as(
      owner,
      edit(task.id, { projectId: hidden.id, teamId: null, assigneeId: null }),
    );
    expect(notVisible.statusCode).toBe(404);
    expect(notVisible.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: productMessages.notFound });
    expect(await storedTask(ctx, task.id)).toMatchObject({ productId: from.id, teamId: oldTeam.id });

    const moved = await as(
      owner,
      edit(task.id, { projectId: to.id, teamId: newTeam.id, assigneeId: owner.user.id }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      projectId: to.id,
      product_id: to.id,
      project: { id: to.id, name: 'To' },
      team: { id: newTeam.id },
      assigneeId: owner.user.id,
    });
    expect(ids((await as(owner, { url: `/api/tasks/${to.id}/tasks` })).json())).toEqual([task.id]);
    expect((await as(owner, { url: `/api/tasks/${from.id}/tasks` })).json().total).toBe(0);
    const [entry] = await entriesOf(ctx, to.id);
    expect(entry).toMatchObject({
      actionType: 'task_updated',
      description: 'Updated task "Traveller": team, assignee, product',
      metadata: { changes: { projectId: { from: from.id, to: to.id } } },
      taskId: task.id,
    });
    expect(await entriesOf(ctx, from.id)).toEqual([]);
  });

  it('lets an active team member and an admin edit; a member who cannot see it gets 404 and a guest 403', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [teammate, visitor]);
    const task = await createTask(ctx, product.id, { title: 'Shared', assigneeId: visitor.user.id });

    expect((await as(teammate, edit(task.id, { title: 'By teammate' }))).json().title).toBe('By teammate');
    expect((await as(admin, edit(task.id, { title: 'By admin' }))).json().title).toBe('By admin');
    const hidden = await as(await member(), edit(task.id, { title: 'By stranger' }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('TASK_NOT_FOUND');
    // Even on their own task, a guest may only change the status, and not through the edit call.
    for (const body of [{ title: 'By guest' }, { status: 'Completed' }]) {
      const refused = await as(visitor, edit(task.id, body));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    }
    expect(await storedTask(ctx, task.id)).toMatchObject({ title: 'By admin', status: 'Pending' });
  });
});
