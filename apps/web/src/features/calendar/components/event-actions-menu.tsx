import { type CalendarEvent, eventMessages as m } from '@shipyard/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { useDeleteEvent } from '../api/save-event.ts';

export type EventActionsMenuProps = {
  event: CalendarEvent;
  onEdit: (event: CalendarEvent) => void;
};

/** An event card's menu: Edit and Delete, for its creator and admins (the server's `canEdit`). */
export function EventActionsMenu({ event, onEdit }: EventActionsMenuProps) {
  const remove = useDeleteEvent();

  if (!event.canEdit) return null;

  return (
    <RowActionsMenu
      label={`Actions for ${event.title}`}
      triggerClassName="size-8 shrink-0 text-muted-foreground data-[state=open]:bg-accent"
      contentClassName="w-44"
      actions={[
        {
          label: 'Edit event',
          icon: <Pencil aria-hidden="true" />,
          opensDialog: true,
          onSelect: () => onEdit(event),
        },
      ]}
      confirm={{
        label: 'Delete event',
        icon: <Trash2 aria-hidden="true" />,
        title: 'Delete event',
        description: (
          <>
            Are you sure you want to delete "{event.title}"?
            {event.recurrence ? ' It repeats: every date of it is deleted.' : ''} This action cannot be
            undone.
          </>
        ),
        pending: remove.isPending,
        onConfirm: confirmedDelete(() => remove.mutateAsync(event), {
          deleted: m.deletedToast,
          failed: m.deleteFailed,
        }),
      }}
    />
  );
}
