import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { choose } from '../../../test/user-input.ts';
import { taskDefaultsFrom } from './task-defaults.ts';
import { TaskFormDialog, type TaskFormDialogProps } from './task-form-dialog.tsx';
import { noFilters } from './test-task-board.tsx';
import { ASSIGNEE_ID, makeTask, makeTaskOptions, PRODUCT_ID } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LABEL = '77777777-7777-4777-8777-777777777777';
const OTHER_LABEL = '88888888-8888-4888-8888-888888888888';
const NEW_ID = '99999999-9999-4999-8999-999999999999';

function serve() {
  let n = 0;
  return routeFetch({
    [`GET /api/tasks/${PRODUCT_ID}/options`]: jsonResponse(
      200,
      makeTaskOptions({
        assignees: [
          { id: ASSIGNEE_ID, name: 'Grace Hopper', email: 'grace@example.com', avatar_url: null },
          {
            id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            avatar_url: null,
          },
        ],
      }),
    ),
    [`GET /api/projects/${PRODUCT_ID}/labels`]: jsonResponse(200, {
      data: [
        { id: LABEL, name: 'Radio', color: '#00aa00', productId: PRODUCT_ID, tasks: 0 },
        { id: OTHER_LABEL, name: 'Hull', color: '#aa0000', productId: PRODUCT_ID, tasks: 0 },
      ],
      canManage: true,
    }),
    'POST /api/tasks': ({ init }) => {
      n += 1;
      const body = sentJson(init) as { title: string };
      return jsonResponse(201, makeTask({ id: `${NEW_ID.slice(0, -1)}${n}`, title: body.title }));
    },
    [`PUT /api/tasks/${NEW_ID.slice(0, -1)}1/labels`]: jsonResponse(200, {
      taskId: NEW_ID,
      labels: [{ id: LABEL, name: 'Radio', color: '#00aa00' }],
    }),
  });
}

function renderDialog(props: Partial<TaskFormDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <TaskFormDialog open onOpenChange={onOpenChange} productId={PRODUCT_ID} {...props} />,
  );
  return { ...result, onOpenChange };
}

describe('TaskFormDialog chips (issue 28)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 25, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('filters a chip’s choices as you type and picks with Enter', async () => {
    serve();
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Assignee' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.type(screen.getByPlaceholderText('Assignee…'), 'ada');
    expect(screen.getByRole('option', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Ada Lovelace');
  });

  it('starts from where it was opened: the column’s status, assignee=me, one label of the filter', async () => {
    const fetchMock = serve();
    const defaults = taskDefaultsFrom(
      { ...noFilters, productId: PRODUCT_ID, assignee: ['me'], label: ['radio'] },
      ASSIGNEE_ID,
      'In Progress',
    );
    const { user } = renderDialog({ defaults });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Grace Hopper'),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Labels' })).toHaveTextContent('Radio'));

    await user.type(screen.getByLabelText('Title'), 'Fit the antenna');
    await user.click(screen.getByRole('button', { name: 'Set due date' }));
    await user.type(screen.getByLabelText('Due date'), 'tomorrow');
    expect(screen.getByText(/Thursday/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `/api/tasks/${NEW_ID.slice(0, -1)}1/labels`)).toHaveLength(1),
    );
    const [post] = callsTo(fetchMock, 'POST', '/api/tasks');
    expect(sentJson(post?.init)).toMatchObject({
      title: 'Fit the antenna',
      status: 'In Progress',
      assigneeId: ASSIGNEE_ID,
      dueDate: '2026-11-26',
      projectId: PRODUCT_ID,
    });
    const [put] = callsTo(fetchMock, 'PUT', `/api/tasks/${NEW_ID.slice(0, -1)}1/labels`);
    expect(sentJson(put?.init)).toEqual({ labelIds: [LABEL] });
  });

  it('with "Create more", stays open and cleared for the next task, keeping its properties', async () => {
    const fetchMock = serve();
    const { user, onOpenChange } = renderDialog();
    await choose(user, 'Priority', 'High');
    await user.click(screen.getByRole('checkbox', { name: 'Create more' }));

    await user.type(screen.getByLabelText('Title'), 'First');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High');

    await user.type(screen.getByLabelText('Title'), 'Second');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(2));
    const bodies = callsTo(fetchMock, 'POST', '/api/tasks').map(({ init }) => sentJson(init));
    expect(bodies).toMatchObject([
      { title: 'First', priority: 'high' },
      { title: 'Second', priority: 'high' },
    ]);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(
      within(screen.getByRole('dialog')).getByRole('heading', { name: 'Create New Task' }),
    ).toBeInTheDocument();
  });

  it('chooses several labels on the labels chip', async () => {
    const fetchMock = serve();
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Labels' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Labels' }));
    await user.click(screen.getByRole('option', { name: 'Radio' }));
    await user.click(screen.getByRole('option', { name: 'Hull' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Labels' })).toHaveTextContent('Radio +1');
    await user.type(screen.getByLabelText('Title'), 'Two labels');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `/api/tasks/${NEW_ID.slice(0, -1)}1/labels`)).toHaveLength(1),
    );
    const [put] = callsTo(fetchMock, 'PUT', `/api/tasks/${NEW_ID.slice(0, -1)}1/labels`);
    expect(sentJson(put?.init)).toEqual({ labelIds: [LABEL, OTHER_LABEL] });
  });
});
