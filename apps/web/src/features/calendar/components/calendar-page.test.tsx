import type { CalendarItem } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CalendarPage } from './calendar-page.tsx';
import { makeEvent, makeEventList, makeMilestone, PRODUCT_ID, phoneViewport, VIEWER } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Today is Monday 4 May 2026, 10:00 in the user's zone; weeks start on Sunday (en-US).
const TODAY = new Date(2026, 4, 4, 10, 0);

/** In the server's order: by date, all-day first, then time and title. */
const ITEMS: CalendarItem[] = [
  makeEvent({ id: 'retro', title: 'Retro', date: '2026-05-01', startTime: null }),
  makeEvent({ id: 'review', title: 'Design review', date: '2026-05-04', startTime: '09:30' }),
  makeEvent({
    id: 'planning',
    title: 'Sprint planning',
    date: '2026-05-04',
    startTime: '14:00',
    type: 'meeting',
  }),
  makeEvent({
    id: 'release',
    title: 'Release train',
    date: '2026-05-12',
    startTime: null,
    type: 'milestone',
  }),
  makeMilestone({ date: '2026-05-20' }),
  makeEvent({ id: 'offsite', title: 'Offsite', date: '2026-06-15', type: 'workshop' }),
];

/** GET /api/events as the server answers it: the items on the days from..to, at most `limit`. */
function eventsServer(items: CalendarItem[] = ITEMS) {
  return ({ url }: { url: URL }) => {
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const data = items.filter((item) => item.date >= from && item.date <= to).slice(0, limit);
    return jsonResponse(200, makeEventList(data, { from, to }));
  };
}

function serve(events: Parameters<typeof routeFetch>[0][string] = eventsServer()) {
  return routeFetch({
    'GET /api/events': events,
    'GET /api/projects': jsonResponse(200, productOptionsPage()),
    'GET /api/calendar/tasks': jsonResponse(200, { data: [], from: '', to: '', hasMore: false }),
  });
}

const renderPage = (viewer = VIEWER) => renderWithProviders(<CalendarPage viewer={viewer} />);
const dayButton = (name: RegExp) => screen.getByRole('button', { name });
const dayPanel = (name: string) => screen.getByRole('region', { name });
const upcoming = () => screen.getByRole('region', { name: 'Upcoming Events' });
const eventRanges = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'GET', '/api/events').map(({ url }) => url.search);

