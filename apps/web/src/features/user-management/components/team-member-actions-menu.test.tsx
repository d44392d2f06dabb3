import type { Role } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TeamMemberActionsMenu } from './team-member-actions-menu.tsx';
import { makeMember, VIEWER_ID } from './test-members.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const member = makeMember();
const DELETE = `DELETE /api/user/${member.id}`;

function renderMenu(role: Role = 'admin', target = member) {
  const onEdit = vi.fn();
  const result = renderWithProviders(
    <TeamMemberActionsMenu member={target} viewer={{ id: VIEWER_ID, role }} onEdit={onEdit} />,
  );
  return { ...result, onEdit };
}

async function openDelete(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  return screen.findByRole('alertdialog', { name: 'Delete team member' });
}

describe('TeamMemberActionsMenu', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('asks for the edit of the member', async () => {
    routeFetch({});
    const { user, onEdit } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(member);
  });

  it('deletes only once confirmed, then toasts', async () => {
    const fetchMock = routeFetch({ [DELETE]: jsonResponse(200, { message: 'User deleted' }) });
    const { user } = renderMenu();

    const dialog = await openDelete(user);
    expect(dialog).toHaveTextContent('Are you sure you want to delete Bea Builder (bea@example.com)?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/user/${member.id}`)).toHaveLength(0);

    await openDelete(user);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Team member deleted successfully.'));
    expect(callsTo(fetchMock, 'DELETE', `/api/user/${member.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("resets the member's two-factor sign-in only once confirmed, then toasts", async () => {
    const RESET = `POST /api/user/${member.id}/two-factor/reset`;
    const fetchMock = routeFetch({
      [RESET]: jsonResponse(200, { message: 'Two-factor sign-in was reset.' }),
    });
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor sign-in' });
    expect(dialog).toHaveTextContent('Bea Builder is signed out everywhere');
    expect(callsTo(fetchMock, 'POST', `/api/user/${member.id}/two-factor/reset`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Two-factor sign-in reset', expect.anything()),
    );
    expect(callsTo(fetchMock, 'POST', `/api/user/${member.id}/two-factor/reset`)).toHaveLength(1);
  });

  it("toasts 'Failed to delete team member' with the server's message, and stays open", async () => {
    routeFetch({
      [DELETE]: apiError(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    });
    const { user } = renderMenu('super admin', makeMember({ role: 'admin' }));

    await openDelete(user);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete team member', {
        description: 'You do not have permission to do this.',
      }),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers no Delete on yourself', async () => {
    routeFetch({});
    const { user } = renderMenu('admin', makeMember({ id: VIEWER_ID, name: 'Bea Builder', role: 'admin' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit']);
  });

  it('offers no Delete on a peer admin, which only a super admin may delete (issue 13 #5)', async () => {
    routeFetch({});
    const { user } = renderMenu('admin', makeMember({ role: 'admin' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit']);
  });

  it('offers no menu on someone who outranks you', () => {
    routeFetch({});
    renderMenu('admin', makeMember({ role: 'super admin' }));
    expect(screen.queryByRole('button', { name: 'Actions for Bea Builder' })).not.toBeInTheDocument();
  });
});
