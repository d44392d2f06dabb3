import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskDisplayScope } from '../../../hooks/task-display-scope.tsx';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { SaveViewButton } from './save-view-dialog.tsx';
import { makeView } from './test-views.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = '11111111-1111-4111-8111-111111111111';

function serve() {
  return routeFetch({
    'GET /api/projects': () => jsonResponse(200, { data: [{ id: PRODUCT, name: 'Apollo' }] }),
    'POST /api/views': ({ init }) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse(
        201,
        makeView({ id: 'v-9', name: body.name, query: body.query, display: body.display }),
      );
    },
  });
}

describe('SaveViewButton', () => {
  beforeEach(() => vi.clearAllMocks());

  it('saves the URL’s filters and the display shown, shared with a product, then opens the view', async () => {
    const fetchMock = serve();
    const display = { density: 'compact' as const, properties: ['due' as const], preview: true };
    const { user } = renderWithProviders(
      <TaskDisplayScope initial={display}>
        <SaveViewButton viewerRole="member" />
      </TaskDisplayScope>,
      { route: '/tasks?status=Pending&cursor=abc&view=board' },
    );
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Board of open work');
    await user.click(within(dialog).getByRole('combobox', { name: 'Who sees it' }));
    await user.click(await screen.findByRole('option', { name: 'Shared with a product' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Apollo' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Pin to the sidebar' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/views')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/views')[0]?.init?.body))).toEqual({
      name: 'Board of open work',
      query: 'status=Pending&view=board',
      display,
      scope: 'shared',
      productId: PRODUCT,
      pinned: true,
    });
    await waitFor(() => expect(currentLocation()).toBe('/views/v-9?status=Pending&view=board'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
  });

  it('shows the server’s message on the field and keeps the dialog open', async () => {
    routeFetch({
      'POST /api/views': () =>
        jsonResponse(400, {
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'Sort must be created, updated, due, priority, title or manual.',
          details: { fields: { name: ['A view name must be at most 80 characters.'] } },
          requestId: 'r',
        }),
    });
    const { user } = renderWithProviders(<SaveViewButton viewerRole="member" />, { route: '/tasks' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('A view name must be at most 80 characters.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/tasks');
  });

  it('offers a guest personal views only', async () => {
    serve();
    const { user } = renderWithProviders(<SaveViewButton viewerRole="guest" />, { route: '/tasks' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('combobox', { name: 'Who sees it' })).not.toBeInTheDocument();
  });
});
