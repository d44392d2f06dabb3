import {
  viewMessages as m,
  type SavedView,
  type UpdateView,
  UpdateViewSchema,
  VIEW_NAME_MAX,
} from '@shipyard/shared';
import { PencilIcon, PinIcon, PinOffIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewWrites } from '../api/views.ts';

/** Pins or unpins the view, with a toast when the server refuses (20 pins at most). */
export function usePinToggle() {
  const { pin } = useViewWrites();
  return {
    pending: pin.isPending,
    toggle: (view: SavedView) =>
      pin.mutate(
        { id: view.id, pinned: !view.pinned },
        { onError: (error) => toast.error(m.pinFailed, { description: getErrorMessage(error) }) },
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
  const { remove } = useViewWrites();
  const pin = usePinToggle();
  const [renaming, setRenaming] = useState(false);
  return (
    <>
      <RowActionsMenu
        label={`Actions for ${view.name}`}
        triggerVariant={triggerVariant}
        actions={[
          {
            key: 'pin',
            label: view.pinned ? 'Unpin from sidebar' : 'Pin to sidebar',
            icon: view.pinned ? <PinOffIcon aria-hidden="true" /> : <PinIcon aria-hidden="true" />,
            onSelect: () => pin.toggle(view),
            disabled: pin.pending,
          },
          view.canEdit && {
            key: 'rename',
            label: 'Rename',
            icon: <PencilIcon aria-hidden="true" />,
            onSelect: () => setRenaming(true),
            opensDialog: true,
          },
        ]}
        confirm={
          view.canEdit && {
            label: 'Delete',
            icon: <Trash2 aria-hidden="true" />,
            title: 'Delete view',
            description: m.deleteConfirm(view.name),
            pending: remove.isPending,
            onConfirm: confirmedDelete(
              () => remove.mutateAsync(view.id),
              { deleted: m.deleted, failed: m.deleteFailed },
              onDeleted,
            ),
          }
        }
      />
      <FormDialog open={renaming} onOpenChange={setRenaming} className="sm:max-w-md">
        <RenameViewForm view={view} onSaved={() => setRenaming(false)} />
      </FormDialog>
    </>
  );
}

function RenameViewForm({ view, onSaved }: { view: SavedView; onSaved: () => void }) {
  const { update } = useViewWrites();
  const { form, onSubmit } = useServerForm<{ name: string }, UpdateView, SavedView>({
    schema: UpdateViewSchema,
    defaultValues: { name: view.name },
    fields: ['name'],
    submit: (body) => update.mutateAsync({ id: view.id, ...body }),
    onSuccess: () => {
      toast.success(m.updated);
      onSaved();
    },
    failureTitle: m.saveFailed,
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title="Rename view"
      description="Everyone who sees the view sees the new name."
      pending={update.isPending}
      submitLabel="Rename"
    >
      <TextField
        control={form.control}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={VIEW_NAME_MAX}
      />
    </FormDialogForm>
  );
}
