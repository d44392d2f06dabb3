import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TeamMembersView } from './team-members-view.tsx';
import { makeMember, makeTeamDetail, PRODUCT_ID, TEAM_ID } from './test-teams.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const DETAIL = `GET /api/team/${TEAM_ID}`;

const grace = makeMember({
  role: 'manager',
  status: 'active',
  is_lead: true,
  user: { id: 'u-grace', name: 'Grace Hopper', email: 'grace@example.com' },
  joined_at: '2025-02-03T09:00:00.000Z',
});
const ada = makeMember({
  role: 'admin',
  status: 'active',
  systemRole: 'admin',
  user: { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
});
const linus = makeMember({
  role: 'developer',
  status: 'invited',
  joined_at: null,
  user: { id: 'u-linus', name: 'Linus Torvalds', email: 'linus@example.com' },
});
const ken = makeMember({
  role: 'qa engineer',
  status: 'suspended',
  user: { id: 'u-ken', name: 'Ken Thompson', email: 'ken@example.com' },
});
const barbara = makeMember({
  role: 'manager',
  status: 'pending',
  systemRole: 'super admin',
  user: { id: 'u-barbara', name: 'Barbara Liskov', email: 'barbara@example.com' },
});

function renderView(onBack = vi.fn()) {
  const result = renderWithProviders(
    <TeamMembersView teamId={TEAM_ID} productId={PRODUCT_ID} onBack={onBack} />,
  );
  return { ...result, onBack };
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('TeamMembersView', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows a skeleton and the way back while the team loads', () => {
    const pending = deferred<Response>();
    routeFetch({ [DETAIL]: () => pending.promise });
    renderView();

    expect(screen.getByRole('status')).toHaveTextContent('Loading team members');
    expect(screen.getByRole('button', { name: '← Back to Teams' })).toBeInTheDocument();
  });

  it('shows the team name and a table with Name, Email, Role, Status, Joined and Actions', async () => {
    routeFetch({
      [DETAIL]: jsonResponse(200, makeTeamDetail({ name: 'Platform', members: [grace, linus] })),
    });
    renderView();

    expect(await screen.findByRole('heading', { name: 'Platform' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Joined',
      'Actions',
    ]);
    const row = rowOf('Grace Hopper');
    expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Manager')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toHaveAttribute('data-status', 'active');
    expect(within(row).getByText(formatDate('2025-02-03T09:00:00.000Z'))).toBeInTheDocument();

    const invited = rowOf('Linus Torvalds');
    expect(within(invited).getByText('Developer')).toBeInTheDocument();
    expect(within(invited).getByText('Invited')).toHaveAttribute('data-status', 'invited');
    expect(within(invited).getByText('Not joined yet')).toBeInTheDocument();
  });

  it("exports the team's members as CSV", async () => {
    const fetchMock = routeFetch({
      [DETAIL]: jsonResponse(200, makeTeamDetail({ name: 'Platform', members: [grace] })),
      [`GET /api/team/${TEAM_ID}/members.csv`]: () => new Response('\uFEFFname\r\n', { status: 200 }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/team/${TEAM_ID}/members.csv`)).toHaveLength(1),
    );
  });

  it("marks the lead 'Current Lead', system admins '(Admin)', and dims suspended rows", async () => {
    routeFetch({
      [DETAIL]: jsonResponse(200, makeTeamDetail({ members: [grace, ada, linus, ken, barbara] })),
    });
    renderView();

    await screen.findByText('Grace Hopper');
    expect(within(rowOf('Grace Hopper')).getByText('Current Lead')).toBeInTheDocument();
    expect(screen.getAllByText('Current Lead')).toHaveLength(1);
    expect(within(rowOf('Ada Lovelace')).getByText('(Admin)')).toBeInTheDocument();
    expect(within(rowOf('Barbara Liskov')).getByText('(Admin)')).toBeInTheDocument();
    expect(within(rowOf('Grace Hopper')).queryByText('(Admin)')).not.toBeInTheDocument();

    expect(rowOf('Ken Thompson')).toHaveClass('opacity-60');
    expect(within(rowOf('Ken Thompson')).getByText('QA Engineer')).toBeInTheDocument();
    expect(within(rowOf('Ken Thompson')).getByText('Suspended')).toBeInTheDocument();
    expect(rowOf('Grace Hopper')).not.toHaveClass('opacity-60');
    expect(within(rowOf('Barbara Liskov')).getByText('Pending')).toHaveAttribute('data-status', 'pending');
  });

  it('gives an action menu only to admin and manager rows when the caller manages the team', async () => {
    routeFetch({
      [DETAIL]: jsonResponse(
        200,
        makeTeamDetail({ canManage: true, members: [grace, ada, linus, ken, barbara] }),
      ),
    });
    renderView();

    await screen.findByText('Grace Hopper');
    const menus = screen.getAllByRole('button', { name: /^Actions for / });
    expect(menus.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Actions for Grace Hopper',
      'Actions for Ada Lovelace',
      'Actions for Barbara Liskov',
    ]);
    expect(screen.getByRole('button', { name: 'Add Team Member' })).toBeInTheDocument();
  });

  it("shows no action menu and no 'Add Team Member' to someone who does not manage the team", async () => {
    routeFetch({
      [DETAIL]: jsonResponse(200, makeTeamDetail({ canManage: false, members: [grace, ada] })),
    });
    renderView();

    await screen.findByText('Grace Hopper');
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Team Member' })).not.toBeInTheDocument();
  });

  it('says so when the team has no members, with the next action for a manager', async () => {
    routeFetch({ [DETAIL]: jsonResponse(200, makeTeamDetail({ canManage: true, members: [] })) });
    const { user } = renderView();

    expect(
      await screen.findByText('No team members yet. Add your first team member to get started.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add Team Member' });
    expect(addButtons).toHaveLength(2);

    routeFetch({ [`GET /api/team/${TEAM_ID}/candidates`]: jsonResponse(200, { data: [] }) });
    await user.click(addButtons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Add Team Member' })).toHaveTextContent(
      'Invite an existing user to join your team.',
    );
  });

  it("shows the server's message when the team cannot be loaded, and still leads back", async () => {
    routeFetch({ [DETAIL]: apiError(404, 'NOT_FOUND', 'Team not found') });
    const { user, onBack } = renderView();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load team members');
    expect(alert).toHaveTextContent('Team not found');

    await user.click(screen.getByRole('button', { name: '← Back to Teams' }));
    expect(onBack).toHaveBeenCalled();
  });
});
