import type { Field } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppExtensionsProvider } from '../../components/app-extensions.tsx';
import {
  TaskFormDialog,
  type TaskFormDialogProps,
} from '../../features/tasks/components/task-form-dialog.tsx';
import {
  makeTask,
  makeTaskOptions,
  OTHER_PRODUCT_ID,
  PRODUCT_ID,
  taskList,
} from '../../features/tasks/components/test-tasks.ts';
import { toast } from '../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { choose } from '../../test/user-input.ts';
import { taskFormExtensions } from './task-form-extensions.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 29: the create dialog as the app composes it: the chosen product's custom fields, set
// before the task exists, and the "Sub-task of …" chip.

const SEVERITY = 'f1111111-1111-4111-8111-111111111111';
const CUSTOMER = 'f2222222-2222-4222-8222-222222222222';
const RISK = 'f3333333-3333-4333-8333-333333333333';
const HIGH = 'o2222222-2222-4222-8222-222222222222';
const PARENT = 'b1111111-1111-4111-8111-111111111111';

const base = { productId: PRODUCT_ID, showOnCards: false, options: [] };
const fields: Field[] = [
  {
    ...base,
    id: SEVERITY,
    name: 'Severity',
    type: 'select',
    position: 0,
    options: [
      { id: 'o1111111-1111-4111-8111-111111111111', name: 'Low', color: '#22c55e' },
      { id: HIGH, name: 'High', color: '#ef4444' },
    ],
  },
  { ...base, id: CUSTOMER, name: 'Customer', type: 'text', position: 1 },
];
const otherFields: Field[] = [
  { ...base, productId: OTHER_PRODUCT_ID, id: RISK, name: 'Risk', type: 'number', position: 0 },
];

function serve(post = () => jsonResponse(201, makeTask())) {
  return routeFetch({
    [`GET /api/tasks/${PRODUCT_ID}/options`]: jsonResponse(200, makeTaskOptions()),
    [`GET /api/tasks/${OTHER_PRODUCT_ID}/options`]: jsonResponse(200, makeTaskOptions()),
    [`GET /api/projects/${PRODUCT_ID}/fields`]: jsonResponse(200, { data: fields, canManage: true }),
    [`GET /api/projects/${OTHER_PRODUCT_ID}/fields`]: jsonResponse(200, {
      data: otherFields,
      canManage: true,
    }),
    'GET /api/tasks/all': jsonResponse(
      200,
      taskList([makeTask({ id: PARENT, key: 'APO-3', title: 'Launch the beta' })]),
    ),
    'POST /api/tasks': post,
  });
}

function renderDialog(props: Partial<TaskFormDialogProps> = {}) {
  return renderWithProviders(
    <AppExtensionsProvider value={taskFormExtensions}>
      <TaskFormDialog open onOpenChange={vi.fn()} {...props} />
    </AppExtensionsProvider>,
  );
}

const posted = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'POST', '/api/tasks').map((call) => sentJson(call.init));

describe('the create dialog’s custom fields and parent (issue 29)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the product’s fields and sends the values set with the new task', async () => {
    const fetchMock = serve();
    const { user } = renderDialog({ productId: PRODUCT_ID });
    const block = await screen.findByRole('group', { name: 'Fields' });
    expect(within(block).getByText('Severity')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Fix the login');
    await choose(user, 'Severity', 'High');
    await user.type(within(block).getByRole('textbox', { name: 'Customer' }), 'ACME');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({
      title: 'Fix the login',
      projectId: PRODUCT_ID,
      fields: { [SEVERITY]: HIGH, [CUSTOMER]: 'ACME' },
    });
  });

  it('sends no fields when none is set', async () => {
    const fetchMock = serve();
    const { user } = renderDialog({ productId: PRODUCT_ID });
    await screen.findByRole('group', { name: 'Fields' });
    await user.type(screen.getByLabelText('Title'), 'Fix the login');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).not.toHaveProperty('fields');
  });

  it('shows the server’s refusal of a value under its field, and nothing else', async () => {
    const message = 'Customer must be at most 500 characters.';
    serve(() =>
      apiError(400, 'VALIDATION_ERROR', message, { fields: { [`fields.${CUSTOMER}`]: [message] } }),
    );
    const { user } = renderDialog({ productId: PRODUCT_ID });
    const block = await screen.findByRole('group', { name: 'Fields' });
    await user.type(screen.getByLabelText('Title'), 'Fix the login');
    await user.type(within(block).getByRole('textbox', { name: 'Customer' }), 'ACME');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await within(block).findByText(message)).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create New Task' })).toBeInTheDocument();
  });

  it('reads the other product’s fields when the product changes, and drops the first one’s values', async () => {
    const fetchMock = serve();
    const { user } = renderDialog({
      products: [
        { id: PRODUCT_ID, name: 'Apollo' },
        { id: OTHER_PRODUCT_ID, name: 'Gemini' },
      ],
      defaults: { projectId: PRODUCT_ID, labelIds: [], labelNames: [] },
    });
    const block = await screen.findByRole('group', { name: 'Fields' });
    await user.type(screen.getByLabelText('Title'), 'Fix the login');
    await user.type(within(block).getByRole('textbox', { name: 'Customer' }), 'ACME');
    await choose(user, 'Product', 'Gemini');

    const risk = await screen.findByRole('spinbutton', { name: 'Risk' });
    expect(screen.queryByRole('textbox', { name: 'Customer' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/projects/${OTHER_PRODUCT_ID}/fields`)).toHaveLength(1);
    await user.type(risk, '3');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({ projectId: OTHER_PRODUCT_ID, fields: { [RISK]: 3 } });
    expect(posted(fetchMock)[0]).not.toHaveProperty(`fields.${CUSTOMER}`);
  });

  it('makes the new task a sub-task of one picked from the product’s tasks', async () => {
    const fetchMock = serve();
    const { user } = renderDialog({ productId: PRODUCT_ID });
    await user.type(screen.getByLabelText('Title'), 'Write the release notes');
    await user.click(screen.getByRole('button', { name: 'Make it a sub-task' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the product’s tasks' }), 'beta');
    await user.click(await screen.findByRole('button', { name: /APO-3\s*Launch the beta/ }));

    expect(screen.getByRole('button', { name: 'Sub-task of APO-3 Launch the beta' })).toBeInTheDocument();
    const search = callsTo(fetchMock, 'GET', '/api/tasks/all').at(-1)?.url.searchParams;
    expect(search?.get('productId')).toBe(PRODUCT_ID);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({ parentId: PARENT });
  });

  it('opens with the parent preset from a task’s sub-tasks, and the cross clears it', async () => {
    const fetchMock = serve();
    const { user } = renderDialog({
      productId: PRODUCT_ID,
      defaults: {
        projectId: PRODUCT_ID,
        labelIds: [],
        labelNames: [],
        parent: { id: PARENT, key: 'APO-3', title: 'Launch the beta' },
      },
    });
    expect(screen.getByRole('button', { name: 'Sub-task of APO-3 Launch the beta' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Write the release notes');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({ parentId: PARENT });

    await user.click(screen.getByRole('button', { name: 'Remove the parent' }));
    expect(screen.getByRole('button', { name: 'Make it a sub-task' })).toBeInTheDocument();
  });
});
