import type { Role } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ServicesPage } from './services-page.tsx';
import { github, makeService, makeStats, serviceList, slack } from './test-services.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The dialog has its own tests; here it only shows that it opened.
vi.mock('./add-service-dialog.tsx', () => ({
  AddServiceDialog: ({ open }: { open: boolean }) =>
    open ? <div role="dialog" aria-label="Add Service" /> : null,
}));

const LIST = 'GET /api/services';

function renderPage(role: Role = 'admin', route = '/services') {
  return renderWithProviders(<ServicesPage viewer={{ id: 'u-1', role }} />, { route });
}

/** The query of the latest list request, as a plain object. */
function lastQuery(fetchMock: ReturnType<typeof routeFetch>) {
  const last = callsTo(fetchMock, 'GET', '/api/services').at(-1);
  return Object.fromEntries(last?.url.searchParams ?? []);
}

const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('ServicesPage', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows the heading, the search box, the category tabs from the data and a card per service', async () => {
    routeFetch({ [LIST]: jsonResponse(200, serviceList()) });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Third-Party Services' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveAttribute(
      'placeholder',
      'Search services...',
    );
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Services' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Slack', 'GitHub']);
    expect(
      within(screen.getByRole('tablist', { name: 'Categories' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All Categories', 'Development', 'Communication']);
    expect(screen.getByRole('tab', { name: 'All Categories' })).toHaveAttribute('aria-selected', 'true');

    const card = cardOf('Slack');
    expect(card).toHaveTextContent('Team chat and alerts');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Communication');
    expect(card).toHaveTextContent('Direct API');
    expect(card).toHaveTextContent(formatDate(slack.lastUpdated));
    expect(
      within(within(card).getByRole('list', { name: 'Used by (Slack)' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Apollo', 'Borealis']);
    expect(within(card).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();

    const other = cardOf('GitHub');
    expect(other).toHaveTextContent('Inactive');
    expect(other).toHaveTextContent('Not in use');
    expect(within(other).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it("shows 'Service Usage Statistics' computed by the server", async () => {
    routeFetch({
      [LIST]: jsonResponse(
        200,
        serviceList(
          [slack],
          makeStats({
            total: 8,
            active: 5,
            inactive: 2,
            pending: 1,
            mostUsed: [
              { id: 's-slack', name: 'Slack', products: 4 },
              { id: 's-github', name: 'GitHub', products: 3 },
            ],
            productsUsing: 4,
            byCategory: [
              { category: 'Development', count: 2 },
              { category: 'Payment', count: 1 },
            ],
          }),
        ),
      ),
    });
    renderPage();

    const stats = await screen.findByRole('region', { name: 'Service Usage Statistics' });
    expect(stats).toHaveTextContent('4 products use at least one service.');
    const figures = within(stats).getByRole('heading', { name: 'Services' }).parentElement as HTMLElement;
    expect(figures).toHaveTextContent('Total8');
    expect(figures).toHaveTextContent('Active5');
    expect(figures).toHaveTextContent('Inactive2');
    expect(figures).toHaveTextContent('Pending1');
    const used = within(stats).getByRole('heading', { name: 'Most used' }).parentElement as HTMLElement;
    expect(
      within(used)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Slack4 products · 100%', 'GitHub3 products · 75%']);
    const byCategory = within(stats).getByRole('heading', { name: 'By category' })
      .parentElement as HTMLElement;
    expect(byCategory).toHaveTextContent('Development2');
    expect(byCategory).toHaveTextContent('Payment1');
  });

  it('lets a member read but not add, enable or disable', async () => {
    routeFetch({ [LIST]: jsonResponse(200, serviceList()) });
    renderPage('member');

    await screen.findByRole('list', { name: 'Services' });
    expect(screen.queryByRole('button', { name: 'Add Service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Details' })).toHaveLength(2);
  });

  it('sends the search once typing pauses and the category of the tab chosen, and keeps both in the URL', async () => {
    const fetchMock = routeFetch({ [LIST]: jsonResponse(200, serviceList()) });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Services' });
    expect(lastQuery(fetchMock)).toEqual({});

    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), ' chat ');
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ search: 'chat' }));
    expect(currentLocation()).toBe('/services?search=chat');

    await user.click(screen.getByRole('tab', { name: 'Communication' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ search: 'chat', category: 'Communication' }));
    expect(screen.getByRole('tab', { name: 'Communication' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'All Categories' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ search: 'chat' }));
  });

  it('reads the search and category from the URL', async () => {
    const fetchMock = routeFetch({ [LIST]: jsonResponse(200, serviceList([slack])) });
    renderPage('admin', '/services?search=slack&category=Communication');
    await screen.findByRole('list', { name: 'Services' });
    expect(lastQuery(fetchMock)).toEqual({ search: 'slack', category: 'Communication' });
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('slack');
    expect(screen.getByRole('tab', { name: 'Communication' })).toHaveAttribute('aria-selected', 'true');
  });

  it("disables an Active service through the API and toasts 'Service disabled'", async () => {
    let current = serviceList();
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, current),
      [`PATCH /api/services/${slack.id}/status`]: () => {
        current = serviceList([{ ...slack, status: 'Inactive' }, github]);
        return jsonResponse(200, { ...slack, status: 'Inactive' });
      },
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Services' });

    await user.click(within(cardOf('Slack')).getByRole('button', { name: 'Disable' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Service disabled', { description: 'Slack' }),
    );
    const [call] = callsTo(fetchMock, 'PATCH', `/api/services/${slack.id}/status`);
    expect(JSON.parse(String(call?.init?.body))).toEqual({ status: 'Inactive' });
    // The list is read again: the card now offers Enable.
    await waitFor(() =>
      expect(within(cardOf('Slack')).getByRole('button', { name: 'Enable' })).toBeInTheDocument(),
    );
    expect(cardOf('Slack')).toHaveTextContent('Inactive');
  });

  it("enables an Inactive service and toasts 'Service enabled'; a failure toasts the server's message", async () => {
    const fetchMock = routeFetch({
      [LIST]: jsonResponse(200, serviceList()),
      [`PATCH /api/services/${github.id}/status`]: jsonResponse(200, { ...github, status: 'Active' }),
      [`PATCH /api/services/${slack.id}/status`]: apiError(
        403,
        'FORBIDDEN',
        'Only admins can manage services.',
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Services' });

    await user.click(within(cardOf('GitHub')).getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Service enabled', { description: 'GitHub' }),
    );
    const [call] = callsTo(fetchMock, 'PATCH', `/api/services/${github.id}/status`);
    expect(JSON.parse(String(call?.init?.body))).toEqual({ status: 'Active' });

    await user.click(within(cardOf('Slack')).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update service status', {
        description: 'Only admins can manage services.',
      }),
    );
  });

  it('opens the Add Service dialog', async () => {
    routeFetch({ [LIST]: jsonResponse(200, serviceList()) });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByRole('dialog', { name: 'Add Service' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an empty state with the next action', async () => {
    const answer = deferred<Response>();
    routeFetch({ [LIST]: () => answer.promise });
    const { user } = renderPage();
    expect(screen.getByTestId('services-loading')).toBeInTheDocument();

    answer.resolve(jsonResponse(200, serviceList([], makeStats({ total: 0, byCategory: [], mostUsed: [] }))));
    expect(await screen.findByText('No services found')).toBeInTheDocument();
    expect(screen.queryByTestId('services-loading')).not.toBeInTheDocument();
    const empty = screen.getByText('No services found').closest('div')?.parentElement as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: 'Add Service' }));
    expect(screen.getByRole('dialog', { name: 'Add Service' })).toBeInTheDocument();
  });

  it('offers to clear a search that matches nothing', async () => {
    const fetchMock = routeFetch({ [LIST]: jsonResponse(200, serviceList([])) });
    const { user } = renderPage('member', '/services?search=zzz');
    expect(await screen.findByText('No service matches this search and category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({}));
    expect(currentLocation()).toBe('/services');
  });

  it('shows an error state with the message and a retry', async () => {
    let fail = true;
    routeFetch({
      [LIST]: () =>
        fail
          ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
          : jsonResponse(200, serviceList()),
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load services');
    expect(alert).toHaveTextContent('An error occurred on the server.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Services' })).toBeInTheDocument();
  });

  it("opens a service's Details with its fields, and a Webhook service's delivery log for admins", async () => {
    const hook = makeService({
      ...github,
      status: 'Active',
      usedBy: [{ id: 'p-apollo', name: 'Apollo' }],
      apiKey: '••••••••9f2c',
    });
    routeFetch({
      [LIST]: jsonResponse(200, serviceList([hook])),
      [`GET /api/services/${hook.id}/deliveries`]: jsonResponse(200, {
        data: [
          {
            id: 'd-2',
            event: 'task.created',
            status: 'failed',
            attempts: 6,
            lastStatusCode: 503,
            lastError: 'HTTP 503',
            createdAt: '2026-03-05T12:00:00.000Z',
            deliveredAt: null,
            nextAttemptAt: null,
          },
          {
            id: 'd-1',
            event: 'product.status_changed',
            status: 'delivered',
            attempts: 1,
            lastStatusCode: 200,
            lastError: null,
            createdAt: '2026-03-05T11:00:00.000Z',
            deliveredAt: '2026-03-05T11:00:01.000Z',
            nextAttemptAt: null,
          },
        ],
        nextCursor: null,
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Services' });

    await user.click(within(cardOf('GitHub')).getByRole('button', { name: 'Details' }));
    const sheet = await screen.findByRole('dialog', { name: 'GitHub' });
    expect(sheet).toHaveTextContent('Code hosting');
    expect(sheet).toHaveTextContent('Development');
    expect(sheet).toHaveTextContent('Webhook');
    expect(sheet).toHaveTextContent('••••••••9f2c');
    expect(sheet).toHaveTextContent('https://hooks.example.com/github');
    expect(within(sheet).getByRole('list', { name: 'Used by (GitHub)' })).toHaveTextContent('Apollo');

    const log = await within(sheet).findByRole('list', { name: 'Deliveries' });
    const rows = within(log).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('task.created');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('6 attempts');
    expect(rows[0]).toHaveTextContent('HTTP 503');
    expect(rows[1]).toHaveTextContent('product.status_changed');
    expect(rows[1]).toHaveTextContent('Delivered');
    expect(rows[1]).toHaveTextContent('1 attempt');
    expect(within(sheet).getByRole('button', { name: 'Delete service' })).toBeInTheDocument();
  });

  it("shows a member a service's Details without its delivery log or delete", async () => {
    const fetchMock = routeFetch({
      [LIST]: jsonResponse(200, serviceList([{ ...github, webhookUrl: null }])),
    });
    const { user } = renderPage('member');
    await screen.findByRole('list', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const sheet = await screen.findByRole('dialog', { name: 'GitHub' });
    expect(within(sheet).queryByText('Delivery log')).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Delete service' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/services/${github.id}/deliveries`)).toEqual([]);
  });

  it('deletes a service from its Details after confirmation', async () => {
    let current = serviceList();
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, current),
      [`DELETE /api/services/${slack.id}`]: () => {
        current = serviceList([github]);
        return jsonResponse(200, { message: 'Service deleted' });
      },
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Services' });
    await user.click(within(cardOf('Slack')).getByRole('button', { name: 'Details' }));
    const sheet = await screen.findByRole('dialog', { name: 'Slack' });
    await user.click(within(sheet).getByRole('button', { name: 'Delete service' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Service deleted', { description: 'Slack' }),
    );
    expect(callsTo(fetchMock, 'DELETE', `/api/services/${slack.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Slack' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Slack' })).not.toBeInTheDocument(),
    );
  });
});
