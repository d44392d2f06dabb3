import {
  canManageAccess,
  canManageUser,
  type DirectoryMember,
  userManagementMessages as m,
  type Role,
} from '@shipyard/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { useDeleteTeamMember } from '../api/save-team-member.ts';

export type Viewer = { id: string; role: Role };

export type TeamMemberActionsMenuProps = {
  member: DirectoryMember;
  viewer: Viewer;
  onEdit: (member: DirectoryMember) => void;
};

/**
 * The menu of a row and a card (spec §2.12): Edit and Delete. Nobody changes someone who
 * outranks them, deletes a peer (decision 010) or themselves here (decision 003): those choices
 * are not offered, and a viewer who may do neither gets no menu.
 */
export function TeamMemberActionsMenu({ member, viewer, onEdit }: TeamMemberActionsMenuProps) {
  const canEdit = canManageUser(viewer.role, member.role);
  // Deleting is for a higher rank only: no admin deletes a peer admin (decision 010).
  const canDelete = canManageAccess(viewer.role, member.role) && member.id !== viewer.id;
  const remove = useDeleteTeamMember();

  if (!canEdit) return <span className="inline-block size-8" aria-hidden="true" />;

  return (
    <RowActionsMenu
      label={`Actions for ${member.name}`}
      contentClassName="w-40"
      actions={[
        {
          label: 'Edit',
          icon: <Pencil aria-hidden="true" />,
          opensDialog: true,
          onSelect: () => onEdit(member),
        },
      ]}
      confirm={
        canDelete && {
          label: 'Delete',
          icon: <Trash2 aria-hidden="true" />,
          title: 'Delete team member',
          description: (
            <>
              Are you sure you want to delete {member.name} ({member.email})? They lose access at once. This
              action cannot be undone.
            </>
          ),
          pending: remove.isPending,
          onConfirm: confirmedDelete(() => remove.mutateAsync(member.id), {
            deleted: m.deleted,
            failed: m.deleteFailed,
            fallback: m.fallback,
          }),
        }
      }
    />
  );
}
