import { type CalendarEvent, eventMessages as m } from '@shipyard/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
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

  if (!event.canEdit) return null;

  function confirmDelete(close: () => void) {
    remove.mutateAsync(event).then(
      () => {
        toast.success(m.deletedToast);
        close();
      },
      (error: unknown) => {
        toast.error(m.deleteFailed, { description: serverMessage(error, m.deleteFailed) });
      },
    );
  }

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
        description: <>Are you sure you want to delete "{event.title}"? This action cannot be undone.</>,
        pending: remove.isPending,
        onConfirm: confirmDelete,
      }}
    />
  );
}
