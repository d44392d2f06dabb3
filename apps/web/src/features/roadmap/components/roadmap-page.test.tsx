import type { Roadmap, RoadmapProduct } from '@shipyard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RoadmapPage } from './roadmap-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

const today = new Date(2026, 5, 15); // the window: 2026-03-01 … 2027-06-30, 4 px a day

const product = (values: Partial<RoadmapProduct> = {}): RoadmapProduct => ({
  id: 'p-1',
  name: 'Atlas',
  key: 'ATL',
  status: 'development',
  start_date: '2026-04-01',
  target_end_date: '2026-09-30',
  canEdit: true,
  stages: [
    {
      stage: 'planning',
      starts_on: '2026-04-01',
      ends_on: '2026-04-30',
      updated_by: null,
      updated_at: '2026-04-01T00:00:00.000Z',
    },
  ],
  milestones: [{ id: 'e-1', title: 'Beta', date: '2026-06-20' }],
  ...values,
});

function stubApi(products: RoadmapProduct[], write: () => Response = () => jsonResponse(200, {})) {
  const roadmap = (): Roadmap => ({ from: '2026-03-01', to: '2027-06-30', products, hasMore: false });
  return routeFetch({
    'GET /api/roadmap': () => jsonResponse(200, roadmap()),
    'PATCH /api/projects/p-1': write,
    'PUT /api/projects/p-1/stage-plans/development': write,
    'DELETE /api/projects/p-1/stage-plans/planning': () => new Response(null, { status: 204 }),
  });
}

const renderPage = (route = '/roadmap') =>
  renderWithProviders(
    <TooltipProvider>
      <RoadmapPage viewerRole="member" today={today} />
    </TooltipProvider>,
    { route },
  );

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('RoadmapPage', () => {
  it('draws what another feature adds on each row, where its days are (rowExtras)', async () => {
    stubApi([product()]);
    renderWithProviders(
      <TooltipProvider>
        <RoadmapPage
          viewerRole="member"
          today={today}
          rowExtras={{
            timeline: (p, place) => (
              <span data-testid="extra">{`${p.name} ${place.x('2026-03-03')} ${place.dayWidth}`}</span>
            ),
          }}
        />
      </TooltipProvider>,
    );
    expect(await screen.findByTestId('extra')).toHaveTextContent('Atlas 8 4');
  });

  it('asks for the window and the URL’s filters, and shows each product with its stages and milestones', async () => {
    const fetchMock = stubApi([product()]);
    renderPage('/roadmap?stage=development&team=design');
    expect(await screen.findByRole('link', { name: 'Atlas' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET', '/api/roadmap');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      from: '2026-03-01',
      to: '2027-06-30',
      stage: 'development',
      team: 'design',
    });
    const planned = screen.getByRole('group', { name: /^Planning: Apr 1, 2026 – Apr 30, 2026 \(planned\)/ });
    expect(planned).toHaveAttribute('data-planned', 'true');
    // The current stage is marked; a stage without a plan lies where it would, dashed.
    const current = screen.getByRole('group', { name: /^Development: .*not planned, current stage/ });
    expect(current).toHaveAttribute('data-current', 'true');
    expect(screen.getByRole('button', { name: 'Milestone Beta, Jun 20, 2026' })).toBeInTheDocument();
  });

  it('moves the target date by keyboard: a day per arrow, a week with Shift; Enter saves with Undo', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([product()]);
    renderPage();
    const handle = await screen.findByRole('slider', { name: 'Target date of Atlas' });
    expect(handle).toHaveAttribute('aria-valuetext', 'Sep 30, 2026');
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(handle).toHaveAttribute('aria-valuetext', 'Oct 9, 2026');
    expect(screen.getByText('Target date Oct 9, 2026. Enter saves, Escape cancels.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')[0]?.init)).toEqual({
      target_end_date: '2026-10-09',
    });
    await waitFor(() => expect(toast.undoable).toHaveBeenCalled());
    const [title, options] = vi.mocked(toast.undoable).mock.calls[0] ?? [];
    expect(title).toBe('Target date moved');
    expect(options?.description).toBe('Atlas: Oct 9, 2026');
    await options?.undo();
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(2));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')[1]?.init)).toEqual({
      target_end_date: '2026-09-30',
    });
  });

  it('puts the date back on Escape, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([product()]);
    renderPage();
    const handle = await screen.findByRole('slider', { name: 'Target date of Atlas' });
    handle.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Escape}');
    expect(handle).toHaveAttribute('aria-valuetext', 'Sep 30, 2026');
    await user.keyboard('{Enter}');
    expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(0);
  });

  it('shows a refused move at once, then puts it back and says why', async () => {
    const user = userEvent.setup();
    stubApi([product()], () =>
      apiError(403, 'NOT_PRODUCT_OWNER', 'Only the product’s creator or an admin can change it.'),
    );
    renderPage();
    const handle = await screen.findByRole('slider', { name: 'Target date of Atlas' });
    handle.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not move the target date', {
        description: 'Only the product’s creator or an admin can change it.',
      }),
    );
    expect(screen.getByRole('slider', { name: 'Target date of Atlas' })).toHaveAttribute(
      'aria-valuetext',
      'Sep 30, 2026',
    );
    expect(toast.undoable).not.toHaveBeenCalled();
  });

  it('plans a stage by dragging it: 40 px is ten days at the month zoom', async () => {
    const fetchMock = stubApi([product()]);
    renderPage();
    const segment = await screen.findByRole('group', { name: /^Development: / });
    // Unplanned, Development takes the first quarter of the days after Planning's plan: May 1 … Jun 7.
    expect(segment).toHaveAccessibleName(/^Development: May 1, 2026 – Jun 7, 2026/);
    fireEvent.pointerDown(segment, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(segment, { clientX: 140, pointerId: 1 });
    expect(segment).toHaveAccessibleName(/^Development: May 11, 2026 – Jun 17, 2026/);
    fireEvent.pointerUp(segment, { clientX: 140, pointerId: 1 });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/projects/p-1/stage-plans/development')).toHaveLength(1),
    );
    expect(sentJson(callsTo(fetchMock, 'PUT', '/api/projects/p-1/stage-plans/development')[0]?.init)).toEqual(
      {
        starts_on: '2026-05-11',
        ends_on: '2026-06-17',
      },
    );
    // Its Undo clears the plan it made.
    await waitFor(() => expect(toast.undoable).toHaveBeenCalled());
    expect(vi.mocked(toast.undoable).mock.calls[0]?.[0]).toBe('Stage dates saved');
  });

  it('changes a stage’s end with Alt+arrows and clears a planned stage with Delete', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([product()]);
    renderPage();
    const planning = await screen.findByRole('group', { name: /^Planning: / });
    planning.focus();
    await user.keyboard('{Alt>}{ArrowRight}{ArrowRight}{/Alt}');
    expect(planning).toHaveAccessibleName(/^Planning: Apr 1, 2026 – May 2, 2026/);
    await user.keyboard('{Escape}{Delete}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/api/projects/p-1/stage-plans/planning')).toHaveLength(1),
    );
  });

  it('lets a product’s viewers who may not edit it look, not move', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([product({ canEdit: false })]);
    renderPage();
    const handle = await screen.findByRole('slider', { name: 'Target date of Atlas' });
    expect(handle).toHaveAttribute('aria-readonly', 'true');
    handle.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(0);
  });

  it('says so when no product falls in the window', async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText('No products on the roadmap')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Product' })).toBeInTheDocument();
  });
});
