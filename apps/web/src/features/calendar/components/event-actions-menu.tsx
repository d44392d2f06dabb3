import { type CalendarEvent, type EventScope, eventMessages as m } from '@shipyard/shared';
import { CalendarArrowUpIcon, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { RowAction } from '../../../components/row-actions-menu.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteEvent, useDeleteOccurrence } from '../api/save-event.ts';
import { OccurrenceScopeDialog } from './occurrence-scope-dialog.tsx';

export type EventActionsMenuProps = {
  event: CalendarEvent;
  /** Opens the form; `scope` when one date of a repeating event is edited. */
  onEdit: (event: CalendarEvent, scope?: EventScope) => void;
  /** Opens the "Move to date" dialog (issue 31: the keyboard's way to reschedule; this date only). */
  onMoveToDate?: ((event: CalendarEvent) => void) | undefined;
};

const editIcon = <Pencil aria-hidden="true" />;
const deleteIcon = <Trash2 aria-hidden="true" />;
const moveIcon = <CalendarArrowUpIcon aria-hidden="true" />;

/** The "Move to date" item, when the page offers it. */
const moveAction = (
  event: CalendarEvent,
  onMoveToDate: EventActionsMenuProps['onMoveToDate'],
): RowAction[] =>
  onMoveToDate
    ? [{ label: t('Move to date'), icon: moveIcon, opensDialog: true, onSelect: () => onMoveToDate(event) }]
    : [];

/**
 * An event card's menu: Edit and Delete, for its creator and admins (the server's `canEdit`).
 * On a date of a repeating event both ask first which dates they apply to.
 */
export function EventActionsMenu({ event, onEdit, onMoveToDate }: EventActionsMenuProps) {
  const remove = useDeleteEvent();
  const removeOccurrence = useDeleteOccurrence();
  const [asking, setAsking] = useState<'edit' | 'delete' | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  if (!event.canEdit) return null;

  const day = event.recurrence ? event.occurrenceDate : undefined;
  if (day) {
    const ask = (action: 'edit' | 'delete') => () => {
      // The menu has closed and handed focus back to its button.
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking(action);
    };
    const onChoose = (scope: EventScope) => {
      if (asking === 'edit') {
        setAsking(null);
        onEdit(event, scope);
        return;
      }
      const run =
        scope === 'all'
          ? remove.mutateAsync(event)
          : removeOccurrence.mutateAsync({ id: event.id, day, scope, productId: event.productId });
      run.then(
        () => {
          toast.success(t(m.deletedToast));
          setAsking(null);
        },
        (error: unknown) =>
          toast.error(t(m.deleteFailed), { description: getErrorMessage(error, t(m.deleteFailed)) }),
      );
    };
    return (
      <>
        <RowActionsMenu
          label={t('Actions for {{name}}', { name: event.title })}
          triggerClassName="size-8 shrink-0 text-muted-foreground data-[state=open]:bg-accent"
          contentClassName="w-44"
          actions={[
            { label: t('Edit event'), icon: editIcon, opensDialog: true, onSelect: ask('edit') },
            ...moveAction(event, onMoveToDate),
            {
              label: t('Delete event'),
              icon: deleteIcon,
              opensDialog: true,
              separated: true,
              destructive: true,
              onSelect: ask('delete'),
            },
          ]}
        />
        <OccurrenceScopeDialog
          action={asking}
          onClose={() => setAsking(null)}
          onChoose={onChoose}
          pending={remove.isPending || removeOccurrence.isPending}
          returnFocusRef={returnFocusRef}
        />
      </>
    );
  }

  return (
    <RowActionsMenu
      label={t('Actions for {{name}}', { name: event.title })}
      triggerClassName="size-8 shrink-0 text-muted-foreground data-[state=open]:bg-accent"
      contentClassName="w-44"
      actions={[
        { label: t('Edit event'), icon: editIcon, opensDialog: true, onSelect: () => onEdit(event) },
        ...moveAction(event, onMoveToDate),
      ]}
      confirm={{
        label: t('Delete event'),
        icon: deleteIcon,
        title: t('Delete event'),
        description: event.recurrence
          ? t(
              'Are you sure you want to delete "{{name}}"? It repeats: every date of it is deleted. This action cannot be undone.',
              { name: event.title },
            )
          : t('Are you sure you want to delete "{{name}}"? This action cannot be undone.', {
              name: event.title,
            }),
        pending: remove.isPending,
        onConfirm: confirmedDelete(() => remove.mutateAsync(event), {
          deleted: t(m.deletedToast),
          failed: t(m.deleteFailed),
        }),
      }}
    />
  );
}
