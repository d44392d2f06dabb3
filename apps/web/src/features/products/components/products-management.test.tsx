import { productMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ProductsPage } from './products-page.tsx';
import { productList } from './test-products.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const mine = makeProduct({ id: 'p-1', name: 'Apollo', created_by: 'u-1', team_size: 4, active_members: 2 });
const theirs = makeProduct({ id: 'p-2', name: 'Gemini', created_by: 'u-7', status: 'testing' });
const shelved = makeProduct({
  id: 'p-3',
  name: 'Skylab',
  created_by: 'u-1',
  archived_at: '2025-04-01T10:00:00.000Z',
});

/** GET /api/projects answers the archived product only when asked for it, as the API does. */
function stubList() {
  let stored = [mine, theirs, shelved];
  return routeFetch({
    'GET /api/projects': ({ url }) => {
      const all = url.searchParams.get('archived') === 'true';
      return jsonResponse(200, productList(stored.filter((p) => all || p.archived_at === null)));
    },
    'PATCH /api/projects/p-1/archive': ({ init }) => {
      const { archived } = JSON.parse(String(init?.body)) as { archived: boolean };
      stored = stored.map((p) =>
        p.id === 'p-1' ? { ...p, archived_at: archived ? '2025-05-01T00:00:00.000Z' : null } : p,
      );
      return jsonResponse(200, stored[0]);
    },
  });
}

function renderPage(route = '/products', role: 'member' | 'admin' = 'member') {
  return renderWithProviders(<ProductsPage role={role} userId="u-1" />, { route });
}

/** Pretends the viewport is a phone (below the 768 px breakpoint) for useIsMobile. */
function onAPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        matches: true,
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('managing products from the list and the board', () => {
  it('gives the creator a row menu; archiving hides the row unless Show archived is on', async () => {
    const fetchMock = stubList();
    const { user } = renderPage();

    const row = (await screen.findByRole('link', { name: 'Apollo' })).closest('tr') as HTMLElement;
    // Another member's product has no menu for this member.
    const other = screen.getByRole('link', { name: 'Gemini' }).closest('tr') as HTMLElement;
    expect(within(other).queryByRole('button', { name: 'Actions for Gemini' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skylab' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Actions for Apollo' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Apollo' })).not.toBeInTheDocument());
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/projects/p-1/archive')[0]?.init?.body)),
    ).toEqual({
      archived: true,
    });
    expect(toast.success).toHaveBeenCalledWith(productMessages.archivedToast);

    await user.click(screen.getByRole('button', { name: 'Show archived' }));
    expect(currentLocation()).toBe('/products?archived=1');
    expect(screen.getByRole('button', { name: 'Show archived' })).toHaveAttribute('aria-pressed', 'true');
    const back = (await screen.findByRole('link', { name: 'Apollo' })).closest('tr') as HTMLElement;
    expect(within(back).getByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skylab' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/projects').at(-1)?.url.searchParams.get('archived')).toBe('true');

    await user.click(within(back).getByRole('button', { name: 'Actions for Apollo' }));
    // Read-only while archived: no Edit, but Unarchive.
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Unarchive' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: 'Apollo' }).closest('tr') as HTMLElement).queryByText(
          'Archived',
        ),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the spec's team size in its column, with the active members beside it", async () => {
    stubList();
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Apollo' })).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^4 · 2 active$/);
  });

  it('lists products as cards on a phone, not as a table that scrolls sideways', async () => {
    onAPhone();
    stubList();
    renderPage();

    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('link', { name: 'Apollo' }).closest('li') as HTMLElement;
    expect(within(card).getByRole('progressbar', { name: 'Progress of Apollo' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Actions for Apollo' })).toBeInTheDocument();
    expect(within(card).getByText('Planning')).toBeInTheDocument();
  });

  it('shows progress, owner and target date on board cards, a menu for the creator, and no drag for archived ones', async () => {
    stubList();
    const { user } = renderPage('/products?view=board&archived=1');

    const card = (await screen.findByRole('link', { name: 'Apollo' })).closest('article') as HTMLElement;
    expect(within(card).getByRole('progressbar', { name: 'Progress of Apollo' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('Owner:', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('Target date:', { exact: false })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Move Apollo' })).toBeInTheDocument();

    const archived = screen.getByRole('link', { name: 'Skylab' }).closest('article') as HTMLElement;
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: 'Move Skylab' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Actions for Apollo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete product' })).toHaveTextContent(
      'Are you sure you want to delete "Apollo"?',
    );
  });
});
