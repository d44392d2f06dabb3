import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskDisplayScope } from '../../../hooks/task-display-scope.tsx';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OpenViewActions, viewDescription } from './open-view-actions.tsx';
import { makeView } from './test-views.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const view = makeView({ query: 'status=Pending&sort=due' });

const open = (route: string, v = view) =>
  renderWithProviders(
    <TaskDisplayScope initial={v.display}>
      <OpenViewActions view={v} />
    </TaskDisplayScope>,
    { route },
  );

describe('OpenViewActions', () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers no "Save changes" while the filters are the view’s, in any order', () => {
    open('/views/v-1?sort=due&status=Pending');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for My open work' })).toBeInTheDocument();
  });

  it('saves changed filters into the view', async () => {
    const fetchMock = routeFetch({
      'PATCH /api/views/v-1': ({ init }) => jsonResponse(200, { ...view, ...JSON.parse(String(init?.body)) }),
      'GET /api/views': () => jsonResponse(200, { data: [] }),
    });
    const { user } = open('/views/v-1?status=Pending&sort=priority');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/views/v-1')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/views/v-1')[0]?.init?.body))).toEqual({
      query: 'status=Pending&sort=priority',
      display: view.display,
    });
  });

  it('offers no "Save changes" to someone who may not change the view', () => {
    open('/views/v-1?status=Completed', makeView({ canEdit: false, query: 'status=Pending' }));
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});

describe('viewDescription', () => {
  it('says who sees the view', () => {
    expect(viewDescription(makeView())).toBe('Your saved view: only you see it.');
    expect(
      viewDescription(
        makeView({ product: { id: 'p-1', name: 'Apollo' }, owner: { id: 'u-2', name: 'Alice' } }),
      ),
    ).toBe('Saved view shared with everyone who sees Apollo, by Alice.');
  });
});
