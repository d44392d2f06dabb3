import { type CalendarEvent, eventMessages as m } from '@shipyard/shared';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { serverMessage } from '../../../lib/form-errors.ts';
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
  // A dialog opened from a menu item waits until the menu has handed focus back to its trigger.
  const afterClose = useRef<(() => void) | null>(null);

  if (!event.canEdit) return null;

  function confirmDelete() {
    remove.mutateAsync(event).then(
      () => {
        toast.success(m.deletedToast);
        setConfirming(false);
      },
      (error: unknown) => {
        toast.error(m.deleteFailed, { description: serverMessage(error, m.deleteFailed) });
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
        <DropdownMenuContent
          align="end"
          className="w-44"
          onCloseAutoFocus={(e) => {
            const action = afterClose.current;
            if (!action) return;
            afterClose.current = null;
            e.preventDefault();
            triggerRef.current?.focus();
            action();
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              afterClose.current = () => onEdit(event);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit event
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => {
              afterClose.current = () => setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete event
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
      >
        <AlertDialogContent
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (triggerRef.current?.isConnected) triggerRef.current.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete event</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete "{event.title}"? This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(e) => {
                // Stay open until the server answers.
                e.preventDefault();
                confirmDelete();
              }}
            >
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
