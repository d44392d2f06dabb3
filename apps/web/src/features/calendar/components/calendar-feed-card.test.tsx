import { calendarMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const URL_1 = `https://shipyard.example.com/api/calendar/feed/${'a'.repeat(43)}.ics`;
const URL_2 = `https://shipyard.example.com/api/calendar/feed/${'b'.repeat(43)}.ics`;

/** The server: a feed that is on or off, and POST answering the next address each time. */
function serve(enabled: boolean) {
  const urls = [URL_1, URL_2];
  return routeFetch({
    'GET /api/user/calendar-feed': jsonResponse(200, {
      enabled,
      createdAt: enabled ? '2026-05-01T10:00:00.000Z' : null,
    }),
    'POST /api/user/calendar-feed': () =>
      jsonResponse(201, { url: urls.shift() ?? URL_2, createdAt: '2026-05-04T10:00:00.000Z' }),
    'DELETE /api/user/calendar-feed': jsonResponse(200, { message: calendarMessages.feedTurnedOff }),
  });
}

describe('CalendarFeedCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('creates a feed, shows its address once and copies it with a toast', async () => {
    const fetchMock = serve(false);
    const { user } = renderWithProviders(<CalendarFeedCard />);
    expect(await screen.findByText('Your calendar feed is off.')).toBeInTheDocument();
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create feed URL' }));
    const address = await screen.findByLabelText('Your feed address');
    expect(address).toHaveValue(URL_1);
    expect(callsTo(fetchMock, 'POST', '/api/user/calendar-feed')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(calendarMessages.feedCreated);
    expect(screen.getByText(/Copy it now: it is not shown again/)).toBeInTheDocument();
    expect(screen.getByText(/Your feed is on/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(URL_1);
    expect(toast.success).toHaveBeenCalledWith('Feed URL copied');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('regenerates only after a confirmation that says the old address stops working', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<CalendarFeedCard />);
    expect(await screen.findByText(/Your feed is on/)).toBeInTheDocument();
    // An existing feed's address is never shown again.
    expect(screen.queryByLabelText('Your feed address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/current address stops working at once/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/user/calendar-feed')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByLabelText('Your feed address')).toHaveValue(URL_1);
    expect(toast.success).toHaveBeenCalledWith(calendarMessages.feedRegenerated);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('turns the feed off after a confirmation', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Your calendar feed is off.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/user/calendar-feed')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(calendarMessages.feedTurnedOff);
  });
});
