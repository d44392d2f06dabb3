import { LABEL_NAME_MAX, type Label, labelMessages } from '@shipyard/shared';
import { TagsIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useLabelWrites, useProductLabels } from '../api/labels.ts';
import { LabelColorPicker, nextLabelColor } from './label-color-picker.tsx';

const labelManagerTexts = {
  open: 'Labels',
  title: 'Labels',
  description: 'Labels of this product: rename, recolour or delete them, or add new ones.',
  newName: 'New label name',
  add: 'Add label',
  empty: 'No labels yet.',
  loadFailed: 'Failed to load labels',
  used: (n: number) => (n === 1 ? 'on 1 task' : `on ${n} tasks`),
} as const;

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
          {labelManagerTexts.open}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{labelManagerTexts.title}</DialogTitle>
          <DialogDescription>{labelManagerTexts.description}</DialogDescription>
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
  if (labels.isError) {
    return (
      <ErrorState
        title={labelManagerTexts.loadFailed}
        error={labels.error}
        onRetry={() => void labels.refetch()}
      />
    );
  }
  const all = labels.data?.data ?? [];
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: getErrorMessage(error) });

  return (
    <div className="grid gap-4">
      <NewLabel
        key={all.length}
        color={nextLabelColor(all.map((label) => label.color))}
        pending={writes.create.isPending}
        onCreate={(name, color) =>
          writes.create.mutateAsync({ name, color }).then(() => toast.success(labelMessages.created))
        }
      />
      {all.length === 0 ? <p className="text-muted-foreground text-sm">{labelManagerTexts.empty}</p> : null}
      <ul aria-label="Labels" className="grid max-h-[50vh] gap-3 overflow-y-auto">
        {all.map((label) => (
          <li key={label.id} className="grid gap-1.5 rounded-md border p-2">
            <div className="flex items-center gap-2">
              <Input
                // A new name from the server (another manager) redraws the field.
                key={label.name}
                defaultValue={label.name}
                maxLength={LABEL_NAME_MAX}
                aria-label={`Name of ${label.name}`}
                className="h-8"
                onBlur={(event) => {
                  const name = event.currentTarget.value.trim();
                  if (!name || name === label.name) return;
                  writes.update
                    .mutateAsync({ id: label.id, name })
                    .then(() => toast.success(labelMessages.updated), failed(labelMessages.saveFailed));
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.currentTarget.blur();
                }}
              />
              <span className="shrink-0 text-muted-foreground text-xs">
                {labelManagerTexts.used(label.tasks)}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${label.name}`}
                onClick={() => setToDelete(label)}
                className="size-8 shrink-0"
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
            <LabelColorPicker
              label={`Colour of ${label.name}`}
              value={label.color}
              onChange={(color) =>
                void writes.update
                  .mutateAsync({ id: label.id, color })
                  .catch(failed(labelMessages.saveFailed))
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== undefined}
        onOpenChange={(open) => !open && setToDelete(undefined)}
        title="Delete label?"
        description={toDelete ? labelMessages.deleteConfirm(toDelete.name) : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={writes.remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          writes.remove.mutateAsync(toDelete.id).then(() => {
            toast.success(labelMessages.deleted);
            setToDelete(undefined);
          }, failed(labelMessages.deleteFailed));
        }}
      />
    </div>
  );
}

function NewLabel({
  color: initialColor,
  pending,
  onCreate,
}: {
  color: string;
  pending: boolean;
  onCreate: (name: string, color: string) => Promise<unknown>;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(initialColor);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      await onCreate(name.trim(), color);
      setName('');
    } catch (error) {
      toast.error(labelMessages.saveFailed, { description: getErrorMessage(error) });
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-2">
      <div className="flex gap-2">
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={LABEL_NAME_MAX}
          placeholder={labelManagerTexts.newName}
          aria-label={labelManagerTexts.newName}
          className="h-8"
        />
        <Button type="submit" size="sm" disabled={!name.trim() || pending}>
          {labelManagerTexts.add}
        </Button>
      </div>
      <LabelColorPicker label="Colour of the new label" value={color} onChange={setColor} />
    </form>
  );
}
