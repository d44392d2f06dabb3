import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeActivity, productOptionsPage } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { activityLogQuery } from '../api/get-activity-log.ts';
import { ActivityPage, showingLine } from './activity-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const products = productOptionsPage({ id: 'p-2', name: 'Gemini' }, { id: 'p-1', name: 'Apollo' });

const entries = [
  makeActivity({
    id: 'a-1',
    actionType: 'task_created',
    description: 'Created task "Wire the radio"',
    taskId: 'k-1',
  }),
  makeActivity({
    id: 'a-2',
    actionType: 'prd_created',
    description: 'Created the product',
    productName: null,
    projectId: null,
    performer: null,
    performedBy: null,
  }),
];

function serve(
  answer = () =>
    jsonResponse(200, { data: entries, total: 57, actionTypes: ['task_created', 'prd_created'] }),
) {
  return routeFetch({
    'GET /api/activities': answer,
    'GET /api/projects': jsonResponse(200, products),
  });
}

const lastLogQuery = (fetchMock: ReturnType<typeof routeFetch>) =>
  Object.fromEntries(callsTo(fetchMock, 'GET', '/api/activities').at(-1)?.url.searchParams ?? []);

describe('ActivityPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('exports the log as CSV with the filters of the URL', async () => {
    const fetchMock = routeFetch({
      'GET /api/activities': jsonResponse(200, { data: entries, total: 57, actionTypes: ['task_created'] }),
      'GET /api/projects': jsonResponse(200, products),
      'GET /api/activities/export.csv': () => new Response('\uFEFFat\r\n', { status: 200 }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ActivityPage />, {
      route: '/activity?product=p-1&action=task_created&q=radio',
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/activities/export.csv')).toHaveLength(1));
    expect(
      Object.fromEntries(callsTo(fetchMock, 'GET', '/api/activities/export.csv')[0]?.url.searchParams ?? []),
    ).toEqual({ productId: 'p-1', action: 'task_created', search: 'radio', limit: '100' });
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it("shows the heading, the rows and 'Showing N activities of M total'", async () => {
    serve();
    renderWithProviders(<ActivityPage />, { route: '/activity' });

    expect(screen.getByRole('heading', { name: 'Activity Log' })).toBeInTheDocument();
    expect(screen.getByText('Track all activities across your products.')).toBeInTheDocument();
    expect(await screen.findByText('Showing 2 activities of 57 total')).toBeInTheDocument();

    const first = screen.getByText('Created task "Wire the radio"').closest('li');
    if (!first) throw new Error('no row');
    expect(within(first).getByText('G')).toBeInTheDocument();
    expect(within(first).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime('2025-03-05T14:07:00.000Z'))).toBeInTheDocument();
    expect(within(first).getByText('Task Created')).toHaveClass('text-purple-700');
    expect(within(first).getByText(/^Product:/)).toHaveTextContent('Product: Apollo');
    expect(within(first).getByRole('link', { name: 'Apollo' })).toHaveAttribute('href', '/products/p-1');
    // An entry about a task opens the task's page.
    expect(within(first).getByRole('link', { name: 'Created task "Wire the radio"' })).toHaveAttribute(
      'href',
      '/tasks/k-1',
    );

    const second = screen.getByText('Created the product').closest('li');
    if (!second) throw new Error('no row');
    expect(within(second).getByText('User')).toBeInTheDocument();
    expect(within(second).getByText('U')).toBeInTheDocument();
    expect(within(second).getByText('Product Created')).toHaveClass('text-green-800');
    expect(within(second).queryByText(/^Product:/)).not.toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'Created the product' })).not.toBeInTheDocument();
  });

  it('asks for the newest 100 with no filters at first', async () => {
    const fetchMock = serve();
    renderWithProviders(<ActivityPage />, { route: '/activity' });

    await screen.findByText('Showing 2 activities of 57 total');
    expect(lastLogQuery(fetchMock)).toEqual({ limit: '100' });
  });

  it('sends the search to the server once typing pauses', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<ActivityPage />, { route: '/activity' });
    await screen.findByText('Showing 2 activities of 57 total');

    await user.type(screen.getByRole('searchbox', { name: 'Search activities' }), 'radio');

    await waitFor(() => expect(lastLogQuery(fetchMock)).toEqual({ search: 'radio', limit: '100' }));
    // One call for the page, one for the settled text: not one per keystroke.
    expect(callsTo(fetchMock, 'GET', '/api/activities')).toHaveLength(2);
  });

  it('filters by product and by action, offering All plus the choices', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<ActivityPage />, { route: '/activity' });
    await screen.findByText('Showing 2 activities of 57 total');

    await user.click(screen.getByRole('combobox', { name: 'Filter by product' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Products',
      'Apollo',
      'Gemini',
    ]);
    await user.click(screen.getByRole('option', { name: 'Gemini' }));
    await waitFor(() => expect(lastLogQuery(fetchMock)).toEqual({ productId: 'p-2', limit: '100' }));

    await user.click(screen.getByRole('combobox', { name: 'Filter by action' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Actions',
      'Task Created',
      'Product Created',
    ]);
    await user.click(screen.getByRole('option', { name: 'Task Created' }));
    await waitFor(() =>
      expect(lastLogQuery(fetchMock)).toEqual({ productId: 'p-2', action: 'task_created', limit: '100' }),
    );
  });

  it('reads its filters from the URL', async () => {
    const fetchMock = serve();
    renderWithProviders(<ActivityPage />, { route: '/activity?product=p-1&action=task_created&q=radio' });

    await screen.findByText('Showing 2 activities of 57 total');
    expect(lastLogQuery(fetchMock)).toEqual({
      productId: 'p-1',
      action: 'task_created',
      search: 'radio',
      limit: '100',
    });
    expect(screen.getByRole('searchbox')).toHaveValue('radio');
  });

  it('says when nothing matches', async () => {
    serve(() => jsonResponse(200, { data: [], total: 0, actionTypes: [] }));
    renderWithProviders(<ActivityPage />, { route: '/activity' });

    expect(await screen.findByText('No activities found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 activities of 0 total')).toBeInTheDocument();
  });

  it("toasts 'Error' / 'Failed to load activity logs' when the log cannot load", async () => {
    serve(() => apiError(500, 'INTERNAL', 'An error occurred on the server.'));
    renderWithProviders(<ActivityPage />, { route: '/activity' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activity logs');
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to load activity logs' });
  });
});

describe('activityLogQuery', () => {
  it('leaves out empty filters and trims the search', () => {
    expect(activityLogQuery({ productId: '', action: '', search: '  ' })).toBe('limit=100');
    expect(activityLogQuery({ productId: 'p-1', action: 'task_created', search: ' radio ' })).toBe(
      'productId=p-1&action=task_created&search=radio&limit=100',
    );
  });
});

describe('showingLine', () => {
  it('says the count is a floor when the server stopped counting', () => {
    expect(showingLine(100, 10_000, true)).toBe('Showing 100 activities of 10,000+ total');
    expect(showingLine(1, 1)).toBe('Showing 1 activity of 1 total');
  });
});
