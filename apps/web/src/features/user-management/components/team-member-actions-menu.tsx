import {
  canManageAccess,
  canManageUser,
  type DirectoryMember,
  userManagementMessages as m,
  type Role,
} from '@shipyard/shared';
import { Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteTeamMember, useResetTwoFactor } from '../api/save-team-member.ts';

/** Who is looking: `owner` when they are the instance's owner (GET /api/user/me, issue 27 #2). */
export type Viewer = { id: string; role: Role; owner?: boolean | undefined };

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
  const resetTwoFactor = useResetTwoFactor();
  const [resetting, setResetting] = useState(false);

  if (!canEdit) return <span className="inline-block size-8" aria-hidden="true" />;

  return (
    <>
      <RowActionsMenu
        label={t('Actions for {{name}}', { name: member.name })}
        contentClassName="w-48"
        actions={[
          {
            label: t('Edit'),
            icon: <Pencil aria-hidden="true" />,
            opensDialog: true,
            onSelect: () => onEdit(member),
          },
          // Like deleting, only from a higher rank (the server checks the same rule, decision 013).
          canDelete && {
            label: t('Reset two-factor'),
            icon: <ShieldOff aria-hidden="true" />,
            opensDialog: true,
            onSelect: () => setResetting(true),
          },
        ]}
        confirm={
          canDelete && {
            label: t('Delete'),
            icon: <Trash2 aria-hidden="true" />,
            title: t('Delete team member'),
            description: (
              <>
                {t(
                  'Are you sure you want to delete {{name}} ({{email}})? They lose access at once. This action cannot be undone.',
                  { name: member.name, email: member.email },
                )}
              </>
            ),
            pending: remove.isPending,
            onConfirm: confirmedDelete(() => remove.mutateAsync(member.id), {
              deleted: t(m.deleted),
              failed: t(m.deleteFailed),
              fallback: t(m.fallback),
            }),
          }
        }
      />
      <ConfirmDialog
        open={resetting}
        onOpenChange={setResetting}
        title={t('Reset two-factor sign-in')}
        description={t(
          '{{name}} is signed out everywhere and signs in with their password alone (or sets two-factor up again if it is required). Do this only once you know it is them.',
          { name: member.name },
        )}
        confirmLabel={t('Reset')}
        pendingLabel={t('Resetting...')}
        pending={resetTwoFactor.isPending}
        onConfirm={() =>
          resetTwoFactor.mutate(member.id, {
            onSuccess: () => {
              toast.success(t('Two-factor sign-in reset'), {
                description: t('{{name}} can sign in with their password.', { name: member.name }),
              });
              setResetting(false);
            },
            onError: (error) =>
              toast.error(t('Could not reset two-factor sign-in'), { description: getErrorMessage(error) }),
          })
        }
      />
    </>
  );
}
