import type { Role } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { choose } from '../../../test/user-input.ts';
import { TeamMemberFormDialog, type TeamMemberFormDialogProps } from './team-member-form-dialog.tsx';
import { makeMember, VIEWER_ID } from './test-members.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CREATE = 'POST /api/user/admin-create-users';
const UPDATE = 'PATCH /api/user/update-user';

function renderDialog(props: Partial<TeamMemberFormDialogProps> = {}, role: Role = 'admin') {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <TeamMemberFormDialog open onOpenChange={onOpenChange} viewer={{ id: VIEWER_ID, role }} {...props} />,
  );
  return { ...result, onOpenChange };
}

describe('TeamMemberFormDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("opens as 'Add New Team Member' with empty fields and the role defaulting to member", () => {
    routeFetch({});
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Add New Team Member' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Department' })).toHaveTextContent(
      'Select a department',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member (default)');
    expect(within(dialog).getByLabelText('Position')).toHaveValue('');
    expect(within(dialog).getByLabelText('Skills')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Add Team Member' })).toBeInTheDocument();
  });

  it('shows the spec messages for name, email and department, and sends nothing', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderDialog();

    await user.type(screen.getByLabelText('Name'), 'A');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));

    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please select a department.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/user/admin-create-users')).toHaveLength(0);
  });

  it('offers the roles an admin may grant, never one above their own', async () => {
    routeFetch({});
    const { user } = renderDialog();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Guest',
      'Member',
      'Admin',
    ]);
  });

  it("creates the member with role 'member' when none is chosen, toasts and closes", async () => {
    const fetchMock = routeFetch({ [CREATE]: jsonResponse(201, makeUser()) });
    const { user, onOpenChange } = renderDialog();

    await user.type(screen.getByLabelText('Name'), '  Nia New ');
    await user.type(screen.getByLabelText('Email'), 'Nia@Example.com');
    await choose(user, 'Department', 'HR');
    await user.type(screen.getByLabelText('Skills'), 'React, TypeScript{Enter}react,');
    expect(screen.getByRole('list', { name: 'Skills added' })).toHaveTextContent('ReactTypeScript');
    await user.click(screen.getByRole('button', { name: 'Remove TypeScript' }));
    await user.type(screen.getByLabelText('Skills'), 'SQL');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Team member added successfully.'));
    const [post] = callsTo(fetchMock, 'POST', '/api/user/admin-create-users');
    expect(sentJson(post?.init)).toEqual({
      name: 'Nia New',
      email: 'nia@example.com',
      department: 'hr',
      role: 'member',
      position: null,
      skills: ['React', 'SQL'],
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends the chosen role and position', async () => {
    const fetchMock = routeFetch({ [CREATE]: jsonResponse(201, makeUser()) });
    const { user } = renderDialog();

    await user.type(screen.getByLabelText('Name'), 'Gus Guest');
    await user.type(screen.getByLabelText('Email'), 'gus@example.com');
    await choose(user, 'Department', 'Marketing');
    await choose(user, 'Role', 'Guest');
    await user.type(screen.getByLabelText('Position'), 'Consultant');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/user/admin-create-users')).toHaveLength(1));
    const [post] = callsTo(fetchMock, 'POST', '/api/user/admin-create-users');
    expect(sentJson(post?.init)).toMatchObject({
      role: 'guest',
      position: 'Consultant',
      department: 'marketing',
    });
  });

  it("opens as 'Edit Team Member' with the member's values and patches them with the id", async () => {
    const fetchMock = routeFetch({ [UPDATE]: jsonResponse(200, makeUser()) });
    const member = makeMember();
    const { user, onOpenChange } = renderDialog({ member });

    const dialog = screen.getByRole('dialog', { name: 'Edit Team Member' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bea Builder');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('bea@example.com');
    expect(within(dialog).getByRole('combobox', { name: 'Department' })).toHaveTextContent('Design');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member');
    expect(within(dialog).getByLabelText('Position')).toHaveValue('Designer');
    expect(within(dialog).getByRole('list', { name: 'Skills added' })).toHaveTextContent('FigmaCSS');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Bea Boss');
    await choose(user, 'Role', 'Admin');
    await user.clear(screen.getByLabelText('Position'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Team member updated successfully.'));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/user/update-user');
    expect(sentJson(patch?.init)).toEqual({
      id: member.id,
      name: 'Bea Boss',
      email: 'bea@example.com',
      department: 'design',
      role: 'admin',
      position: null,
      skills: ['Figma', 'CSS'],
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps your own role out of reach when you edit yourself', async () => {
    const fetchMock = routeFetch({ [UPDATE]: jsonResponse(200, makeUser()) });
    const { user } = renderDialog({
      member: makeMember({ id: VIEWER_ID, name: 'Ada Admin', role: 'admin' }),
    });

    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/user/update-user')).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/user/update-user');
    expect(sentJson(patch?.init)).not.toHaveProperty('role');
  });

  it("leaves a peer admin's email and role alone, sending only their details (issue 13 #5)", async () => {
    const fetchMock = routeFetch({ [UPDATE]: jsonResponse(200, makeUser()) });
    const { user } = renderDialog({ member: makeMember({ role: 'admin' }) });

    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Only someone with a higher role can change this email.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/user/update-user')).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/user/update-user');
    expect(sentJson(patch?.init)).not.toHaveProperty('email');
    expect(sentJson(patch?.init)).not.toHaveProperty('role');
  });

  it("says that a member's new email signs them out until they confirm it", () => {
    routeFetch({});
    renderDialog({ member: makeMember() });
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    expect(
      screen.getByText('A new email signs them out until they confirm it from their inbox.'),
    ).toBeInTheDocument();
  });

  it("toasts 'Error' with the server's message and stays open when the save fails", async () => {
    routeFetch({ [UPDATE]: apiError(403, 'FORBIDDEN', 'You cannot grant a role above your own.') });
    const { user, onOpenChange } = renderDialog({ member: makeMember() });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'You cannot grant a role above your own.',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'An error occurred' when the server gives no message", async () => {
    routeFetch({ [UPDATE]: new Response('oops', { status: 500 }) });
    const { user } = renderDialog({ member: makeMember() });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'An error occurred' }),
    );
  });

  it('puts a taken e-mail on the email field instead of toasting', async () => {
    routeFetch({ [CREATE]: apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists') });
    const { user } = renderDialog();

    await user.type(screen.getByLabelText('Name'), 'Dup User');
    await user.type(screen.getByLabelText('Email'), 'dup@example.com');
    await choose(user, 'Department', 'Data');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));

    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
