import {
  canManageAccess,
  canManageUser,
  type DirectoryMember,
  userManagementMessages as m,
  type Role,
} from '@shipyard/shared';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
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
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);

  if (!canEdit) return <span className="inline-block size-8" aria-hidden="true" />;

  function confirmDelete() {
    remove.mutateAsync(member.id).then(
      () => {
        toast.success(m.deleted);
        setConfirming(false);
      },
      (error: unknown) => {
        toast.error(m.deleteFailed, { description: getErrorMessage(error, m.fallback) });
      },
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
            aria-label={`Actions for ${member.name}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-40" onCloseAutoFocus={onCloseAutoFocus}>
          <DropdownMenuItem onSelect={() => runAfterClose(() => onEdit(member))}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          {canDelete ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                onSelect={() => runAfterClose(() => setConfirming(true))}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={() => setConfirming(false)}
        title="Delete team member"
        description={
          <>
            Are you sure you want to delete {member.name} ({member.email})? They lose access at once. This
            action cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocusRef={triggerRef}
      />
    </>
  );
}
