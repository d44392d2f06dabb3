import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { apiError, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeActivity, makeProductDetail } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ProductDetailPage } from './product-detail-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderPage({ currentUserId = 'u-1', role = 'member' as const, route = '/products/p-1' } = {}) {
  return renderWithProviders(
    <ProductDetailPage
      productId="p-1"
      currentUserId={currentUserId}
      userRole={role}
      tasksTab={(readOnly) => <p>The product's tasks{readOnly ? ' (read-only)' : ''}</p>}
      teamsTab={(readOnly) => <p>The product's teams{readOnly ? ' (read-only)' : ''}</p>}
    />,
    {
      route,
    },
  );
}

describe('ProductDetailPage', () => {
  it("shows 'Loading product details...' with a skeleton while the product loads", () => {
    const pending = deferred<Response>();
    routeFetch({ 'GET /api/projects/p-1': () => pending.promise });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading product details...');
    expect(document.querySelector('[data-slot="skeleton"]')).not.toBeNull();
  });

  it("shows 'Error Loading Product' with the server's message and a way back", async () => {
    routeFetch({ 'GET /api/projects/p-1': apiError(404, 'NOT_FOUND', 'Product not found') });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Product' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Product not found');
    expect(within(alert).getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows the header: name, status badge, created date and a link back to /products', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Apollo' })).toBeInTheDocument();
    // A member may change the stage from the header; the select shows it.
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveTextContent('Development');
    expect(screen.getByText(formatDate('2025-01-10T09:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Tasks',
      'Team',
      'Documents',
      'Timeline',
    ]);
  });

  it("shows the overview: description, status, the spec's team size ('N members') with the active members beside it, and the target date", async () => {
    routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail({ team_size: 4, active_members: 3 })),
    });
    renderPage();

    expect(await screen.findByText('A moon lander for the rest of us.')).toBeInTheDocument();
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === '4 members'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 active on its teams')).toBeInTheDocument();
    expect(screen.getByText(/Target completion:/)).toHaveTextContent(
      `Target completion: ${formatDate('2025-12-31')}`,
    );
    expect(screen.getByText(/Started/)).toHaveTextContent(`Started: ${formatDate('2025-01-15')}`);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });

  it("falls back to 'No description provided.'", async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail({ description: '  ' })) });
    renderPage();

    expect(await screen.findByText('No description provided.')).toBeInTheDocument();
  });

  it("shows only the newest activity entry, marked '(You)' when the current user did it", async () => {
    const product = makeProductDetail({
      activity_log: [
        makeActivity({
          id: 'a-new',
          description: 'Moved to testing',
          createdAt: '2025-03-06T10:00:00.000Z',
          performedBy: 'u-1',
          performer: { _id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
          metadata: { previousStatus: 'development', newStatus: 'testing' },
        }),
        makeActivity({
          id: 'a-old',
          description: 'Moved to development',
          createdAt: '2025-03-01T10:00:00.000Z',
        }),
      ],
    });
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, product) });
    renderPage({ currentUserId: 'u-1' });

    const card = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest(
      '[data-slot="card"]',
    );
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    expect(within(card).getByText('Status Update')).toBeInTheDocument();
    expect(within(card).getByText('Moved to testing')).toBeInTheDocument();
    expect(within(card).queryByText('Moved to development')).not.toBeInTheDocument();
    expect(within(card).getByText(/by/)).toHaveTextContent('by Ada Lovelace (You)');
  });

  it("does not say '(You)' for someone else's entry, and says 'System' when nobody did it", async () => {
    const product = makeProductDetail({
      activity_log: [makeActivity({ performedBy: null, performer: null, description: 'Imported' })],
    });
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, product) });
    renderPage({ currentUserId: 'u-1' });

    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(screen.getByText(/^by/)).toHaveTextContent('by System');
    expect(screen.queryByText(/\(You\)/)).not.toBeInTheDocument();
  });

  it('opens the tab named in the URL', async () => {
    routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()),
      'GET /api/activities/product/p-1': jsonResponse(200, { data: [] }),
    });
    renderPage({ route: '/products/p-1?tab=timeline' });

    expect(await screen.findByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No activity recorded yet')).toBeInTheDocument();
  });

  it('shows the tasks slot in the Tasks tab, and keeps that tab in the URL', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    const { user } = renderPage();

    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));

    expect(screen.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText("The product's tasks")).toBeInTheDocument();
    expect(currentLocation()).toBe('/products/p-1?tab=tasks');
  });

  it('opens the Tasks tab named in the URL', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    renderPage({ route: '/products/p-1?tab=tasks' });

    expect(await screen.findByText("The product's tasks")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the teams slot in the Team tab, and keeps that tab in the URL', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    const { user } = renderPage();

    await user.click(await screen.findByRole('tab', { name: 'Team' }));

    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText("The product's teams")).toBeInTheDocument();
    expect(currentLocation()).toBe('/products/p-1?tab=teams');
  });

  it('opens the Team tab named in the URL, with the selected team kept', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    renderPage({ route: '/products/p-1?tab=teams&team=t-1' });

    expect(await screen.findByText("The product's teams")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
    expect(currentLocation()).toBe('/products/p-1?tab=teams&team=t-1');
  });

  it('forgets the selected team when another tab is chosen', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    const { user } = renderPage({ route: '/products/p-1?tab=teams&team=t-1' });

    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));

    expect(currentLocation()).toBe('/products/p-1?tab=tasks');
  });
});
