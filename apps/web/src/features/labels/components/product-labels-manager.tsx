import { LABEL_COLORS, LABEL_NAME_MAX, type Label, labelMessages } from '@shipyard/shared';
import { TagsIcon } from 'lucide-react';
import { useState } from 'react';
import { AddByName } from '../../../components/add-by-name.tsx';
import { ColorSwatches, nextColor } from '../../../components/color-swatches.tsx';
import {
  ConfirmRowDelete,
  editableRowClasses,
  RowColour,
  RowDeleteButton,
} from '../../../components/editable-row.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { InlineRename } from '../../../components/inline-rename.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useLabelWrites, useProductLabels } from '../api/labels.ts';

const labelManagerTexts = {
  open: k('Labels'),
  title: k('Labels'),
  description: k('Labels of this product: rename, recolour or delete them, or add new ones.'),
  newName: k('New label name'),
  add: k('Add label'),
  empty: k('No labels yet.'),
  loadFailed: k('Failed to load labels'),
  used: (count: number) => t('on {{count}} tasks', { count }),
} as const;

/** labelMessages.deleteConfirm in the reader's language (a test checks the English is the same). */
export const deleteLabelText = (name: string) =>
  t('Delete the label "{{name}}"? It is removed from every task that has it.', { name });

/**
 * The product's labels, for whoever manages the product (its creator, admins): a button beside
 * the Tasks tab's actions opening a dialog to add, rename, recolour and delete them. Nothing shows
 * to the others (the server refuses them anyway).
 */
export function ProductLabelsManager({ productId }: { productId: string }) {
  const labels = useProductLabels(productId);
  if (!labels.data?.canManage) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <TagsIcon aria-hidden="true" />
          {t(labelManagerTexts.open)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(labelManagerTexts.title)}</DialogTitle>
          <DialogDescription>{t(labelManagerTexts.description)}</DialogDescription>
        </DialogHeader>
        <LabelsEditor productId={productId} />
      </DialogContent>
    </Dialog>
  );
}

function LabelsEditor({ productId }: { productId: string }) {
  const labels = useProductLabels(productId);
  const writes = useLabelWrites(productId);
  const [toDelete, setToDelete] = useState<Label | undefined>();
  // The new label's colour: the first of the palette no label uses yet, unless one is picked.
  const [picked, setPicked] = useState<string | undefined>();
  if (labels.isError) {
    return (
      <ErrorState
        title={t(labelManagerTexts.loadFailed)}
        error={labels.error}
        onRetry={() => void labels.refetch()}
      />
    );
  }
  const all = labels.data?.data ?? [];
  const failed = (title: string) => (error: unknown) =>
    toast.error(t(title), { description: getErrorMessage(error) });
  const newColor =
    picked ??
    nextColor(
      LABEL_COLORS,
      all.map((label) => label.color),
    );

  return (
    <div className="grid gap-4">
      <AddByName
        label={t(labelManagerTexts.newName)}
        maxLength={LABEL_NAME_MAX}
        submitLabel={t(labelManagerTexts.add)}
        pending={writes.create.isPending}
        failureTitle={t(labelMessages.saveFailed)}
        onAdd={(name) =>
          writes.create.mutateAsync({ name, color: newColor }).then(() => {
            setPicked(undefined);
            toast.success(t(labelMessages.created));
          })
        }
      >
        <ColorSwatches
          colors={LABEL_COLORS}
          label={t('Colour of the new label')}
          value={newColor}
          onChange={setPicked}
        />
      </AddByName>
      {all.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t(labelManagerTexts.empty)}</p>
      ) : null}
      <ul aria-label={t('Labels')} className="grid max-h-[50vh] gap-1 overflow-y-auto">
        {all.map((label) => (
          <li key={label.id} className={editableRowClasses}>
            <RowColour
              name={label.name}
              color={label.color}
              colors={LABEL_COLORS}
              onChange={(color) =>
                void writes.update
                  .mutateAsync({ id: label.id, color })
                  .catch(failed(labelMessages.saveFailed))
              }
            />
            <InlineRename
              value={label.name}
              onRename={(name) =>
                writes.update
                  .mutateAsync({ id: label.id, name })
                  .then(() => toast.success(t(labelMessages.updated)), failed(labelMessages.saveFailed))
              }
              maxLength={LABEL_NAME_MAX}
              aria-label={t('Name of {{name}}', { name: label.name })}
              className="h-10 min-w-0 flex-1 sm:h-8"
            />
            <span className="shrink-0 text-end text-muted-foreground text-xs tabular-nums sm:min-w-16">
              {labelManagerTexts.used(label.tasks)}
            </span>
            <RowDeleteButton name={label.name} onClick={() => setToDelete(label)} />
          </li>
        ))}
      </ul>
      <ConfirmRowDelete
        item={toDelete}
        onClose={() => setToDelete(undefined)}
        title={t('Delete label?')}
        description={(label) => deleteLabelText(label.name)}
        pending={writes.remove.isPending}
        remove={(label) => writes.remove.mutateAsync(label.id)}
        texts={{ deleted: t(labelMessages.deleted), failed: t(labelMessages.deleteFailed) }}
      />
    </div>
  );
}
