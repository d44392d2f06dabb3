import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { TeamMemberFormDialog } from './team-member-form-dialog.tsx';
import { makeMember, VIEWER_ID } from './test-members.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const sentJson = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

async function choose(user: UserEvent, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function renderFor(owner: boolean) {
  return renderWithProviders(
    <TeamMemberFormDialog
      open
      onOpenChange={vi.fn()}
      viewer={{ id: VIEWER_ID, role: 'super admin', owner }}
      member={makeMember({ role: 'super admin', name: 'Ray Rogue' })}
    />,
  );
}

describe("the owner and another super admin's role (issue 27 #2)", () => {
  it("lets the owner change another super admin's role, not their e-mail", async () => {
    const fetchMock = routeFetch({ 'PATCH /api/user/update-user': jsonResponse(200, makeUser()) });
    const { user } = renderFor(true);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeEnabled();
    await choose(user, 'Role', 'Member');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/user/update-user')).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/user/update-user');
    expect(sentJson(patch?.init)).toMatchObject({ role: 'member' });
    expect(sentJson(patch?.init)).not.toHaveProperty('email');
  });

  it('locks it for a super admin who is not the owner', () => {
    routeFetch({});
    renderFor(false);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByText('Only someone with a higher role can change this role.')).toBeInTheDocument();
  });
});
