import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EventCard } from './event-card.tsx';
import { EVENT_ID, makeEvent, makeMilestone, PRODUCT_ID } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const card = (title: string) => screen.getByRole('article', { name: title });

describe('EventCard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows the type and status badges, the time, the product, the participants and a Join Meeting link to a new tab', () => {
    renderWithProviders(
      <EventCard
        item={makeEvent({
          type: 'workshop',
          status: 'In Progress',
          startTime: '14:05',
          productId: PRODUCT_ID,
          productName: 'Apollo',
          participants: ['ada@example.com', 'grace@example.com'],
          meetingLink: 'https://meet.example.com/abc-defg',
        })}
        onEdit={vi.fn()}
      />,
    );

    const article = card('Design review');
    expect(within(article).getByText('Workshop')).toBeInTheDocument();
    expect(within(article).getByText('In Progress')).toBeInTheDocument();
    expect(within(article).getByText(/2:05\sPM/)).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Apollo' })).toHaveAttribute(
      'href',
      `/products/${PRODUCT_ID}`,
    );
    expect(within(article).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(article).getByText('grace@example.com')).toBeInTheDocument();

    const join = within(article).getByRole('link', { name: /Join Meeting/ });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/abc-defg');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("reads 'All day' without a time, and offers no Join Meeting without a link", () => {
    renderWithProviders(
      <EventCard item={makeEvent({ startTime: null, meetingLink: null })} onEdit={vi.fn()} />,
    );
    const article = card('Design review');
    expect(within(article).getByText('All day')).toBeInTheDocument();
    expect(within(article).queryByRole('link', { name: /Join Meeting/ })).not.toBeInTheDocument();
  });

  it.each([
    'Planning',
    'Development',
    'Testing',
    'Production',
    'In Progress',
    'Completed',
    'Cancelled',
  ] as const)('knows the status %s', (status) => {
    renderWithProviders(<EventCard item={makeEvent({ status })} onEdit={vi.fn()} />);
    expect(within(card('Design review')).getByText(status)).toHaveAttribute(
      'data-slot',
      'event-status-badge',
    );
  });

  it('shows a product’s target date as a read-only milestone linking to the product', () => {
    renderWithProviders(<EventCard item={makeMilestone()} onEdit={vi.fn()} />);
    const article = card('Apollo target date');
    expect(article).toHaveAttribute('data-source', 'product');
    expect(within(article).getByText('Product target date')).toBeInTheDocument();
    expect(within(article).getByText('Milestone')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Apollo' })).toHaveAttribute(
      'href',
      `/products/${PRODUCT_ID}`,
    );
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers no menu to whoever may not change the event', () => {
    renderWithProviders(<EventCard item={makeEvent({ canEdit: false })} onEdit={vi.fn()} />);
    expect(within(card('Design review')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits from the menu', async () => {
    const onEdit = vi.fn();
    const event = makeEvent();
    const { user } = renderWithProviders(<EventCard item={event} onEdit={onEdit} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Design review' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit event' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith(event));
  });

  it('deletes from the menu after confirming, and toasts', async () => {
    const fetchMock = routeFetch({
      [`DELETE /api/events/${EVENT_ID}`]: jsonResponse(200, { message: 'Event deleted' }),
    });
    const { user } = renderWithProviders(<EventCard item={makeEvent()} onEdit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Design review' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete event' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete event' });
    expect(callsTo(fetchMock, 'DELETE', `/api/events/${EVENT_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Event deleted successfully'));
    expect(callsTo(fetchMock, 'DELETE', `/api/events/${EVENT_ID}`)).toHaveLength(1);
  });
});
