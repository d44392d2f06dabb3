import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { choose, fill } from '../../../test/user-input.ts';
import { EventFormDialog, type EventFormDialogProps } from './event-form-dialog.tsx';
import { EVENT_ID, makeEvent, PRODUCT_ID } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCTS = [
  { id: PRODUCT_ID, name: 'Apollo' },
  { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Gemini' },
];

function renderDialog(props: Partial<EventFormDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <EventFormDialog
      open
      onOpenChange={onOpenChange}
      defaultDate="2026-05-04"
      products={PRODUCTS}
      {...props}
    />,
  );
  return { ...result, onOpenChange };
}

describe('EventFormDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("opens as 'Add Event' on the given day, a meeting in Planning, with the four creation statuses", async () => {
    routeFetch({});
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-05-04');
    expect(within(dialog).getByLabelText('Start time (optional)')).toHaveAttribute('type', 'time');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Meeting');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Planning');
    expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveTextContent('No product');

    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Planning',
      'Development',
      'Testing',
      'Production',
    ]);
  });

  it('shows the spec’s messages on the fields and sends nothing', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await fill(user, 'Title', 'x'.repeat(101));
    await fill(user, 'Description', 'd'.repeat(501));
    await fill(user, 'Meeting link', 'zoom');
    await fill(user, 'Participants', 'ada@example.com, bob');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    expect(await screen.findByText('Title too long')).toBeInTheDocument();
    expect(screen.getByText('Description too long')).toBeInTheDocument();
    expect(screen.getByText('Invalid URL')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address: bob')).toBeInTheDocument();
    expect(screen.getByText('501/500')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/events')).toHaveLength(0);
  });

  it('sends the event, toasts, resets and closes', async () => {
    const fetchMock = routeFetch({ 'POST /api/events': jsonResponse(201, makeEvent()) });
    const { user, onOpenChange } = renderDialog();

    await fill(user, 'Title', '  Sprint review ');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-05-12');
    await user.type(screen.getByLabelText('Start time (optional)'), '14:30');
    await choose(user, 'Type', 'Review');
    await choose(user, 'Status', 'Testing');
    await fill(user, 'Description', 'Demo the beta.');
    await fill(user, 'Meeting link', 'https://meet.example.com/abc');
    await fill(user, 'Participants', 'Ada@Example.com, grace@example.com, ada@example.com');
    await choose(user, 'Product', 'Apollo');
    // 2026-05-12 is a Tuesday: the weekly preset follows the day (issue 29).
    await choose(user, 'Repeat', 'Weekly on Tuesday');
    expect(screen.getByText('Every week on Tue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Event created successfully'));
    const [post] = callsTo(fetchMock, 'POST', '/api/events');
    expect(sentJson(post?.init)).toEqual({
      title: 'Sprint review',
      date: '2026-05-12',
      startTime: '14:30',
      type: 'review',
      status: 'Testing',
      description: 'Demo the beta.',
      meetingLink: 'https://meet.example.com/abc',
      participants: ['ada@example.com', 'grace@example.com'],
      productId: PRODUCT_ID,
      recurrence: 'FREQ=WEEKLY;BYDAY=TU',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('sends an event without the optional fields as none', async () => {
    const fetchMock = routeFetch({ 'POST /api/events': jsonResponse(201, makeEvent()) });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Stand-up');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/events')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/events')[0]?.init)).toEqual({
      title: 'Stand-up',
      date: '2026-05-04',
      startTime: null,
      type: 'meeting',
      status: 'Planning',
      description: '',
      meetingLink: null,
      participants: [],
      productId: null,
      recurrence: null,
    });
  });

  it("toasts 'Failed to create event' with the server's message and stays open", async () => {
    routeFetch({ 'POST /api/events': apiError(404, 'PRODUCT_NOT_FOUND', 'Product not found') });
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Stand-up');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create event', {
        description: 'Product not found',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('Title')).toHaveValue('Stand-up');
  });

  it('puts the server’s field errors on their fields instead of toasting', async () => {
    routeFetch({
      'POST /api/events': apiError(400, 'VALIDATION_ERROR', 'Invalid URL', {
        fields: { meetingLink: ['Invalid URL'] },
      }),
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Stand-up');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('edits an event: its values, all seven statuses, and only the changed fields sent', async () => {
    const event = makeEvent({
      status: 'Development',
      participants: ['ada@example.com'],
      meetingLink: 'https://meet.example.com/x',
    });
    const fetchMock = routeFetch({
      [`PATCH /api/events/${EVENT_ID}`]: jsonResponse(200, { ...event, status: 'Cancelled' }),
    });
    const { user, onOpenChange } = renderDialog({ event });

    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Design review');
    expect(within(dialog).getByLabelText('Start time (optional)')).toHaveValue('09:30');
    expect(within(dialog).getByLabelText('Participants')).toHaveValue('ada@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    expect(await screen.findAllByRole('option')).toHaveLength(7);
    await user.click(screen.getByRole('option', { name: 'Cancelled' }));
    await fill(user, 'Participants', ', linus@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Event updated successfully'));
    const [patch] = callsTo(fetchMock, 'PATCH', `/api/events/${EVENT_ID}`);
    expect(sentJson(patch?.init)).toEqual({
      status: 'Cancelled',
      participants: ['ada@example.com', 'linus@example.com'],
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
