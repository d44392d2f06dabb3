import { teamMessages as m, type TeamMember } from '@shipyard/shared';
import { Crown, UserMinus } from 'lucide-react';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useSetTeamLead } from '../api/set-team-lead.ts';

const memberActionsMessages = {
  removeTitle: k('Remove Member'),
  removeDescription: (name: string, team: string) =>
    t('Are you sure you want to remove {{name}} from {{team}}? They can be invited again later.', {
      name,
      team,
    }),
} as const;

export type MemberActionsMenuProps = {
  teamId: string;
  teamName: string;
  member: TeamMember;
  /** After the member is removed (their row, holding the focus, is gone). */
  onRemoved?: () => void;
};

/**
 * The row menu of an admin or manager member (spec §2.11, §6): 'Make Team Lead', offered only
 * for an active member who is not already lead (spec §4), and 'Remove Member' after a confirmation.
 */
export function MemberActionsMenu({ teamId, teamName, member, onRemoved }: MemberActionsMenuProps) {
  const setLead = useSetTeamLead(teamId);
  const remove = useRemoveMember(teamId);
  const canBeLead = member.status === 'active' && !member.is_lead;
  const name = member.user.name;

  function makeLead() {
    setLead.mutateAsync(member.user.id).then(
      () => toast.success(t(m.leadUpdated)),
      (error: unknown) => toast.error(t(m.leadFailed), { description: getErrorMessage(error) }),
    );
  }

  function confirmRemove(close: () => void) {
    remove.mutateAsync(member.user.id).then(
      () => {
        toast.success(t(m.memberRemoved));
        close();
        onRemoved?.();
      },
      (error: unknown) => toast.error(getErrorMessage(error, t(m.removeFailed))),
    );
  }

  return (
    <RowActionsMenu
      label={t('Actions for {{name}}', { name })}
      actions={[
        {
          label: t('Make Team Lead'),
          icon: <Crown aria-hidden="true" />,
          disabled: !canBeLead || setLead.isPending,
          onSelect: makeLead,
        },
      ]}
      confirm={{
        label: t('Remove Member'),
        icon: <UserMinus aria-hidden="true" />,
        title: t(memberActionsMessages.removeTitle),
        description: memberActionsMessages.removeDescription(name, teamName),
        confirmLabel: t('Remove'),
        pendingLabel: t('Removing...'),
        pending: remove.isPending,
        onConfirm: confirmRemove,
      }}
    />
  );
}
