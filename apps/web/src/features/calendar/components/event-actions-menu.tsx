import { type CalendarEvent, eventMessages as m } from '@shipyard/shared';
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
import { useDeleteEvent } from '../api/save-event.ts';

export type EventActionsMenuProps = {
  event: CalendarEvent;
  onEdit: (event: CalendarEvent) => void;
};

/** An event card's menu: Edit and Delete, for its creator and admins (the server's `canEdit`). */
export function EventActionsMenu({ event, onEdit }: EventActionsMenuProps) {
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);

  if (!event.canEdit) return null;

  function confirmDelete() {
    remove.mutateAsync(event).then(
      () => {
        toast.success(m.deletedToast);
        setConfirming(false);
      },
      (error: unknown) => {
        toast.error(m.deleteFailed, { description: getErrorMessage(error, m.deleteFailed) });
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
            className="size-8 shrink-0 text-muted-foreground data-[state=open]:bg-accent"
            aria-label={`Actions for ${event.title}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44" onCloseAutoFocus={onCloseAutoFocus}>
          <DropdownMenuItem onSelect={() => runAfterClose(() => onEdit(event))}>
            <Pencil aria-hidden="true" />
            Edit event
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => runAfterClose(() => setConfirming(true))}>
            <Trash2 aria-hidden="true" />
            Delete event
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={() => setConfirming(false)}
        title="Delete event"
        description={<>Are you sure you want to delete "{event.title}"? This action cannot be undone.</>}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocusRef={triggerRef}
      />
    </>
  );
}
