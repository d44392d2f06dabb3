import type { CalendarItem } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CalendarPage } from './calendar-page.tsx';
import { EventCard } from './event-card.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { EVENT_ID, makeEvent, makeEventList, phoneViewport, VIEWER } from './test-events.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// One date of a repeating event (docs/decisions/042-event-exceptions.md): Edit and Delete ask
// "This event / This and following events / All events" first.

const RULE = 'FREQ=WEEKLY;BYDAY=MO';
/** The Monday 11 May 2026 of a weekly series that started on 4 May. */
const occurrence = (overrides: Partial<Parameters<typeof makeEvent>[0]> = {}) =>
  makeEvent({
    date: '2026-05-11',
    recurrence: RULE,
    seriesDate: '2026-05-04',
    occurrenceDate: '2026-05-11',
    ...overrides,
  });
const ONE = `/api/events/${EVENT_ID}/occurrences/2026-05-11`;

async function openMenuItem(user: ReturnType<typeof renderWithProviders>['user'], item: string) {
  await user.click(screen.getByRole('button', { name: 'Actions for Design review' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', {
    name: item === 'Edit event' ? 'Edit repeating event' : 'Delete repeating event',
  });
}

describe('the scope dialog of a date of a repeating event', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('asks which dates a delete applies to, and deletes only this date', async () => {
    const fetchMock = routeFetch({ [`DELETE ${ONE}`]: jsonResponse(200, { message: 'Event deleted' }) });
    const { user } = renderWithProviders(<EventCard item={occurrence()} onEdit={vi.fn()} />);
    const dialog = await openMenuItem(user, 'Delete event');

    expect(within(dialog).getByText('Which dates of this event do you want to delete?')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['This event', 'This and following events', 'All events', 'Cancel']);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'This event' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Event deleted successfully'));
    const [call] = callsTo(fetchMock, 'DELETE', ONE);
    expect(call?.url.search).toBe('?scope=this');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes this and the following dates, or the whole series', async () => {
    const fetchMock = routeFetch({
      [`DELETE ${ONE}`]: jsonResponse(200, { message: 'Event deleted' }),
      [`DELETE /api/events/${EVENT_ID}`]: jsonResponse(200, { message: 'Event deleted' }),
    });
    const { user } = renderWithProviders(<EventCard item={occurrence()} onEdit={vi.fn()} />);
    await user.click(
      within(await openMenuItem(user, 'Delete event')).getByRole('button', {
        name: 'This and following events',
      }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', ONE)[0]?.url.search).toBe('?scope=following'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(
      within(await openMenuItem(user, 'Delete event')).getByRole('button', { name: 'All events' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/api/events/${EVENT_ID}`)).toHaveLength(1));
  });

  it('cancels without a request, and keeps the dialog open with the server’s message on failure', async () => {
    const fetchMock = routeFetch({
      [`DELETE ${ONE}`]: jsonResponse(400, {
        error: 'Bad Request',
        code: 'TOO_MANY_EXCEPTIONS',
        message: 'A repeating event may have at most 500 changed or deleted dates.',
      }),
    });
    const { user } = renderWithProviders(<EventCard item={occurrence()} onEdit={vi.fn()} />);
    await user.click(
      within(await openMenuItem(user, 'Delete event')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(
      within(await openMenuItem(user, 'Delete event')).getByRole('button', { name: 'This event' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete event', {
        description: 'A repeating event may have at most 500 changed or deleted dates.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Delete repeating event' })).toBeInTheDocument();
  });

  it('asks before an edit and opens the form for the dates chosen', async () => {
    routeFetch({});
    const onEdit = vi.fn();
    const event = occurrence();
    const { user } = renderWithProviders(<EventCard item={event} onEdit={onEdit} />);
    const dialog = await openMenuItem(user, 'Edit event');
    expect(within(dialog).getByText('Which dates of this event do you want to change?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'This and following events' }));
    expect(onEdit).toHaveBeenCalledWith(event, 'following');
  });

  it('keeps the plain confirmation for an event that does not repeat', async () => {
    routeFetch({});
    const { user } = renderWithProviders(<EventCard item={makeEvent()} onEdit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Design review' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete event' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete event' })).toBeInTheDocument();
    expect(screen.queryByText('This and following events')).not.toBeInTheDocument();
  });
});

describe('the form for one date', () => {
  it('edits this date only: no repeat, participants or product; the changes go to the date', async () => {
    const event = occurrence({ participants: ['ada@example.com'] });
    const fetchMock = routeFetch({
      [`PATCH ${ONE}`]: jsonResponse(200, { ...event, title: 'Design review (short)' }),
    });
    const { user } = renderWithProviders(
      <EventFormDialog
        open
        onOpenChange={vi.fn()}
        event={event}
        scope="this"
        defaultDate="2026-05-11"
        products={[]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-05-11');
    expect(within(dialog).getByText('Changes apply to this date only.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Participants')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Design review (short)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Event updated successfully'));
    const [patch] = callsTo(fetchMock, 'PATCH', ONE);
    expect(patch?.url.search).toBe('?scope=this');
    expect(sentJson(patch?.init)).toEqual({ title: 'Design review (short)' });
  });
});

describe('the calendar', () => {
  // The small month picker's days, as phones show them (the big grid is calendar-grid.test.tsx's).
  beforeEach(phoneViewport);
  // Today is Monday 4 May 2026.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 4, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a changed date on the day it moved to, and drops a date deleted on its own', async () => {
    // As the server answers once 11 May was moved to 13 May and 18 May deleted.
    const items: CalendarItem[] = [
      occurrence({ date: '2026-05-04', occurrenceDate: '2026-05-04' }),
      occurrence({ date: '2026-05-13', title: 'Design review (moved)', startTime: '15:00' }),
      occurrence({ date: '2026-05-25', occurrenceDate: '2026-05-25' }),
    ];
    routeFetch({
      'GET /api/events': ({ url }) => {
        const from = url.searchParams.get('from') ?? '';
        const to = url.searchParams.get('to') ?? '';
        return jsonResponse(
          200,
          makeEventList(
            items.filter((i) => i.date >= from && i.date <= to),
            { from, to },
          ),
        );
      },
      'GET /api/projects': jsonResponse(200, productOptionsPage()),
      'GET /api/calendar/tasks': jsonResponse(200, { data: [], from: '', to: '', hasMore: false }),
    });
    const { user } = renderWithProviders(<CalendarPage viewer={VIEWER} />);

    await user.click(await screen.findByRole('button', { name: /Wednesday, May 13, 2026, 1 event$/ }));
    const moved = screen.getByRole('region', { name: 'Wednesday, May 13, 2026' });
    expect(within(moved).getByRole('article', { name: 'Design review (moved)' })).toHaveTextContent(
      /3:00\sPM/,
    );
    expect(screen.getByRole('button', { name: /^Monday, May 11, 2026$/ })).not.toHaveAttribute(
      'data-has-events',
    );
    expect(screen.getByRole('button', { name: /^Monday, May 18, 2026$/ })).not.toHaveAttribute(
      'data-has-events',
    );
    expect(screen.getByRole('button', { name: /Monday, May 25, 2026, 1 event$/ })).toHaveAttribute(
      'data-has-events',
      'true',
    );
  });
});
