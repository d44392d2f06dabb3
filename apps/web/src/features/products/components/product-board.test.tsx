import { PRODUCT_STATUSES, type Product, type ProductListItem } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse } from '../../../test/fetch-stubs.ts';
import { boardColumn as column, dragWithKeyboard, layOutBoard, patches } from '../../../test/kanban.ts';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ProductFilterValues } from '../api/get-products.ts';
import { BOARD_LIMIT, ProductBoard, statusChangeForDrop } from './product-board.tsx';
import { productList } from './test-products.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const noFilters: ProductFilterValues = { search: '', status: [], team: [], priority: [] };

const products: ProductListItem[] = [
  makeProduct({ id: 'p-1', name: 'Apollo', status: 'planning' }),
  makeProduct({ id: 'p-2', name: 'Gemini', status: 'planning' }),
  makeProduct({ id: 'p-3', name: 'Mercury', status: 'development' }),
  makeProduct({ id: 'p-4', name: 'Skylab', status: 'production' }),
];

type PatchAnswer = () => Response | Promise<Response>;

/**
 * A little server: GET /api/projects answers the products as they stand; PATCH …/status answers
 * what the test says, and a 200 changes the stored status (so the refetch after it agrees).
 */
function stubApi(patch: PatchAnswer) {
  let stored = products.map((product) => ({ ...product }));
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/projects?')) {
      return jsonResponse(200, productList(stored, { limit: BOARD_LIMIT }));
    }
    if (method === 'PATCH') {
      const response = (await patch()).clone();
      if (response.ok) {
        const id = url.split('/')[3];
        const { status } = JSON.parse(String(init?.body)) as { status: string };
        stored = stored.map((p) =>
          p.id === id ? { ...p, status: status.toLowerCase() as Product['status'] } : p,
        );
      }
      return response;
    }
    return new Response('unrouted', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBoard(canMove = true) {
  return renderWithProviders(<ProductBoard filters={noFilters} canMove={canMove} />, { route: '/products' });
}

describe('statusChangeForDrop', () => {
  const product = { id: 'p-1', status: 'planning' as const };

  it('changes the status to the column id, capitalised, on another column', () => {
    expect(statusChangeForDrop(product, 'testing')).toEqual({ id: 'p-1', status: 'Testing' });
    expect(statusChangeForDrop(product, 'maintenance')).toEqual({ id: 'p-1', status: 'Maintenance' });
  });

  it('does nothing in the same column or outside every column', () => {
    expect(statusChangeForDrop(product, 'planning')).toBeNull();
    expect(statusChangeForDrop(product, null)).toBeNull();
    expect(statusChangeForDrop(product, undefined)).toBeNull();
    expect(statusChangeForDrop(product, 'p-2')).toBeNull();
  });
});

describe('ProductBoard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads every visible product and shows five columns with their counts', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, {}));
    renderBoard();

    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(await screen.findByRole('region', { name: 'Planning' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/projects?page=1&limit=${BOARD_LIMIT}`);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Planning', 'Development', 'Testing', 'Production', 'Maintenance']);
    expect(column('Planning')).toHaveTextContent('2 products');
    expect(column('Development')).toHaveTextContent('1 product');
    expect(column('Testing')).toHaveTextContent('0 products');
    expect(column('Production')).toHaveTextContent('1 product');
    expect(column('Maintenance')).toHaveTextContent('0 products');

    const card = within(column('Planning')).getByRole('link', { name: 'Apollo' });
    expect(card).toHaveAttribute('href', '/products/p-1');
    expect(card.closest('article')).toHaveTextContent('A moon lander for the rest of us.');
    // The column is its status: the card does not repeat it (issue 28).
    expect(card.closest('article')).not.toHaveTextContent('Planning');
  });

  it('has no drag handles for a viewer who may not change statuses', async () => {
    stubApi(() => jsonResponse(200, {}));
    renderBoard(false);

    expect(await screen.findByRole('link', { name: 'Apollo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Apollo' })).not.toBeInTheDocument();
  });

  it('moves a card with the keyboard, sends the column id capitalised, and offers an Undo that puts it back', async () => {
    layOutBoard(PRODUCT_STATUSES, 'product');
    const fetchMock = stubApi(() => jsonResponse(200, { ...products[0], status: 'testing' }));
    renderBoard();
    await screen.findByRole('region', { name: 'Planning' });

    await dragWithKeyboard('Apollo', ['ArrowRight', 'ArrowRight']);

    await waitFor(() =>
      expect(patches(fetchMock)).toEqual([{ url: '/api/projects/p-1/status', body: { status: 'Testing' } }]),
    );
    expect(within(column('Testing')).getByRole('link', { name: 'Apollo' })).toBeInTheDocument();
    expect(screen.getByText('Apollo was moved to Testing.')).toBeInTheDocument();
    // The keyboard user keeps their place: the moved card's handle has the focus.
    expect(within(column('Testing')).getByRole('button', { name: 'Move Apollo' })).toHaveFocus();
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith(
        'Product status updated',
        expect.objectContaining({
          undo: expect.any(Function),
          undoFailed: 'Failed to update product status',
        }),
      ),
    );

    // Undo (issue 28): the status it had, where it was; its own toast offers no Undo.
    const [, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    await options?.undo();
    expect(patches(fetchMock)[1]).toEqual({
      url: '/api/projects/p-1/status',
      body: expect.objectContaining({ status: 'planning' }),
    });
    expect(toast.success).toHaveBeenCalledWith('Product status updated');
    expect(toast.undoable).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when a card is dropped back in its own column', async () => {
    layOutBoard(PRODUCT_STATUSES, 'product');
    const fetchMock = stubApi(() => jsonResponse(200, {}));
    renderBoard();
    await screen.findByRole('region', { name: 'Planning' });

    await dragWithKeyboard('Mercury', ['ArrowRight', 'ArrowLeft']);

    expect(
      screen.getByText('Mercury was dropped back in Development. Its status is unchanged.'),
    ).toBeInTheDocument();
    expect(within(column('Development')).getByRole('link', { name: 'Mercury' })).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
  });

  it('moves the card at once, then puts it back and says why when the server refuses', async () => {
    layOutBoard(PRODUCT_STATUSES, 'product');
    const answer = deferred<Response>();
    const fetchMock = stubApi(() => answer.promise);
    renderBoard();
    await screen.findByRole('region', { name: 'Planning' });

    await dragWithKeyboard('Gemini', ['ArrowRight']);

    // Optimistic: in Development before the server has answered.
    expect(within(column('Development')).getByRole('link', { name: 'Gemini' })).toBeInTheDocument();
    expect(column('Development')).toHaveTextContent('2 products');
    expect(column('Planning')).toHaveTextContent('1 product');
    // Dropped level with the bottom of Development's one card: after it (issue 28).
    expect(patches(fetchMock)).toEqual([
      { url: '/api/projects/p-2/status', body: { status: 'Development', afterId: 'p-3' } },
    ]);

    answer.resolve(apiError(403, 'FORBIDDEN', 'Only the product’s creator or an admin can change it.'));

    await waitFor(() =>
      expect(within(column('Planning')).getByRole('link', { name: 'Gemini' })).toBeInTheDocument(),
    );
    expect(column('Development')).toHaveTextContent('1 product');
    expect(toast.error).toHaveBeenCalledWith('Only the product’s creator or an admin can change it.');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
