import { CHECKLIST_TITLE_MAX, type ChecklistItem } from '@shipyard/shared';
import { PlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { AddByName } from '../../../components/add-by-name.tsx';
import { RowDeleteButton } from '../../../components/editable-row.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { InlineRename } from '../../../components/inline-rename.tsx';
import { SortableList, SortableRow } from '../../../components/sortable-list.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useChecklist, useChecklistChange } from '../api/checklist.ts';

const checklistTexts = {
  title: k('Checklist'),
  addLabel: k('Add an item'),
  addPlaceholder: k('Add an item…'),
  loadFailed: k('Failed to load the checklist'),
  empty: k('No items yet.'),
  reorderHint: k('Alt+Up and Alt+Down move the focused item.'),
} as const;

type Props = { taskId: string; canEdit: boolean };

/**
 * A task's checklist (issue 15): tick, add, rename in place, delete, and reorder by dragging the
 * handle or with Alt+Up / Alt+Down on any focused item (announced to screen readers). Without
 * `canEdit` it is read only.
 */
export function TaskChecklist({ taskId, canEdit }: Props) {
  const checklist = useChecklist(taskId);
  const change = useChecklistChange(taskId);

  if (checklist.isPending) return <ChecklistSkeleton />;
  if (checklist.isError) {
    return (
      <ErrorState
        title={t(checklistTexts.loadFailed)}
        error={checklist.error}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    );
  }
  const { items, done, total } = checklist.data;

  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <section aria-labelledby={`checklist-${taskId}`} className="grid gap-3">
      <div className="flex items-center gap-3">
        <h2 id={`checklist-${taskId}`} className="font-medium text-sm">
          {t(checklistTexts.title)}
        </h2>
        <span className="text-muted-foreground text-xs tabular-nums">
          {done}/{total}
        </span>
        <div
          role="progressbar"
          aria-label={t('Checklist progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={t('{{done}} of {{total}} done', { done, total })}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {items.length === 0 ? <p className="text-muted-foreground text-sm">{t(checklistTexts.empty)}</p> : null}
      <SortableList
        items={items.map((item) => ({ id: item.id, name: item.title }))}
        onMove={(from, to) => {
          const item = items[from];
          if (item) change.mutate({ kind: 'move', id: item.id, position: to });
        }}
        disabled={!canEdit}
        hint={t(checklistTexts.reorderHint)}
        aria-label={t(checklistTexts.title)}
        className="grid gap-0.5"
      >
        {items.map((item) => (
          <ChecklistRow
            key={item.id}
            item={item}
            canEdit={canEdit}
            onChange={(patch) => change.mutate({ kind: 'update', id: item.id, patch })}
            onRemove={() => change.mutate({ kind: 'remove', id: item.id })}
          />
        ))}
      </SortableList>
      {canEdit ? (
        <AddByName
          label={t(checklistTexts.addLabel)}
          placeholder={t(checklistTexts.addPlaceholder)}
          maxLength={CHECKLIST_TITLE_MAX}
          submitVariant="outline"
          submitLabel={
            <>
              <PlusIcon aria-hidden="true" />
              {t('Add')}
            </>
          }
          onAdd={(title) => change.mutateAsync({ kind: 'add', title })}
        />
      ) : null}
    </section>
  );
}

function ChecklistRow({
  item,
  canEdit,
  onChange,
  onRemove,
}: {
  item: ChecklistItem;
  canEdit: boolean;
  onChange: (patch: { title?: string; done?: boolean }) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  // Enter or Escape ends a rename on the title again; a click elsewhere leaves focus there.
  const refocus = useRef(false);
  const textClasses = cn(
    'min-w-0 flex-1 break-words py-1 text-sm',
    item.done && 'text-muted-foreground line-through',
  );

  return (
    <SortableRow
      id={item.id}
      name={item.title}
      disabled={!canEdit}
      data-item={item.id}
      className="group flex min-h-9 items-center gap-2 rounded-md px-1 hover:bg-muted/50"
    >
      <Checkbox
        checked={item.done}
        disabled={!canEdit}
        onCheckedChange={(checked) => onChange({ done: checked === true })}
        aria-label={item.title}
      />
      {editing ? (
        <InlineRename
          autoFocus
          data-own-escape=""
          value={item.title}
          onRename={(title) => onChange({ title })}
          onDone={(byKey) => {
            if (byKey) refocus.current = true;
            setEditing(false);
          }}
          maxLength={CHECKLIST_TITLE_MAX}
          aria-label={t('Rename {{name}}', { name: item.title })}
          className="h-8 flex-1"
        />
      ) : canEdit ? (
        <button
          ref={(button) => {
            if (button && refocus.current) {
              refocus.current = false;
              button.focus();
            }
          }}
          type="button"
          onClick={() => setEditing(true)}
          title={t('Rename')}
          className={cn(
            textClasses,
            'rounded-sm text-start outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          )}
        >
          {item.title}
        </button>
      ) : (
        <span className={textClasses}>{item.title}</span>
      )}
      {canEdit && !editing ? (
        <RowDeleteButton
          name={item.title}
          onClick={onRemove}
          className="text-muted-foreground focus-visible:opacity-100 sm:size-7 sm:opacity-0 sm:group-hover:opacity-100"
        />
      ) : null}
    </SortableRow>
  );
}

function ChecklistSkeleton() {
  return (
    <div className="grid gap-2">
      <span role="status" className="sr-only">
        {t('Loading the checklist')}
      </span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-4/5" />
    </div>
  );
}
