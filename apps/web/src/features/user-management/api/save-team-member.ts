import type { AdminCreateUser, AdminUpdateUser, User } from '@shipyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamMemberKeys } from './get-team-members.ts';

/** POST /api/user/admin-create-users: the new user gets a temporary password by e-mail. */
function createTeamMember(body: AdminCreateUser): Promise<User> {
  return api.post<User>('/user/admin-create-users', body);
}

/** PATCH /api/user/update-user with the id and the form's fields. */
function updateTeamMember(body: AdminUpdateUser): Promise<User> {
  return api.patch<User>('/user/update-user', body);
}

/** DELETE /api/user/{id}. */
function deleteTeamMember(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/user/${encodeURIComponent(id)}`);
}

/**
 * The list is refreshed before the dialog closes; a person's name, role and membership also
 * show on other screens (assignees, teams, the signed-in user), which are marked stale.
 */
async function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== teamMemberKeys.all[0] });
  await queryClient.invalidateQueries({ queryKey: teamMemberKeys.all });
}

// The screen toasts (spec §8.2); these keep the caches true.

export function useCreateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeamMember, onSuccess: () => refreshAfterChange(queryClient) });
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeamMember, onSuccess: () => refreshAfterChange(queryClient) });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeamMember, onSuccess: () => refreshAfterChange(queryClient) });
}

/** POST /api/user/{id}/two-factor/reset: their second factor goes, and with it their sessions. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string }>(`/user/${encodeURIComponent(id)}/two-factor/reset`),
  });
}
