import { viewMessages as m, type SavedView, UpdateViewSchema, VIEW_NAME_MAX } from '@shipyard/shared';
import { PencilIcon, PinIcon, PinOffIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { NameDialog } from '../../../components/name-dialog.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewWrites } from '../api/views.ts';

/** viewMessages.deleteConfirm in the reader's language (a test checks the English is the same). */
export const deleteViewText = (name: string) =>
  t('Delete the view "{{name}}"? Everyone it is shared with loses it.', { name });

/** Pins or unpins the view, with a toast when the server refuses (20 pins at most). */
export function usePinToggle() {
  const { pin } = useViewWrites();
  return {
    pending: pin.isPending,
    toggle: (view: SavedView) =>
      pin.mutate(
        { id: view.id, pinned: !view.pinned },
        { onError: (error) => toast.error(t(m.pinFailed), { description: getErrorMessage(error) }) },
      ),
  };
}

/** A view's "⋯" menu: pin or unpin; rename and delete for whoever may change it. */
export function ViewActionsMenu({
  view,
  onDeleted,
  triggerVariant,
}: {
  view: SavedView;
  onDeleted?: () => void;
  triggerVariant?: 'ghost' | 'outline';
}) {
  const { remove, update } = useViewWrites();
  const pin = usePinToggle();
  const [renaming, setRenaming] = useState(false);
  return (
    <>
      <RowActionsMenu
        label={t('Actions for {{name}}', { name: view.name })}
        triggerVariant={triggerVariant}
        actions={[
          {
            key: 'pin',
            label: view.pinned ? t('Unpin from sidebar') : t('Pin to sidebar'),
            icon: view.pinned ? <PinOffIcon aria-hidden="true" /> : <PinIcon aria-hidden="true" />,
            onSelect: () => pin.toggle(view),
            disabled: pin.pending,
          },
          view.canEdit && {
            key: 'rename',
            label: t('Rename'),
            icon: <PencilIcon aria-hidden="true" />,
            onSelect: () => setRenaming(true),
            opensDialog: true,
          },
        ]}
        confirm={
          view.canEdit && {
            label: t('Delete'),
            icon: <Trash2 aria-hidden="true" />,
            title: t('Delete view'),
            description: deleteViewText(view.name),
            pending: remove.isPending,
            onConfirm: confirmedDelete(
              () => remove.mutateAsync(view.id),
              { deleted: t(m.deleted), failed: t(m.deleteFailed) },
              onDeleted,
            ),
          }
        }
      />
      <NameDialog
        subject={renaming && view}
        onClose={() => setRenaming(false)}
        title={t('Rename view')}
        description={t('Everyone who sees the view sees the new name.')}
        submitLabel={t('Rename')}
        pending={update.isPending}
        schema={UpdateViewSchema}
        defaultValues={(of) => ({ name: of.name })}
        fields={['name']}
        nameMaxLength={VIEW_NAME_MAX}
        submit={(body, of) => update.mutateAsync({ id: of.id, ...body })}
        onSaved={() => toast.success(t(m.updated))}
        failureTitle={t(m.saveFailed)}
      />
    </>
  );
}
