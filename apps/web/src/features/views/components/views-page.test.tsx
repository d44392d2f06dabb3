import { type SavedView, viewMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { makeView } from './test-views.ts';
import { deleteViewText } from './view-actions.tsx';
import { ViewsPage } from './views-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function serve(initial: SavedView[]) {
  let all = initial;
  const one = (id: string) => all.find((v) => v.id === id);
  return routeFetch({
    'GET /api/views': () => jsonResponse(200, { data: all }),
    'PUT /api/views/v-1/pin': () => {
      all = all.map((v) => (v.id === 'v-1' ? { ...v, pinned: true } : v));
      return jsonResponse(200, one('v-1'));
    },
    'PATCH /api/views/v-1': ({ init }) => {
      all = all.map((v) => (v.id === 'v-1' ? { ...v, ...JSON.parse(String(init?.body)) } : v));
      return jsonResponse(200, one('v-1'));
    },
    'DELETE /api/views/v-1': () => {
      all = all.filter((v) => v.id !== 'v-1');
      return new Response(null, { status: 204 });
    },
  });
}

const shared = makeView({
  id: 'v-2',
  name: 'Team board',
  scope: 'shared',
  product: { id: 'p-1', name: 'Apollo' },
  owner: { id: 'u-2', name: 'Alice' },
  canEdit: false,
  count: 12,
});

describe('ViewsPage', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists every view seen, with whom it is shared, its owner and its count, each linking to it', async () => {
    serve([makeView(), shared]);
    renderWithProviders(<ViewsPage />);
    const mine = (await screen.findByRole('link', { name: 'My open work' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'My open work' })).toHaveAttribute(
      'href',
      '/views/v-1?status=Pending',
    );
    expect(within(mine).getByText('Only me')).toBeInTheDocument();
    expect(within(mine).getByText('3')).toBeInTheDocument();
    const team = screen.getByRole('link', { name: 'Team board' }).closest('tr') as HTMLElement;
    expect(within(team).getByText('Apollo')).toBeInTheDocument();
    expect(within(team).getByText('Alice')).toBeInTheDocument();
    expect(within(team).getByText('12')).toBeInTheDocument();
  });

  it('pins a view, renames it and deletes it once confirmed', async () => {
    const fetchMock = serve([makeView(), shared]);
    const { user } = renderWithProviders(<ViewsPage />);
    await user.click(await screen.findByRole('button', { name: 'Pin My open work' }));
    expect(await screen.findByRole('button', { name: 'Unpin My open work' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/views/v-1/pin')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions for My open work' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Open bugs');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('link', { name: 'Open bugs' })).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/views/v-1')[0]?.init?.body))).toEqual({
      name: 'Open bugs',
    });

    await user.click(screen.getByRole('button', { name: 'Actions for Open bugs' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open bugs' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/views/v-1')).toHaveLength(1);
  });

  it('offers only pinning of a view the reader may not change', async () => {
    serve([shared]);
    const { user } = renderWithProviders(<ViewsPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Team board' }));
    expect(await screen.findByRole('menuitem', { name: 'Pin to sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says how to make a first view when there is none', async () => {
    serve([]);
    renderWithProviders(<ViewsPage />);
    expect(await screen.findByText('No views yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Tasks' })).toHaveAttribute('href', '/tasks');
  });

  it("asks before deleting a view in the spec's words", () => {
    expect(deleteViewText('My work')).toBe(viewMessages.deleteConfirm('My work'));
  });
});