describe('CalendarPage', () => {
  // The small month picker's days, as phones show them (the big grid is calendar-grid.test.tsx's).
  beforeEach(phoneViewport);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Loading events...' until the events arrive", async () => {
    const answer = deferred<Response>();
    serve(() => answer.promise);
    renderPage();

    expect(screen.getAllByText('Loading events...').length).toBeGreaterThan(0);
    answer.resolve(jsonResponse(200, makeEventList([])));
    await waitFor(() => expect(screen.queryByText('Loading events...')).not.toBeInTheDocument());
  });

  it('asks for the whole grid of the month and marks the days that hold events or a product’s target date', async () => {
    const fetchMock = serve();
    renderPage();

    expect(await screen.findByText('May 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(dayButton(/^Today, Monday, May 4, 2026, 2 events, selected$/)).toBeInTheDocument(),
    );
    expect(dayButton(/Tuesday, May 12, 2026, 1 event$/)).toHaveAttribute('data-has-events', 'true');
    expect(dayButton(/Wednesday, May 20, 2026, 1 product target date$/)).toHaveAttribute(
      'data-has-events',
      'true',
    );
    // A day of the previous month that the grid shows.
    expect(dayButton(/Friday, May 1, 2026, 1 event$/)).toBeInTheDocument();
    expect(dayButton(/^Tuesday, May 5, 2026$/)).not.toHaveAttribute('data-has-events');
    expect(eventRanges(fetchMock)).toContain('?from=2026-04-26&to=2026-06-06');
  });

  it("shows the selected day's events: 'N events scheduled', or 'No events scheduled for this date'", async () => {
    serve();
    const { user } = renderPage();

    const today = dayPanel('Monday, May 4, 2026');
    expect(await within(today).findByText('2 events scheduled')).toBeInTheDocument();
    expect(within(today).getAllByRole('article')).toHaveLength(2);
    expect(within(today).getByRole('article', { name: 'Design review' })).toBeInTheDocument();
    expect(within(today).getByRole('article', { name: 'Sprint planning' })).toBeInTheDocument();

    await user.click(dayButton(/Tuesday, May 12, 2026/));
    const twelfth = dayPanel('Tuesday, May 12, 2026');
    expect(within(twelfth).getByText('1 event scheduled')).toBeInTheDocument();
    expect(within(twelfth).getByRole('article', { name: 'Release train' })).toBeInTheDocument();

    await user.click(dayButton(/Tuesday, May 5, 2026/));
    const fifth = dayPanel('Tuesday, May 5, 2026');
    expect(within(fifth).getByText('No events scheduled for this date')).toBeInTheDocument();
    expect(within(fifth).queryByRole('article')).not.toBeInTheDocument();
    expect(within(fifth).getByRole('button', { name: 'Add an event on this day' })).toBeInTheDocument();
  });

  it('shows a product’s target date on its day, styled apart and linking to the product', async () => {
    serve();
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: /Wednesday, May 20, 2026, 1 product target date/ }),
    );

    const panel = dayPanel('Wednesday, May 20, 2026');
    expect(within(panel).getByText('No events scheduled for this date')).toBeInTheDocument();
    const milestone = within(panel).getByRole('article', { name: 'Apollo target date' });
    expect(milestone).toHaveAttribute('data-source', 'product');
    expect(within(milestone).getByRole('link', { name: 'Apollo' })).toHaveAttribute(
      'href',
      `/products/${PRODUCT_ID}`,
    );
    expect(within(milestone).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the upcoming events from today on, by date ascending, for a year ahead', async () => {
    const fetchMock = serve();
    renderPage();

    const list = await within(upcoming()).findByRole('list', { name: 'Upcoming Events' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    const titles = ['Design review', 'Sprint planning', 'Release train', 'Apollo target date', 'Offsite'];
    expect(rows.map((row) => titles.find((title) => row.includes(title)))).toEqual(titles);
    expect(rows[0]).toContain('Today');
    expect(within(upcoming()).queryByText('Retro')).not.toBeInTheDocument();
    expect(eventRanges(fetchMock)).toContain('?from=2026-05-04&to=2027-05-03&limit=20');
  });

  it("says 'No events scheduled' when nothing is coming", async () => {
    serve(eventsServer([]));
    renderPage();
    expect(await within(upcoming()).findByText('No events scheduled')).toBeInTheDocument();
  });

  it('fetches the next month’s grid when the month changes, and marks its days', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('May 2026');

    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    expect(await screen.findByText('June 2026')).toBeInTheDocument();
    await waitFor(() => expect(eventRanges(fetchMock)).toContain('?from=2026-05-31&to=2026-07-04'));
    expect(
      await screen.findByRole('button', { name: /Monday, June 15, 2026, 1 event$/ }),
    ).toBeInTheDocument();
    // The selected day (today) is out of the grid now: it is asked for on its own, and still shown.
    await waitFor(() => expect(eventRanges(fetchMock)).toContain('?from=2026-05-04&to=2026-05-04'));
    expect(
      await within(dayPanel('Monday, May 4, 2026')).findByText('2 events scheduled'),
    ).toBeInTheDocument();
  });

  it('selects the day of an upcoming event, moving the month to it', async () => {
    serve();
    const { user } = renderPage();
    const list = await within(upcoming()).findByRole('list', { name: 'Upcoming Events' });
    await user.click(within(list).getByRole('button', { name: /Offsite/ }));

    expect(await screen.findByText('June 2026')).toBeInTheDocument();
    const panel = dayPanel('Monday, June 15, 2026');
    expect(await within(panel).findByRole('article', { name: 'Offsite' })).toBeInTheDocument();
  });

  it('opens the Add Event dialog on the selected day', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Tuesday, May 12, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-05-12');
  });

  it('offers a guest no way to add events', async () => {
    serve();
    renderPage({ id: 'g-1', role: 'guest' });
    await screen.findByText('May 2026');
    expect(screen.queryByRole('button', { name: 'Add Event' })).not.toBeInTheDocument();
  });
});
