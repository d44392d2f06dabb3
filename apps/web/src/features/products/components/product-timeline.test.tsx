import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeActivity } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductTimeline } from './product-timeline.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('ProductTimeline', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("says 'No activity recorded yet' under its headings when the product has none", async () => {
    routeFetch({ 'GET /api/activities/product/p-1': jsonResponse(200, { data: [] }) });
    renderWithProviders(<ProductTimeline productId="p-1" />);

    expect(screen.getByRole('heading', { name: 'Activity Timeline' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Activities' })).toBeInTheDocument();
    expect(await screen.findByText('No activity recorded yet')).toBeInTheDocument();
    expect(screen.getByText('Activities will appear here as you work on your product.')).toBeInTheDocument();
  });

  it('lists the entries: title from the action type, description, who, the status change and a relative time', async () => {
    routeFetch({
      'GET /api/activities/product/p-1': jsonResponse(200, {
        data: [
          makeActivity({
            id: 'a-1',
            actionType: 'status_changed',
            description: 'Moved Apollo to testing',
            metadata: { previousStatus: 'development', newStatus: 'testing' },
            createdAt: minutesAgo(5),
          }),
          makeActivity({
            id: 'a-2',
            actionType: 'milestone_reached',
            description: 'Beta shipped',
            performedBy: null,
            performer: null,
            createdAt: minutesAgo(60 * 3),
          }),
          makeActivity({
            id: 'a-3',
            actionType: 'other',
            description: 'Left a note',
            createdAt: minutesAgo(60 * 24),
          }),
        ],
      }),
    });
    renderWithProviders(<ProductTimeline productId="p-1" currentUserId="u-1" />);

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByText('Status Update')).toBeInTheDocument();
    expect(within(first).getByText('Moved Apollo to testing')).toBeInTheDocument();
    expect(within(first).getByText('Development')).toBeInTheDocument();
    expect(within(first).getByText('Testing')).toBeInTheDocument();
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(first).getByText(/^by/)).toHaveTextContent('by Grace Hopper');

    expect(within(second).getByText('Milestone Reached')).toBeInTheDocument();
    expect(within(second).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(second).getByText(/^by/)).toHaveTextContent('by System');

    expect(within(third).getByText('Activity')).toBeInTheDocument();
    expect(within(third).getByText('1 day ago')).toBeInTheDocument();
  });

  it("toasts 'Failed to load activity timeline' and shows an error state when the load fails", async () => {
    routeFetch({
      'GET /api/activities/product/p-1': apiError(500, 'INTERNAL', 'An error occurred on the server.'),
    });
    renderWithProviders(<ProductTimeline productId="p-1" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load activity timeline');
    expect(alert).toHaveTextContent('An error occurred on the server.');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to load activity timeline', undefined),
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
