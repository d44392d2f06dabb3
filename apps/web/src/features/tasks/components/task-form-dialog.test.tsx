import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dueDateTexts } from '../../../components/due-date-input.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { choose } from '../../../test/user-input.ts';
import { TaskFormDialog, type TaskFormDialogProps } from './task-form-dialog.tsx';
import {
  ASSIGNEE_ID,
  makeTask,
  makeTaskOptions,
  OTHER_ASSIGNEE_ID,
  OTHER_PRODUCT_ID,
  OTHER_TEAM_ID,
  PRODUCT_ID,
  productStates,
  TEAM_ID,
} from './test-tasks.ts';

const REVIEW = 'a5555555-5555-4555-8555-555555555555';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const OPTIONS = `GET /api/tasks/${PRODUCT_ID}/options`;

function renderDialog(props: Partial<TaskFormDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<TaskFormDialog open onOpenChange={onOpenChange} {...props} />);
  return { ...result, onOpenChange };
}

describe('TaskFormDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("opens as 'Create New Task' with status Pending and priority Medium, and no product select", async () => {
    routeFetch({ [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user } = renderDialog({ productId: PRODUCT_ID });

    const dialog = screen.getByRole('dialog', { name: 'Create New Task' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending');
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Medium');
    expect(within(dialog).getByRole('combobox', { name: 'Phase' })).toHaveTextContent('No phase');
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveTextContent('No team'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Unassigned');
    await user.click(within(dialog).getByRole('button', { name: 'Set due date' }));
    expect(screen.getByLabelText('Due date')).toHaveAttribute('placeholder', dueDateTexts.placeholder);
    expect(within(dialog).getByRole('button', { name: 'Create Task' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('picks one of the product’s workflow states as the status (issue 29)', async () => {
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      [`GET /api/projects/${PRODUCT_ID}/states`]: jsonResponse(200, {
        ...productStates(),
        data: [
          ...productStates().data,
          {
            id: REVIEW,
            productId: PRODUCT_ID,
            name: 'In review',
            color: '#a855f7',
            category: 'In Progress',
            position: 3,
            tasks: 0,
          },
        ],
      }),
      'POST /api/tasks': jsonResponse(201, makeTask()),
    });
    const { user } = renderDialog({ productId: PRODUCT_ID });
    await user.type(screen.getByLabelText('Title'), 'Check the welds');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending'),
    );
    await choose(user, 'Status', 'In review');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks')[0]?.init)).toMatchObject({
      status: 'In Progress',
      stateId: REVIEW,
    });
  });

  it("says 'Title is required' and sends nothing when the title is empty", async () => {
    const fetchMock = routeFetch({ [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it('creates the task with the chosen fields and the product, toasts and closes', async () => {
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': jsonResponse(201, makeTask()),
    });
    const { user, onOpenChange } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.type(screen.getByLabelText('Description'), 'To ten testers');
    await choose(user, 'Status', 'In Progress');
    await choose(user, 'Priority', 'Critical');
    await choose(user, 'Phase', 'Testing');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toBeEnabled());
    await choose(user, 'Team', 'Design');
    await choose(user, 'Assignee', 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Set due date' }));
    await user.type(screen.getByLabelText('Due date'), '2025-06-30{Enter}');
    expect(screen.getByRole('button', { name: `Due ${formatDate('2025-06-30')}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Task created', {
        description: 'New task has been added successfully.',
      }),
    );
    const [post] = callsTo(fetchMock, 'POST', '/api/tasks');
    expect(sentJson(post?.init)).toEqual({
      title: 'Ship the beta',
      description: 'To ten testers',
      projectId: PRODUCT_ID,
      status: 'In Progress',
      priority: 'critical',
      phase: 'testing',
      teamId: TEAM_ID,
      assigneeId: ASSIGNEE_ID,
      dueDate: '2025-06-30',
      startDate: null,
      // Issue 29: no parent, and no estimate (the product has no scale).
      parentId: null,
      estimate: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends the optional choices as null when left empty', async () => {
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': jsonResponse(201, makeTask()),
    });
    const { user } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks')[0]?.init)).toMatchObject({
      status: 'Pending',
      priority: 'medium',
      phase: null,
      teamId: null,
      assigneeId: null,
      dueDate: null,
    });
  });

  it("puts the server's field error on its field, without a toast, and stays open", async () => {
    routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': apiError(400, 'VALIDATION_ERROR', 'Validation failed', {
        fields: { assigneeId: ['The assignee must be a member of the task’s product.'] },
      }),
    });
    const { user, onOpenChange } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(
      await screen.findByText('The assignee must be a member of the task’s product.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to create task' with the server's message otherwise", async () => {
    routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': apiError(403, 'FORBIDDEN', 'You cannot add tasks to this product.'),
    });
    const { user } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create task', {
        description: 'You cannot add tasks to this product.',
      }),
    );
  });

  it("falls back to 'Something went wrong.' when the answer has no message of ours", async () => {
    routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { user } = renderDialog({ productId: PRODUCT_ID });

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create task', {
        description: 'Something went wrong.',
      }),
    );
  });

  it("opens as 'Edit Task' filled with the task, and sends what changed with the product", async () => {
    const task = makeTask({
      title: 'Old title',
      description: 'Old text',
      status: 'In Progress',
      priority: 'high',
      phase: 'development',
      teamId: TEAM_ID,
      team: { id: TEAM_ID, name: 'Design' },
      assigneeId: ASSIGNEE_ID,
      assignee: { id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null },
      dueDate: '2025-05-01',
    });
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'PATCH /api/tasks/t-1/update': jsonResponse(200, { ...task, title: 'New title' }),
    });
    const { user, onOpenChange } = renderDialog({ task });

    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Old title');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Old text');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High');
    expect(within(dialog).getByRole('combobox', { name: 'Phase' })).toHaveTextContent('Development');
    expect(
      within(dialog).getByRole('button', { name: `Due ${formatDate('2025-05-01')}` }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveTextContent('Design'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Grace Hopper');

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'New title');
    await user.click(within(dialog).getByRole('button', { name: 'Update Task' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Task updated', {
        description: 'Task has been updated successfully.',
      }),
    );
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update');
    expect(sentJson(patch?.init)).toEqual({ projectId: PRODUCT_ID, title: 'New title' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("toasts 'Failed to update task' when an edit is refused", async () => {
    routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'PATCH /api/tasks/t-1/update': apiError(404, 'NOT_FOUND', 'Task not found'),
    });
    const { user } = renderDialog({ task: makeTask() });

    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update task', { description: 'Task not found' }),
    );
  });

  it('offers a product select when products are given, and requires a product', async () => {
    const fetchMock = routeFetch({ [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user } = renderDialog({
      products: [
        { id: PRODUCT_ID, name: 'Apollo' },
        { id: OTHER_PRODUCT_ID, name: 'Gemini' },
      ],
    });

    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Select a product');
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveTextContent('Select a product first');
    expect(screen.getByRole('combobox', { name: 'Team' })).toBeDisabled();

    await user.type(screen.getByLabelText('Title'), 'Ship the beta');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Please select a product.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(0);

    await choose(user, 'Product', 'Apollo');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toBeEnabled());
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/options`)).toHaveLength(1);
  });

  it('clears the team and assignee that do not belong to a newly chosen product', async () => {
    const task = makeTask({
      teamId: TEAM_ID,
      team: { id: TEAM_ID, name: 'Design' },
      assigneeId: ASSIGNEE_ID,
      assignee: { id: ASSIGNEE_ID, name: 'Grace Hopper', avatar_url: null },
    });
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      [`GET /api/tasks/${OTHER_PRODUCT_ID}/options`]: jsonResponse(
        200,
        makeTaskOptions({
          teams: [{ id: OTHER_TEAM_ID, name: 'QA' }],
          assignees: [
            { id: OTHER_ASSIGNEE_ID, name: 'Alan Turing', email: 'alan@example.com', avatar_url: null },
          ],
        }),
      ),
      'PATCH /api/tasks/t-1/update': jsonResponse(200, task),
    });
    const { user } = renderDialog({
      task,
      products: [
        { id: PRODUCT_ID, name: 'Apollo' },
        { id: OTHER_PRODUCT_ID, name: 'Gemini' },
      ],
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toHaveTextContent('Design'));

    await choose(user, 'Product', 'Gemini');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toHaveTextContent('No team'));
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Unassigned');
    await choose(user, 'Team', 'QA');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[0]?.init)).toEqual({
      projectId: OTHER_PRODUCT_ID,
      teamId: OTHER_TEAM_ID,
      assigneeId: null,
    });
  });

  it('closes on Cancel without sending anything', async () => {
    const fetchMock = routeFetch({ [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    const { user, onOpenChange } = renderDialog({ productId: PRODUCT_ID });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('gives focus back to what opened it when it closes', async () => {
    routeFetch({ [OPTIONS]: jsonResponse(200, makeTaskOptions()) });
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            New task
          </button>
          <TaskFormDialog open={open} onOpenChange={setOpen} productId={PRODUCT_ID} />
        </>
      );
    }
    const { user } = renderWithProviders(<Opener />);

    await user.click(screen.getByRole('button', { name: 'New task' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Task' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'New task' })).toHaveFocus();
  });
});
