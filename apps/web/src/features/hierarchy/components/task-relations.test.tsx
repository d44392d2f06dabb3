import type { Relation } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskRelations } from './task-relations.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const blocker: Relation = {
  id: 'r-1',
  type: 'blocked_by',
  task: { id: 't-3', key: 'APO-3', title: 'Sign the contract', status: 'Pending', projectId: 'p-1' },
};

describe('TaskRelations', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists each relation as the task sees it, and removes one', async () => {
    let data = [blocker];
    const fetchMock = routeFetch({
      'GET /api/tasks/t-1/relations': () => jsonResponse(200, { data }),
      'DELETE /api/tasks/t-1/relations/r-1': () => {
        data = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<TaskRelations taskId="t-1" canEdit />);
    const row = (await screen.findByRole('link', { name: 'Sign the contract' })).closest('li');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Blocked by');
    expect(row).toHaveTextContent('APO-3');
    await user.click(within(row).getByRole('button', { name: 'Remove the relation to APO-3' }));
    await waitFor(() => expect(screen.getByText('No related tasks.')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/tasks/t-1/relations/r-1')).toHaveLength(1);
  });

  it('offers no changes without canEdit', async () => {
    routeFetch({ 'GET /api/tasks/t-1/relations': jsonResponse(200, { data: [blocker] }) });
    renderWithProviders(<TaskRelations taskId="t-1" canEdit={false} />);
    expect(await screen.findByRole('link', { name: 'Sign the contract' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove the relation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search tasks to relate' })).not.toBeInTheDocument();
  });
});
