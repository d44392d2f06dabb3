import type { WorkflowState } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WorkflowCard } from './workflow-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const state = (
  id: string,
  name: string,
  category: WorkflowState['category'],
  position: number,
  tasks = 0,
) => ({
  id,
  productId: PRODUCT,
  name,
  color: '#64748b',
  category,
  position,
  tasks,
});
const body = (fetchMock: ReturnType<typeof routeFetch>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path)[0]?.init?.body));

function serve(canManage: boolean) {
  let all: WorkflowState[] = [
    state('s-1', 'Pending', 'Pending', 0),
    state('s-2', 'In Progress', 'In Progress', 1, 3),
    state('s-5', 'In review', 'In Progress', 3, 2),
    state('s-3', 'Completed', 'Completed', 2),
  ];
  return routeFetch({
    [`GET /api/projects/${PRODUCT}/states`]: () => jsonResponse(200, { data: all, canManage }),
    [`POST /api/projects/${PRODUCT}/states`]: ({ init }) => {
      const made = {
        id: 's-9',
        productId: PRODUCT,
        tasks: 0,
        position: 9,
        ...JSON.parse(String(init?.body)),
      };
      all = [...all, made];
      return jsonResponse(201, made);
    },
    [`PUT /api/projects/${PRODUCT}/states/order`]: ({ init }) => {
      const ids: string[] = JSON.parse(String(init?.body)).stateIds;
      all = ids.flatMap((id, position) => all.filter((s) => s.id === id).map((s) => ({ ...s, position })));
      return jsonResponse(200, { data: all, canManage });
    },
    'PATCH /api/states/s-5': ({ init }) => {
      all = all.map((s) => (s.id === 's-5' ? { ...s, ...JSON.parse(String(init?.body)) } : s));
      return jsonResponse(
        200,
        all.find((s) => s.id === 's-5'),
      );
    },
    'DELETE /api/states/s-5': () => {
      all = all.filter((s) => s.id !== 's-5');
      return jsonResponse(200, { moved: 2 });
    },
  });
}

describe('WorkflowCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the states by status, read only for whoever does not manage the product', async () => {
    serve(false);
    renderWithProviders(<WorkflowCard productId={PRODUCT} readOnly={false} />);
    const progress = await screen.findByRole('list', { name: 'In Progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.dataset.state),
    ).toEqual(['In Progress', 'In review']);
    expect(within(progress).getByText('3 tasks')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add state' })).not.toBeInTheDocument();
  });

  it('adds, renames and reorders states with the keyboard', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<WorkflowCard productId={PRODUCT} readOnly={false} />);
    await user.type(await screen.findByRole('textbox', { name: 'New state name' }), 'Blocked');
    await user.click(screen.getByRole('button', { name: 'Add state' }));
    await screen.findByRole('textbox', { name: 'Name of Blocked' });
    expect(body(fetchMock, 'POST', `/api/projects/${PRODUCT}/states`)).toMatchObject({
      name: 'Blocked',
      category: 'In Progress',
    });

    const name = screen.getByRole('textbox', { name: 'Name of In review' });
    await user.clear(name);
    await user.type(name, 'Review{Enter}');
    await waitFor(() => expect(body(fetchMock, 'PATCH', '/api/states/s-5')).toEqual({ name: 'Review' }));

    // Alt+Up on a state moves it up within its status.
    const handle = await screen.findByRole('button', { name: 'Reorder Review' });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() =>
      expect(body(fetchMock, 'PUT', `/api/projects/${PRODUCT}/states/order`)).toEqual({
        stateIds: ['s-1', 's-5', 's-2', 's-9', 's-3'],
      }),
    );
  });

  it('deletes a state once its tasks have somewhere to go', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<WorkflowCard productId={PRODUCT} readOnly={false} />);
    // The last state of a status cannot be deleted.
    expect(await screen.findByRole('button', { name: 'Delete Pending' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete In review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “In review”?' });
    expect(dialog).toHaveTextContent('Its 2 tasks move to the state you choose.');
    // The first other state of the same status is offered.
    expect(within(dialog).getByRole('combobox', { name: 'Move its tasks to' })).toHaveTextContent(
      'In Progress (In Progress)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/states/s-5')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE', '/api/states/s-5')[0]?.url.search).toBe('?moveTo=s-2');
  });
});
