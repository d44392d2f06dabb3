import { LABEL_COLORS, type Label, type LabelRef, labelMessages } from '@shipyard/shared';
import { CheckIcon, PlusIcon, TagIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { nextColor } from '../../../components/color-swatches.tsx';
import { LabelChips } from '../../../components/label-chips.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useLabelWrites, useProductLabels, useSetTaskLabels, useTaskLabels } from '../api/labels.ts';

const labelFieldTexts = {
  none: k('No labels'),
  edit: k('Edit labels'),
  search: k('Search labels'),
  noMatch: k('No labels match.'),
  noLabels: k('This product has no labels yet.'),
  create: (name: string) => t('Create “{{name}}”', { name }),
} as const;

type Props = { taskId: string; productId: string; canEdit: boolean };

/**
 * A task's labels as chips and, for those who may change them, a picker: search the product's
 * labels, tick them on and off (each change is saved at once), and — for whoever manages the
 * product — create a new one from the search text.
 */
export function TaskLabelsField({ taskId, productId, canEdit }: Props) {
  const taskLabels = useTaskLabels(taskId);
  if (taskLabels.isPending) return <Skeleton className="h-5 w-32" />;
  const labels = taskLabels.data?.labels ?? [];
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      {labels.length > 0 ? (
        <LabelChips labels={labels} max={20} />
      ) : (
        <span className="text-muted-foreground text-sm">{t(labelFieldTexts.none)}</span>
      )}
      {canEdit ? <LabelPicker taskId={taskId} productId={productId} selected={labels} /> : null}
    </div>
  );
}

function LabelPicker({
  taskId,
  productId,
  selected,
}: {
  taskId: string;
  productId: string;
  selected: readonly LabelRef[];
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const product = useProductLabels(open ? productId : undefined);
  const setLabels = useSetTaskLabels(taskId);
  const { create } = useLabelWrites(productId);
  const listId = useId();

  const all: Label[] = product.data?.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = useMemo(() => all.filter((label) => label.name.toLowerCase().includes(query)), [all, query]);
  const exact = all.some((label) => label.name.toLowerCase() === query);
  const selectedIds = selected.map((label) => label.id);

  const save = (labelIds: string[]) =>
    setLabels
      .mutateAsync(labelIds)
      .catch((error: unknown) =>
        toast.error(t(labelMessages.setFailed), { description: getErrorMessage(error) }),
      );

  const toggle = (id: string) =>
    save(selectedIds.includes(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id]);

  async function createAndAdd() {
    try {
      const made = await create.mutateAsync({
        name: search.trim(),
        color: nextColor(
          LABEL_COLORS,
          all.map((label) => label.color),
        ),
      });
      setSearch('');
      await save([...selectedIds, made.id]);
    } catch (error) {
      toast.error(t(labelMessages.saveFailed), { description: getErrorMessage(error) });
    }
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground">
          <TagIcon aria-hidden="true" />
          {t(labelFieldTexts.edit)}
        </Button>
      </Popover.Trigger>
      <PopoverContent className="grid w-64 gap-2 p-2 outline-none">
        <Input
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t(labelFieldTexts.search)}
          aria-label={t(labelFieldTexts.search)}
          aria-controls={listId}
          maxLength={50}
          className="h-8"
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              const first = shown[0];
              if (first) void toggle(first.id);
              else if (query && product.data?.canManage) void createAndAdd();
            }
          }}
        />
        {product.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <ul id={listId} aria-label={t('Labels')} className="grid max-h-60 gap-0.5 overflow-y-auto">
            {shown.map((label) => {
              const on = selectedIds.includes(label.id);
              return (
                <li key={label.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => void toggle(label.id)}
                    className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                  >
                    <span
                      aria-hidden="true"
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: label.color }}
                    />
                    <span className="min-w-0 flex-1 truncate">{label.name}</span>
                    <CheckIcon aria-hidden="true" className={cn('size-4', !on && 'invisible')} />
                  </button>
                </li>
              );
            })}
            {shown.length === 0 ? (
              <li className="px-2 py-1.5 text-muted-foreground text-sm">
                {t(all.length === 0 ? labelFieldTexts.noLabels : labelFieldTexts.noMatch)}
              </li>
            ) : null}
          </ul>
        )}
        {product.data?.canManage && query && !exact ? (
          <Button variant="outline" size="sm" onClick={() => void createAndAdd()} disabled={create.isPending}>
            <PlusIcon aria-hidden="true" />
            <span className="truncate">{labelFieldTexts.create(search.trim())}</span>
          </Button>
        ) : null}
      </PopoverContent>
    </Popover.Root>
  );
}
