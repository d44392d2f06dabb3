import type { TeamMember } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MemberActionsMenu } from './member-actions-menu.tsx';
import { makeMember, makeTeamDetail, TEAM_ID } from './test-teams.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LEAD_PATH = `/api/team/${TEAM_ID}/lead`;
const removePath = (userId: string) => `/api/team/${TEAM_ID}/remove/${userId}`;

function renderMenu(member: TeamMember) {
  const onRemoved = vi.fn();
  const result = renderWithProviders(
    <MemberActionsMenu teamId={TEAM_ID} teamName="Platform" member={member} onRemoved={onRemoved} />,
  );
  return { ...result, onRemoved };
}

const manager = (overrides: Parameters<typeof makeMember>[0] = {}) =>
  makeMember({ role: 'manager', user: { id: 'u-grace', name: 'Grace Hopper' }, ...overrides });

describe('MemberActionsMenu', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("offers 'Make Team Lead' and 'Remove Member'", async () => {
    routeFetch({});
    const { user } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));

    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Make Team Lead',
      'Remove Member',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Make Team Lead' })).not.toHaveAttribute('aria-disabled');
  });

  it.each([
    ['an invited member', manager({ status: 'invited' })],
    ['a suspended member', manager({ status: 'suspended' })],
    ['the current lead', manager({ is_lead: true })],
  ])("disables 'Make Team Lead' for %s", async (_, member) => {
    routeFetch({});
    const { user } = renderMenu(member);

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));

    expect(screen.getByRole('menuitem', { name: 'Make Team Lead' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Remove Member' })).not.toHaveAttribute('aria-disabled');
  });

  it("sends the member's user id as the new lead and toasts 'Team lead updated successfully'", async () => {
    const fetchMock = routeFetch({ [`PATCH ${LEAD_PATH}`]: jsonResponse(200, makeTeamDetail()) });
    const { user } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make Team Lead' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Team lead updated successfully'));
    const [call] = callsTo(fetchMock, 'PATCH', LEAD_PATH);
    expect(JSON.parse(String(call?.init?.body))).toEqual({ memberId: 'u-grace' });
  });

  it("toasts 'Failed to update team lead' when the server refuses", async () => {
    routeFetch({
      [`PATCH ${LEAD_PATH}`]: apiError(
        409,
        'CONFLICT',
        'Only an active member who is not already lead can be made lead.',
      ),
    });
    const { user } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make Team Lead' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update team lead', {
        description: 'Only an active member who is not already lead can be made lead.',
      }),
    );
  });

  it("asks before removing, removes the member, and toasts 'Member removed.'", async () => {
    const fetchMock = routeFetch({
      [`DELETE ${removePath('u-grace')}`]: jsonResponse(200, { message: 'Member removed.' }),
    });
    const { user, onRemoved } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove Member' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Member' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove Grace Hopper from Platform?');
    expect(callsTo(fetchMock, 'DELETE', removePath('u-grace'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Member removed.'));
    expect(callsTo(fetchMock, 'DELETE', removePath('u-grace'))).toHaveLength(1);
    expect(onRemoved).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("toasts the server's message when the removal is refused, and keeps the dialog open", async () => {
    routeFetch({
      [`DELETE ${removePath('u-grace')}`]: apiError(403, 'FORBIDDEN', 'You cannot remove the last lead.'),
    });
    const { user } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove Member' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You cannot remove the last lead.'));
    expect(screen.getByRole('alertdialog', { name: 'Remove Member' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to remove member' when no message comes back", async () => {
    routeFetch({ [`DELETE ${removePath('u-grace')}`]: new Response('oops', { status: 500 }) });
    const { user } = renderMenu(manager());

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove Member' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to remove member'));
  });

  it('returns the focus to the row menu button when the confirmation is cancelled', async () => {
    routeFetch({});
    const { user } = renderMenu(manager());
    const trigger = screen.getByRole('button', { name: 'Actions for Grace Hopper' });

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Remove Member' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
