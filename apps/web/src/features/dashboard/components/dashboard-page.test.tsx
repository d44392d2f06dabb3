import type { DashboardSummary, TeamOverviewItem } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatActivityTime } from '../../../lib/format.ts';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeActivity } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { latestPerProduct } from '../api/get-recent-activity.ts';
import { DashboardPage } from './dashboard-page.tsx';

const summary: DashboardSummary = {
  activeProjects: 7,
  teamMembers: 12,
  completedTasks: 40,
  pendingReviews: 3,
  activeProjectsNew: 2,
  teams: 8,
  completedThisWeek: 16,
  completedLastWeek: 13,
};

function serve({
  figures = summary,
  teams = [] as TeamOverviewItem[],
  activities = [] as ReturnType<typeof makeActivity>[],
} = {}) {
  return routeFetch({
    'GET /api/dashboard/summary': jsonResponse(200, figures),
    'GET /api/dashboard/team-overview': jsonResponse(200, teams),
    'GET /api/activities': jsonResponse(200, { data: activities, total: activities.length, actionTypes: [] }),
    'GET /api/tasks/all': jsonResponse(200, { data: [], total: 0, nextCursor: null }),
  });
}

function statCard(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('[data-slot="card"]');
  if (!(card instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return card;
}

describe('DashboardPage', () => {
  it("shows the title, 'View All Products' and one 'New Product' for who may create, none for a guest", () => {
    serve();
    const { unmount } = renderWithProviders(<DashboardPage userRole="member" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/product development lifecycle/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    expect(screen.getAllByRole('link', { name: 'New Product' })).toHaveLength(1);
    unmount();

    renderWithProviders(<DashboardPage userRole="guest" />);
    expect(screen.queryByRole('link', { name: 'New Product' })).not.toBeInTheDocument();
  });

  it("links Recent Activity to the whole activity log with 'View all'", async () => {
    serve();
    renderWithProviders(<DashboardPage userRole="member" />);

    const card = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest(
      '[data-slot="card"]',
    );
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    expect(within(card).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/activity');
  });

  it('computes the stat captions from the figures', async () => {
    serve();
    renderWithProviders(<DashboardPage userRole="member" />);

    expect(await within(statCard('Active Products')).findByText('7')).toBeInTheDocument();
    expect(within(statCard('Active Products')).getByText('+2 from last month')).toBeInTheDocument();
    expect(within(statCard('Team Members')).getByText('12')).toBeInTheDocument();
    expect(within(statCard('Team Members')).getByText('Across 8 teams')).toBeInTheDocument();
    expect(within(statCard('Completed Tasks')).getByText('40')).toBeInTheDocument();
    expect(within(statCard('Completed Tasks')).getByText('+23% from last week')).toBeInTheDocument();
    expect(within(statCard('Pending Reviews')).getByText('3')).toBeInTheDocument();
    expect(within(statCard('Pending Reviews')).getByText('Needs attention')).toBeInTheDocument();
  });

  it('words the captions for a quiet week: a count when last week had none, and all clear', async () => {
    serve({
      figures: {
        ...summary,
        activeProjectsNew: 0,
        teams: 1,
        completedThisWeek: 4,
        completedLastWeek: 0,
        pendingReviews: 0,
      },
    });
    renderWithProviders(<DashboardPage userRole="member" />);

    expect(await screen.findByText('+4 this week')).toBeInTheDocument();
    expect(screen.getByText('+0 from last month')).toBeInTheDocument();
    expect(screen.getByText('Across 1 team')).toBeInTheDocument();
    expect(screen.getByText('All clear')).toBeInTheDocument();
  });

  it('shows a drop as a negative percentage', async () => {
    serve({ figures: { ...summary, completedThisWeek: 5, completedLastWeek: 10 } });
    renderWithProviders(<DashboardPage userRole="member" />);

    expect(await screen.findByText('-50% from last week')).toBeInTheDocument();
  });

  it("says 'No teams available' and 'No data to display' without teams", async () => {
    serve({ teams: [] });
    renderWithProviders(<DashboardPage userRole="member" />);

    expect(await screen.findByText('No teams available')).toBeInTheDocument();
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });

  it("shows each team's name, lead and at most 5 member dots with '+N' for the rest", async () => {
    const sample = [
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Edsger Dijkstra',
      'Barbara Liskov',
      'Ken Thompson',
    ].map((name, i) => ({ _id: `u-${i}`, name, avatar_url: null }));
    serve({
      teams: [{ id: 't-1', name: 'Platform', productId: 'p-1', lead: 'Ada Lovelace', members: 9, sample }],
    });
    renderWithProviders(<DashboardPage userRole="member" />);

    const link = await screen.findByRole('link', { name: 'Platform' });
    expect(link).toHaveAttribute('href', '/products/p-1');
    expect(screen.getByText('Lead: Ada Lovelace')).toBeInTheDocument();
    const dots = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(dots).toHaveLength(5);
    expect(dots[0]).toHaveTextContent('AL');
    expect(screen.getByText('+4')).toBeInTheDocument();
  });

  it('shows at most the 2 newest entries of each product, newest first, with status, and progress only where recorded', async () => {
    const activities = [
      makeActivity({
        id: 'p1-a',
        projectId: 'p-1',
        description: 'Apollo 1',
        createdAt: '2025-03-05T10:00:00.000Z',
      }),
      makeActivity({
        id: 'p1-b',
        projectId: 'p-1',
        description: 'Apollo 2',
        createdAt: '2025-03-06T10:00:00.000Z',
      }),
      makeActivity({
        id: 'p1-c',
        projectId: 'p-1',
        description: 'Apollo 3',
        createdAt: '2025-03-07T10:00:00.000Z',
      }),
      makeActivity({
        id: 'p2-a',
        projectId: 'p-2',
        productName: 'Gemini',
        actionType: 'progress_updated',
        description: 'Gemini progress',
        createdAt: '2025-03-01T10:00:00.000Z',
        performer: null,
        performedBy: null,
        metadata: {
          progress: 60,
          newStatus: 'testing',
          progressUpdates: { progress: 60, progress_details: { frontend: 80, backend: 40 } },
        },
      }),
    ];
    serve({ activities });
    renderWithProviders(<DashboardPage userRole="member" />);

    const card = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest(
      '[data-slot="card"]',
    );
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    await within(card).findByText('Apollo 3');
    expect(within(card).getByText('Apollo 2')).toBeInTheDocument();
    expect(within(card).queryByText('Apollo 1')).not.toBeInTheDocument();

    const entries = within(card).getAllByRole('listitem');
    expect(
      entries.map((entry) => within(entry).getByText(/^(Apollo \d|Gemini progress)$/).textContent),
    ).toEqual(['Apollo 3', 'Apollo 2', 'Gemini progress']);
    const gemini = entries[2] as HTMLElement;
    expect(within(gemini).getByText('Progress Update')).toBeInTheDocument();
    expect(within(gemini).getByText(formatActivityTime('2025-03-01T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(gemini).getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(within(gemini).getByText('Testing')).toBeInTheDocument();
    expect(within(gemini).getByText('System')).toBeInTheDocument();
    expect(within(gemini).getByText('60%')).toBeInTheDocument();
    // An entry that records no progress draws no bar (not a false 0 %).
    expect(within(entries[0] as HTMLElement).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(entries[1] as HTMLElement).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('draws the progress a document upload records, and titles a calendar entry by what it is', async () => {
    serve({
      activities: [
        makeActivity({
          id: 'doc',
          projectId: 'p-1',
          actionType: 'file_uploaded',
          description: 'Uploaded spec.pdf',
          metadata: { progress: 29 },
          createdAt: '2025-03-07T10:00:00.000Z',
        }),
        makeActivity({
          id: 'cal',
          projectId: 'p-2',
          actionType: 'event_scheduled',
          description: 'Scheduled meeting "Kick-off" on 2025-03-10',
          metadata: { status: 'Planning' },
          createdAt: '2025-03-06T10:00:00.000Z',
        }),
      ],
    });
    renderWithProviders(<DashboardPage userRole="member" />);

    const doc = (await screen.findByText('Uploaded spec.pdf')).closest('li') as HTMLElement;
    expect(within(doc).getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '29',
    );
    const cal = screen.getByText(/Kick-off/).closest('li') as HTMLElement;
    expect(within(cal).getByText('Event Scheduled')).toBeInTheDocument();
    expect(within(cal).queryByText('Activity')).not.toBeInTheDocument();
    expect(within(cal).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('latestPerProduct', () => {
  it('keeps at most 2 per product, merged newest first', () => {
    const entries = [
      makeActivity({ id: 'a', projectId: 'p-1', createdAt: '2025-01-01T00:00:00Z' }),
      makeActivity({ id: 'b', projectId: 'p-2', createdAt: '2025-01-04T00:00:00Z' }),
      makeActivity({ id: 'c', projectId: 'p-1', createdAt: '2025-01-03T00:00:00Z' }),
      makeActivity({ id: 'd', projectId: 'p-1', createdAt: '2025-01-02T00:00:00Z' }),
    ];
    expect(latestPerProduct(entries).map((e) => e.id)).toEqual(['b', 'c', 'd']);
  });
});
