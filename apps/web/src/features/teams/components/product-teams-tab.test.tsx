import { type Role, teamMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ProductTeamsTab } from './product-teams-tab.tsx';
import { deleteTeamText } from './team-card.tsx';
import { makeMember, makeTeam, makeTeamDetail, OTHER_TEAM_ID, PRODUCT_ID, TEAM_ID } from './test-teams.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LIST = `GET /api/team/project/${PRODUCT_ID}/teams`;
const DETAIL = `GET /api/team/${TEAM_ID}`;
const TEAMS_ROUTE = `/products/${PRODUCT_ID}?tab=teams`;

const platform = makeTeam({
  id: TEAM_ID,
  name: 'Platform',
  teamType: 'development',
  email: 'grace@example.com',
  role: 'manager',
  memberCount: 3,
  activeMembers: 2,
  canManage: true,
});
const quality = makeTeam({
  id: OTHER_TEAM_ID,
  name: 'Quality',
  teamType: 'qa',
  description: '',
  email: null,
  role: null,
  memberCount: 1,
  activeMembers: 0,
  lead: null,
  canManage: false,
});

function renderTab({ role = 'member' as Role, route = TEAMS_ROUTE } = {}) {
  return renderWithProviders(<ProductTeamsTab productId={PRODUCT_ID} viewer={{ id: 'u-1', role }} />, {
    route,
  });
}

const cardOf = (name: string) => {
  const card = screen.getByRole('heading', { name }).closest('[data-slot="card"]');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return card;
};

describe('ProductTeamsTab', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows a skeleton while the teams load', () => {
    const pending = deferred<Response>();
    routeFetch({ [LIST]: () => pending.promise });
    renderTab();

    expect(screen.getByRole('status')).toHaveTextContent('Loading teams');
    expect(document.querySelector('[data-slot="skeleton"]')).not.toBeNull();
  });

  it("shows 'My Teams', 'Create New Team' and a card per team", async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [platform, quality] }) });
    renderTab();

    expect(screen.getByRole('heading', { name: 'My Teams' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Team' })).toBeInTheDocument();

    await screen.findByRole('heading', { name: 'Platform' });
    const first = cardOf('Platform');
    expect(within(first).getByText('Development')).toBeInTheDocument();
    expect(within(first).getByText('APIs and infrastructure.')).toBeInTheDocument();
    expect(within(first).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Manager')).toBeInTheDocument();
    expect(within(first).getByText('3 members')).toBeInTheDocument();
    expect(within(first).getByText('2 active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'View Members' })).toHaveAccessibleDescription(
      'Platform',
    );
    expect(within(first).getByRole('button', { name: 'Delete Platform' })).toBeInTheDocument();

    const second = cardOf('Quality');
    expect(within(second).getByText('QA')).toBeInTheDocument();
    expect(within(second).getByText('1 member')).toBeInTheDocument();
    expect(within(second).getByText('0 active')).toBeInTheDocument();
    expect(within(second).queryByText('@', { exact: false })).not.toBeInTheDocument();
    // Only those who manage a team may delete it.
    expect(within(second).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows the empty text with the next action, which opens the create dialog', async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [] }) });
    const { user } = renderTab();

    expect(await screen.findByText('No team found. Add your first team to get started.')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Create New Team' });
    expect(buttons).toHaveLength(2);

    await user.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });

  it("does not offer a guest 'Create New Team'", async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [] }) });
    renderTab({ role: 'guest' });

    expect(await screen.findByText('No team found. Add your first team to get started.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Team' })).not.toBeInTheDocument();
    expect(screen.getByText('Teams added to this product will appear here.')).toBeInTheDocument();
  });

  it("shows the server's message when the teams cannot be loaded, with a retry", async () => {
    let calls = 0;
    routeFetch({
      [LIST]: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
          : jsonResponse(200, { data: [platform] });
      },
    });
    const { user } = renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load teams');
    expect(alert).toHaveTextContent('An error occurred on the server.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Platform' })).toBeInTheDocument();
  });

  it('asks before deleting a team, then deletes it and removes its card', async () => {
    let deleted = false;
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, { data: deleted ? [quality] : [platform, quality] }),
      [`DELETE /api/team/${TEAM_ID}`]: () => {
        deleted = true;
        return jsonResponse(200, { message: 'Team deleted' });
      },
    });
    const { user } = renderTab();

    await user.click(await screen.findByRole('button', { name: 'Delete Platform' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Team' });
    expect(within(dialog).getByText(/^Are you sure/)).toHaveTextContent(
      /^Are you sure you want to delete Platform\? This action cannot be undone\.$/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/team/${TEAM_ID}`)).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Platform' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete Platform' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Platform' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', `/api/team/${TEAM_ID}`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Team deleted', { description: 'Platform' });
    expect(screen.getByRole('heading', { name: 'Quality' })).toBeInTheDocument();
  });

  it("toasts 'Failed to delete team' with the server's message and keeps the card", async () => {
    routeFetch({
      [LIST]: jsonResponse(200, { data: [platform] }),
      [`DELETE /api/team/${TEAM_ID}`]: apiError(403, 'FORBIDDEN', 'You may not delete this team.'),
    });
    const { user } = renderTab();

    await user.click(await screen.findByRole('button', { name: 'Delete Platform' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete team', {
        description: 'You may not delete this team.',
      }),
    );
    // The confirmation stays open over the card, which is still there.
    expect(screen.getByRole('alertdialog', { name: 'Delete Team' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Platform', hidden: true })).toBeInTheDocument();
  });

  it("shows a team's members from 'View Members', keeps the team in the URL, and goes back", async () => {
    routeFetch({
      [LIST]: jsonResponse(200, { data: [platform, quality] }),
      [DETAIL]: jsonResponse(
        200,
        makeTeamDetail({ ...platform, members: [makeMember({ user: { name: 'Grace Hopper' } })] }),
      ),
    });
    const { user } = renderTab();

    await screen.findByRole('heading', { name: 'Platform' });
    await user.click(within(cardOf('Platform')).getByRole('button', { name: 'View Members' }));

    expect(currentLocation()).toBe(`/products/${PRODUCT_ID}?tab=teams&team=${TEAM_ID}`);
    expect(screen.queryByRole('heading', { name: 'My Teams' })).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '← Back to Teams' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: '← Back to Teams' }));

    expect(currentLocation()).toBe(`/products/${PRODUCT_ID}?tab=teams`);
    expect(screen.getByRole('heading', { name: 'My Teams' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(cardOf('Platform')).getByRole('button', { name: 'View Members' })).toHaveFocus(),
    );
  });

  it('opens the members of the team named in the URL, so a reload keeps them', async () => {
    const fetchMock = routeFetch({
      [DETAIL]: jsonResponse(
        200,
        makeTeamDetail({ ...platform, members: [makeMember({ user: { name: 'Grace Hopper' } })] }),
      ),
    });
    renderTab({ route: `${TEAMS_ROUTE}&team=${TEAM_ID}` });

    expect(await screen.findByRole('heading', { name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '← Back to Teams' })).not.toHaveFocus();
    expect(callsTo(fetchMock, 'GET', `/api/team/project/${PRODUCT_ID}/teams`)).toHaveLength(0);
  });

  it("asks before deleting a team in the spec's words", () => {
    expect(deleteTeamText('Platform')).toBe(teamMessages.deleteDescription('Platform'));
  });
});
