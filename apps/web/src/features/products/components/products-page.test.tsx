import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-stubs.ts';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { BOARD_LIMIT } from './product-board.tsx';
import { LIST_PAGE_SIZE } from './product-table.tsx';
import { ProductsPage } from './products-page.tsx';
import { productList } from './test-products.ts';

const listAnswer = () => jsonResponse(200, productList([makeProduct()]));

const requestedUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url));

function renderPage(route = '/products', role: 'member' | 'guest' | 'admin' = 'member') {
  return renderWithProviders(<ProductsPage role={role} />, { route });
}

describe('ProductsPage', () => {
  it('exports the list as CSV with the filters and search of the URL', async () => {
    const fetchMock = mockFetch(listAnswer(), new Response('\uFEFFid\r\n', { status: 200 }));
    const { user } = renderPage('/products?search=moon&status=testing&priority=high');
    await screen.findByRole('link', { name: 'Apollo' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(requestedUrls(fetchMock)).toHaveLength(2));
    expect(requestedUrls(fetchMock)[1]).toBe(
      '/api/projects/export.csv?page=1&limit=50&search=moon&status=testing&priority=high',
    );
  });

  it('shows the header, a Dashboard link and, for a member, New Product', async () => {
    mockFetch(listAnswer());
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText('Manage all your products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/d');
    expect(screen.getByRole('link', { name: 'New Product' })).toHaveAttribute('href', '/new-product');
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Apollo' })).toBeInTheDocument();
  });

  it('offers no New Product to a guest', async () => {
    mockFetch(listAnswer());
    renderPage('/products', 'guest');

    expect(await screen.findByRole('link', { name: 'Apollo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Product' })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const fetchMock = mockFetch(listAnswer());
    const { user } = renderPage();
    await screen.findByRole('link', { name: 'Apollo' });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'moon & stars');

    await waitFor(() => expect(currentLocation()).toBe('/products?search=moon%20%26%20stars'));
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        `/api/projects?page=1&limit=${LIST_PAGE_SIZE}&search=moon%20%26%20stars`,
      ),
    );
    // One request for the page and one for the finished search, none per keystroke.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('applies the ticked filters as comma lists, in the URL and in the request', async () => {
    const fetchMock = mockFetch(listAnswer());
    const { user } = renderPage();
    await screen.findByRole('link', { name: 'Apollo' });

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });

    const status = within(panel).getByRole('group', { name: 'Status' });
    expect(status).toHaveTextContent('PlanningDevelopmentTestingProductionMaintenance');
    expect(within(status).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(panel).getByRole('group', { name: 'Team' })).toHaveTextContent(
      'DevelopmentDesignQAMarketingGeneral',
    );
    expect(within(panel).getByRole('group', { name: 'Priority' })).toHaveTextContent('HighMediumLow');

    await user.click(within(status).getByRole('checkbox', { name: 'Testing' }));
    await user.click(within(status).getByRole('checkbox', { name: 'Planning' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'QA' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'High' }));
    // Ticking alone asks nothing yet.
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));

    expect(currentLocation()).toBe('/products?status=planning,testing&team=qa&priority=high');
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        `/api/projects?page=1&limit=${LIST_PAGE_SIZE}&status=planning,testing&team=qa&priority=high`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Filters 4 active' })).toBeInTheDocument();

    const applied = screen.getByRole('region', { name: 'Filters' });
    expect(within(applied).getByRole('checkbox', { name: 'Testing' })).toBeChecked();
    await user.click(within(applied).getByRole('button', { name: 'Reset' }));
    expect(currentLocation()).toBe('/products');
    expect(screen.getByRole('checkbox', { name: 'Testing' })).not.toBeChecked();
  });

  it('starts from the search, filters and page in the URL', async () => {
    const fetchMock = mockFetch(listAnswer());
    const { user } = renderPage('/products?search=moon&status=testing,bogus&team=design&page=2');

    await screen.findByRole('link', { name: 'Apollo' });
    expect(requestedUrls(fetchMock)[0]).toBe(
      `/api/projects?page=2&limit=${LIST_PAGE_SIZE}&search=moon&status=testing&team=design`,
    );
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('moon');

    await user.click(screen.getByRole('button', { name: 'Filters 2 active' }));
    expect(screen.getByRole('checkbox', { name: 'Testing' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Design' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Planning' })).not.toBeChecked();
  });

  it('shows the board in the Kanban Board tab, with every matching product at once', async () => {
    const fetchMock = mockFetch(listAnswer());
    const { user } = renderPage('/products?priority=low');
    await screen.findByRole('link', { name: 'Apollo' });

    await user.click(screen.getByRole('tab', { name: 'Kanban Board' }));

    expect(currentLocation()).toBe('/products?priority=low&view=board');
    expect(await screen.findByRole('region', { name: 'Planning' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain(`/api/projects?page=1&limit=${BOARD_LIMIT}&priority=low`);
  });

  it('offers to clear the search and filters when nothing matches', async () => {
    mockFetch(jsonResponse(200, productList([])));
    const { user } = renderPage('/products?search=zzz&status=testing');

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));

    expect(currentLocation()).toBe('/products');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('offers New Product once, in the header, even when there are no products at all', async () => {
    mockFetch(jsonResponse(200, productList([])));
    renderPage();

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New Product' })).toHaveLength(1);
  });
});
