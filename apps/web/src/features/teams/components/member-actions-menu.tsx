import { teamMessages as m, type TeamMember } from '@shipyard/shared';
import { Crown, MoreHorizontal, UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useAfterMenuClose } from '../../../hooks/use-after-menu-close.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useSetTeamLead } from '../api/set-team-lead.ts';

export const memberActionsMessages = {
  removeTitle: 'Remove Member',
  removeDescription: (name: string, team: string) =>
    `Are you sure you want to remove ${name} from ${team}? They can be invited again later.`,
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
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);
  const canBeLead = member.status === 'active' && !member.is_lead;
  const name = member.user.name;

  function makeLead() {
    setLead.mutateAsync(member.user.id).then(
      () => toast.success(m.leadUpdated),
      (error: unknown) => toast.error(m.leadFailed, { description: getErrorMessage(error) }),
    );
  }

  function confirmRemove() {
    remove.mutateAsync(member.user.id).then(
      () => {
        toast.success(m.memberRemoved);
        setConfirming(false);
        onRemoved?.();
      },
      (error: unknown) => toast.error(getErrorMessage(error, m.removeFailed)),
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground data-[state=open]:bg-accent"
            aria-label={`Actions for ${name}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48" onCloseAutoFocus={onCloseAutoFocus}>
          <DropdownMenuItem disabled={!canBeLead || setLead.isPending} onSelect={makeLead}>
            <Crown aria-hidden="true" />
            Make Team Lead
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => runAfterClose(() => setConfirming(true))}>
            <UserMinus aria-hidden="true" />
            Remove Member
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={() => setConfirming(false)}
        title={memberActionsMessages.removeTitle}
        description={memberActionsMessages.removeDescription(name, teamName)}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={confirmRemove}
        returnFocusRef={triggerRef}
      />
    </>
  );
}
