import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppExtensionsProvider, type PickedTemplate } from '../../../components/app-extensions.tsx';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { makeTask, makeTaskOptions, PRODUCT_ID, TEAM_ID } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 29: the create dialog's "Use a template" chip comes from the app's extensions; picking a
// template fills the form, and the task is then created through the template.

const create = vi.fn<PickedTemplate['create']>(async () => makeTask({ title: 'Bug: login' }));
const picked: PickedTemplate = {
  id: 'tpl-1',
  name: 'Bug report',
  values: { title: 'Bug:', description: 'Steps', priority: 'high', teamId: TEAM_ID, dueDate: '' },
  labelNames: ['Bug'],
  create,
};

function renderWithPicker() {
  return renderWithProviders(
    <AppExtensionsProvider
      value={{
        templatePicker: ({ onPick }) => (
          <button type="button" onClick={() => onPick(picked)}>
            Use Bug report
          </button>
        ),
      }}
    >
      <TaskFormDialog open onOpenChange={vi.fn()} productId={PRODUCT_ID} />
    </AppExtensionsProvider>,
  );
}

describe('TaskFormDialog with a template', () => {
  beforeEach(() => vi.clearAllMocks());

  it('fills the form from the picked template and creates the task through it, with its labels', async () => {
    const fetchMock = routeFetch({
      [`GET /api/tasks/${PRODUCT_ID}/options`]: jsonResponse(200, makeTaskOptions()),
      [`GET /api/projects/${PRODUCT_ID}/labels`]: jsonResponse(200, {
        data: [{ id: 'l-1', productId: PRODUCT_ID, name: 'Bug', color: '#ef4444', tasks: 0 }],
        canManage: true,
      }),
    });
    const { user } = renderWithPicker();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Use Bug report' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Bug:');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High');
    await user.type(screen.getByLabelText('Title'), ' login');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const [body, labels] = create.mock.calls[0] ?? [];
    expect(body).toMatchObject({
      title: 'Bug: login',
      priority: 'high',
      teamId: TEAM_ID,
      projectId: PRODUCT_ID,
    });
    expect(labels).toEqual(['Bug']);
    // Neither POST /tasks nor a separate PUT of its labels.
    expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(0);
  });
});
