import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../../test/fetch-stubs.ts';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ProductFilterValues } from '../api/get-products.ts';
import { LIST_PAGE_SIZE, ProductTable } from './product-table.tsx';
import { productList } from './test-products.ts';

const noFilters: ProductFilterValues = { search: '', status: [], team: [], priority: [] };

function renderTable(page = 1) {
  const onPageChange = vi.fn();
  const result = renderWithProviders(
    <ProductTable filters={noFilters} page={page} onPageChange={onPageChange} />,
    { route: '/products' },
  );
  return { ...result, onPageChange };
}

describe('ProductTable', () => {
  it('shows skeleton rows and "Loading products..." until the list arrives', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    renderTable();

    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'Status',
      'Team Size',
      'Progress',
      'Actions',
    ]);

    answer.resolve(jsonResponse(200, productList([makeProduct()])));
    expect(await screen.findByRole('link', { name: 'Apollo' })).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
  });

  it('says "No products found" when the list is empty', async () => {
    mockFetch(jsonResponse(200, productList([])));
    renderTable();

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a row per product: linked name, description, status, team size, progress and View', async () => {
    mockFetch(
      jsonResponse(
        200,
        productList([
          makeProduct({ id: 'p-1', name: 'Apollo', status: 'testing', team_size: 7, progress: 65 }),
          makeProduct({ id: 'p-2', name: 'Gemini', description: 'Two seats.', status: 'maintenance' }),
        ]),
      ),
    );
    renderTable();

    const link = await screen.findByRole('link', { name: 'Apollo' });
    expect(link).toHaveAttribute('href', '/products/p-1');
    const row = link.closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('A moon lander for the rest of us.');
    expect(cells[1]).toHaveTextContent('Testing');
    expect(cells[2]).toHaveTextContent('7');
    expect(within(row).getByRole('progressbar', { name: 'Progress of Apollo' })).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    expect(cells[3]).toHaveTextContent('65%');
    expect(within(row).getByRole('link', { name: 'View Apollo' })).toHaveAttribute('href', '/products/p-1');
    expect(screen.getByRole('link', { name: 'Gemini' })).toHaveAttribute('href', '/products/p-2');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('asks the server for one page and pages on when there are more products than fit', async () => {
    const fetchMock = mockFetch(
      jsonResponse(200, productList([makeProduct()], { total: LIST_PAGE_SIZE * 2 + 5 })),
    );
    const { user, onPageChange } = renderTable(2);

    const paging = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/projects?page=2&limit=${LIST_PAGE_SIZE}`);
    expect(paging).toHaveTextContent('21–40 of 45');
    expect(paging).toHaveTextContent('Page 2 of 3');

    await user.click(within(paging).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(within(paging).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('goes to the last page when asked for one past the end', async () => {
    mockFetch(jsonResponse(200, productList([], { total: 25 })));
    const { onPageChange } = renderTable(9);

    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(2));
  });
});
