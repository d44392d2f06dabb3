import { describe, expect, it } from 'vitest';
import {
  CreateTaskSchema,
  TASK_COLUMNS,
  TaskFiltersSchema,
  TaskStatusUpdateSchema,
  taskMessages,
  toTaskStatus,
  UpdateTaskSchema,
} from './tasks.ts';

const PRODUCT = '6f1c2a3b-4d5e-4f60-8a7b-8c9d0e1f2a3b';

describe('task statuses', () => {
  it('reads any casing, underscores, dashes and the board’s column ids as the stored form', () => {
    for (const [input, status] of [
      ['pending', 'Pending'],
      ['PENDING', 'Pending'],
      ['in progress', 'In Progress'],
      ['In Progress', 'In Progress'],
      ['in_progress', 'In Progress'],
      ['IN-PROGRESS', 'In Progress'],
      [' completed ', 'Completed'],
    ]) {
      expect(toTaskStatus(input), input).toBe(status);
    }
    for (const column of TASK_COLUMNS) expect(toTaskStatus(column.id)).toBe(column.status);
  });

  it('knows nothing else', () => {
    for (const input of ['done', 'inprogress', '', 3, null, undefined])
      expect(toTaskStatus(input)).toBeUndefined();
    const parsed = TaskStatusUpdateSchema.safeParse({ status: 'done' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(taskMessages.statusUnknown);
  });
});

describe('the task form', () => {
  it('defaults to Pending, medium and nothing else, trimming the title', () => {
    expect(CreateTaskSchema.parse({ title: '  Plan  ', projectId: PRODUCT })).toEqual({
      title: 'Plan',
      description: '',
      status: 'Pending',
      priority: 'medium',
      phase: null,
      teamId: null,
      assigneeId: null,
      dueDate: null,
      projectId: PRODUCT,
      // Issue 29: no parent, no estimate.
      parentId: null,
      estimate: null,
      // Issue 31: no start date.
      startDate: null,
    });
  });

  it('takes an empty select as none, and phases and priorities in any casing', () => {
    expect(
      CreateTaskSchema.parse({
        title: 'x',
        projectId: PRODUCT,
        phase: 'Testing',
        priority: 'HIGH',
        teamId: '',
        assigneeId: '',
        dueDate: '',
      }),
    ).toMatchObject({ phase: 'testing', priority: 'high', teamId: null, assigneeId: null, dueDate: null });
  });

  it('requires a title with the spec’s message', () => {
    for (const title of [undefined, '', '   ']) {
      const parsed = CreateTaskSchema.safeParse({ title, projectId: PRODUCT });
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['title', taskMessages.titleRequired],
      ]);
    }
  });

  it('leaves out of an edit what it does not name, so nothing else changes', () => {
    expect(UpdateTaskSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(UpdateTaskSchema.parse({ status: 'in progress', teamId: '' })).toEqual({
      status: 'In Progress',
      teamId: null,
    });
  });
});

describe('task filters', () => {
  it('read comma lists or repeated values, in any casing, and drop "all"', () => {
    expect(
      TaskFiltersSchema.parse({ status: 'pending,In Progress', phase: ['Planning', 'testing'] }),
    ).toMatchObject({
      status: ['Pending', 'In Progress'],
      phase: ['planning', 'testing'],
      limit: 50,
    });
    expect(TaskFiltersSchema.parse({ status: 'all', phase: 'all', productId: 'all' })).toEqual({
      status: [],
      phase: [],
      limit: 50,
    });
  });

  it('refuse unknown values', () => {
    for (const query of [{ status: 'done' }, { phase: 'launch' }, { limit: '0' }, { limit: '201' }]) {
      expect(TaskFiltersSchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
