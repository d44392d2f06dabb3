import type { CalendarItem, CalendarTask } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { productColour } from './calendar-filters.ts';
import { CalendarPage } from './calendar-page.tsx';
import { makeEvent, makeEventList, makeMilestone, PRODUCT_ID, phoneViewport, VIEWER } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Today is Monday 4 May 2026, 10:00 in the user's zone.
const TODAY = new Date(2026, 4, 4, 10, 0);
const OTHER_PRODUCT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const task = (overrides: Partial<CalendarTask>): CalendarTask => ({
  id: 't-1',
  title: 'Write the release notes',
  dueDate: '2026-05-04',
  status: 'Pending',
  priority: 'medium',
  productId: PRODUCT_ID,
  productName: 'Apollo',
  assigneeId: VIEWER.id,
  assigneeName: 'Mia Member',
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

const TASKS = [
  task({ id: 't-1' }),
  task({
    id: 't-2',
    title: 'Fix the login bug',
    productId: OTHER_PRODUCT,
    productName: 'Zephyr',
    assigneeId: null,
    assigneeName: null,
  }),
];
const ITEMS: CalendarItem[] = [
  makeEvent({
    id: 'e-apollo',
    title: 'Apollo sync',
    date: '2026-05-04',
    productId: PRODUCT_ID,
    productName: 'Apollo',
  }),
  makeEvent({
    id: 'e-zephyr',
    title: 'Zephyr demo',
    date: '2026-05-04',
    productId: OTHER_PRODUCT,
    productName: 'Zephyr',
  }),
  makeMilestone({ date: '2026-05-04' }),
];

/** The server's answers: the tasks filtered as GET /api/calendar/tasks filters them. */
function serve() {
  return routeFetch({
    'GET /api/events': ({ url }) =>
      jsonResponse(
        200,
        makeEventList(ITEMS, {
          from: url.searchParams.get('from') ?? '',
          to: url.searchParams.get('to') ?? '',
        }),
      ),
    'GET /api/projects': jsonResponse(200, {
      data: [
        { id: PRODUCT_ID, name: 'Apollo' },
        { id: OTHER_PRODUCT, name: 'Zephyr' },
      ],
      total: 2,
      page: 1,
      limit: 200,
    }),
    'GET /api/calendar/tasks': ({ url }) => {
      const productId = url.searchParams.get('productId');
      const mine = url.searchParams.get('mine') === 'true';
      const data = TASKS.filter(
        (t) => (!productId || t.productId === productId) && (!mine || t.assigneeId === VIEWER.id),
      );
      return jsonResponse(200, {
        data,
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        hasMore: false,
      });
    },
  });
}

const dayPanel = () => screen.getByRole('region', { name: /Monday, May 4, 2026/ });
const tasksDue = () => within(dayPanel()).queryByRole('list', { name: 'Tasks due' });
const taskRequests = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'GET', '/api/calendar/tasks').map(({ url }) => Object.fromEntries(url.searchParams));

describe('CalendarPage: tasks and filters', () => {
  // The small month picker's days, as phones show them (the big grid is calendar-grid.test.tsx's).
  beforeEach(phoneViewport);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the day’s tasks in their product’s colour, each opening its task page, and marks the day', async () => {
    const fetchMock = serve();
    renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });

    await waitFor(() => expect(tasksDue()).toBeInTheDocument());
    const cards = within(tasksDue() as HTMLElement).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [apollo, zephyr] = cards as [HTMLElement, HTMLElement];
    expect(within(apollo).getByRole('link', { name: 'Write the release notes' })).toHaveAttribute(
      'href',
      '/tasks/t-1',
    );
    expect(within(apollo).getByTestId('product-colour')).toHaveClass(productColour(PRODUCT_ID));
    expect(within(zephyr).getByTestId('product-colour')).toHaveClass(productColour(OTHER_PRODUCT));
    expect(within(zephyr).getByText('Unassigned')).toBeInTheDocument();
    expect(within(dayPanel()).getByText(/2 tasks due/)).toBeInTheDocument();
    // The month grid asks for its six weeks at most, and the day's button names the tasks due.
    expect(taskRequests(fetchMock)[0]).toEqual({ from: '2026-04-26', to: '2026-06-06' });
    expect(screen.getByRole('button', { name: /May 4, 2026.*2 tasks due/ })).toBeInTheDocument();
  });

  it('filters by product from the address: the request names it, other products’ events are hidden', async () => {
    const fetchMock = serve();
    renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: `/calendar?product=${OTHER_PRODUCT}` });

    await waitFor(() => expect(tasksDue()).toBeInTheDocument());
    expect(taskRequests(fetchMock).at(-1)).toMatchObject({ productId: OTHER_PRODUCT });
    const panel = dayPanel();
    expect(within(panel).getByText('Zephyr demo')).toBeInTheDocument();
    expect(within(panel).queryByText('Apollo sync')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Apollo target date')).not.toBeInTheDocument();
    expect(within(panel).getByText('Fix the login bug')).toBeInTheDocument();
    expect(within(panel).queryByText('Write the release notes')).not.toBeInTheDocument();
  });

  it('puts "my tasks only" and the hidden kinds in the address', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />, { route: '/calendar' });
    await waitFor(() => expect(tasksDue()).toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'My tasks only' }));
    expect(currentLocation()).toBe('/calendar?tasks=mine');
    await waitFor(() => expect(within(dayPanel()).queryByText('Fix the login bug')).not.toBeInTheDocument());
    expect(taskRequests(fetchMock).at(-1)).toMatchObject({ mine: 'true' });

    await user.click(screen.getByRole('checkbox', { name: 'Events' }));
    expect(currentLocation()).toBe('/calendar?tasks=mine&hide=events');
    expect(within(dayPanel()).queryByText('Apollo sync')).not.toBeInTheDocument();
    expect(within(dayPanel()).getByText('Write the release notes')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Tasks' }));
    expect(currentLocation()).toBe('/calendar?tasks=mine&hide=events%2Ctasks');
    expect(tasksDue()).not.toBeInTheDocument();
    // Milestones still show.
    expect(within(dayPanel()).getByText('Apollo target date')).toBeInTheDocument();
  });
});
