import { type BulkTaskChange, taskMessages as m, type Task, trashMessages } from '@shipyard/shared';
import { useQueries } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useCallback, useMemo, useState } from 'react';
import { type ChipOption, ChipOptions } from '../../../components/chip-picker.tsx';
import { DueDateInput } from '../../../components/due-date-input.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductLabels } from '../../../lib/product-labels.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { useProductStates } from '../../../lib/product-states.ts';
import { toast } from '../../../lib/toast.ts';
import { type BulkChange, useBulkTaskChange } from '../api/bulk-update.ts';
import { taskOptionsQueryOptions } from '../api/get-task-options.ts';
import { priorityOptions, statusOptions } from './task-form-chips.tsx';
import { stateName } from './task-texts.ts';

// The keyboard's pickers (issue 30): a small list that filters as you type (the create dialog's
// chip list), or the due date's words; Enter applies to every target in one request, one Undo.

export type PickerKind = 'status' | 'assignee' | 'priority' | 'due' | 'labels' | 'move';

/** A task's row (or card) on the page, when rendered. */
export const taskRowOf = (id: string) => document.querySelector(`[data-task-id="${CSS.escape(id)}"]`);

/** "Status set to High for 3 tasks", "Status for 1 task". */
const forTasks = (what: string, count: number) => t('{{what}} for {{count}} tasks', { what, count });

/** What a change did: "Status set to High" (said "… for 3 tasks"), or the whole sentence for a count. */
type Said = string | ((count: number) => string);

/** Answers whether the change was made (a task's page leaves once its task went to the trash). */
export type BulkApply = (targets: readonly Task[], change: BulkChange, what: Said) => Promise<boolean>;

/**
 * Applies a change to the targets in one request, then says so ("Status set to In Progress for
 * 3 tasks", "3 tasks moved to the trash") in a toast with Undo and to screen readers (`announce`).
 */
export function useBulkApply(announce: (text: string) => void): BulkApply {
  const send = useBulkTaskChange();
  return useCallback(
    async (targets, change, what) => {
      const text = typeof what === 'string' ? forTasks(what, targets.length) : what(targets.length);
      const failed = t('trash' in change ? m.deleteFailed : m.updateFailed);
      try {
        const undo = await send(
          targets.map((t) => t.id),
          change,
        );
        announce(text);
        toast.undoable(text, {
          undo: async () => {
            await undo();
            announce(t('Undone: {{change}}', { change: text }));
          },
          undoFailed: t('trash' in change ? trashMessages.restoreFailed : m.updateFailed),
        });
        return true;
      } catch (error) {
        const description = getErrorMessage(error, t(m.fallback));
        announce(t('{{title}}: {{description}}', { title: failed, description }));
        toast.error(failed, { description });
        return false;
      }
    },
    [send, announce],
  );
}

/**
 * What a pick changes and what is said of it, for the pickers and the palette's pages alike
 * ("Priority set to Critical"; `due` is YYYY-MM-DD, '' to clear it).
 */
export const picked = {
  status: (change: BulkTaskChange, o: ChipOption): [BulkChange, string] => [
    change,
    t('Status set to {{status}}', { status: o.label }),
  ],
  priority: (o: ChipOption): [BulkChange, string] => [
    { priority: o.value as BulkTaskChange['priority'] },
    t('Priority set to {{priority}}', { priority: o.label }),
  ],
  assignee: (o: ChipOption): [BulkChange, string] => [
    { assigneeId: o.value || null },
    o.value ? t('Assigned to {{name}}', { name: o.label }) : t('Unassigned'),
  ],
  due: (due: string): [BulkChange, string] => [
    { dueDate: due || null },
    due ? t('Due date set to {{date}}', { date: formatDate(due) }) : t('Due date cleared'),
  ],
  move: (o: ChipOption): [BulkChange, Said] => [
    { moveTo: o.value },
    (n) => t('{{count}} tasks moved to {{product}}', { count: n, product: o.label }),
  ],
};

/**
 * The targets to the trash in one request, with Undo (no confirm: the toast's Undo and the trash
 * are the safety); then `after`, once they went (a task's page leaves).
 */
export async function trashTasks(apply: BulkApply, targets: readonly Task[], after?: () => void) {
  const said = (count: number) => t('{{count}} tasks moved to the trash', { count });
  if (await apply(targets, { trash: true }, said)) after?.();
}

/** Marked with k(), translated with t() where shown. */
const TITLES: Record<PickerKind, string> = {
  status: k('Status'),
  assignee: k('Assignee'),
  priority: k('Priority'),
  due: k('Due date'),
  labels: k('Labels'),
  move: k('Product'),
};

/** The one product of the targets, when they share one. */
export function soleProduct(targets: readonly Task[]): string | undefined {
  const ids = new Set(targets.map((t) => t.projectId));
  return ids.size === 1 ? targets[0]?.projectId : undefined;
}

/** The status options: the product's workflow states when it has them (issue 29), else the three statuses. */
export function useStatusChoices(targets: readonly Task[], enabled = true) {
  const query = useProductStates(enabled ? soleProduct(targets) : undefined);
  const states = query.data?.data ?? [];
  // Until the product's states are known, no choice (a bare status would not be its state).
  if (query.isLoading) return { options: [], change: (value: string) => ({ stateId: value }) };
  if (states.length === 0) {
    return { options: statusOptions, change: (value: string) => ({ status: value }) as BulkTaskChange };
  }
  return {
    options: states.map((state) => ({ value: state.id, label: stateName(state.name) })),
    change: (value: string) => ({ stateId: value }),
  };
}

/**
 * The labels of the targets' product (labels are a product's; tasks of several products have
 * none in common), each put on every target, or taken off when every target has it.
 */
export function useLabelChoices(targets: readonly Task[], enabled = true) {
  const labels = useProductLabels(enabled ? soleProduct(targets) : undefined).data?.data ?? [];
  return {
    options: labels.map((label) => ({ value: label.id, label: label.name })),
    change: (id: string, name: string): [BulkChange, string] =>
      targets.every((t) => t.labels.some((l) => l.id === id))
        ? [{ labels: { removeLabels: [id] } }, t('Label {{name}} removed', { name })]
        : [{ labels: { addLabels: [id] } }, t('Label {{name}} added', { name })],
  };
}

/** People every target's product may assign (an assignee must be of each task's product). */
export function useAssigneeChoices(targets: readonly Task[], enabled: boolean): ChipOption[] {
  const productIds = useMemo(() => [...new Set(targets.map((t) => t.projectId))], [targets]);
  const answers = useQueries({
    queries: productIds.map((id) => ({ ...taskOptionsQueryOptions(id), enabled })),
  });
  const lists = answers.map((a) => a.data?.assignees ?? []);
  const [first = [], ...rest] = lists;
  const people = first.filter((p) => rest.every((list) => list.some((q) => q.id === p.id)));
  return [{ value: '', label: t('Unassigned') }, ...people.map((p) => ({ value: p.id, label: p.name }))];
}

/** The products the targets may move to: those the viewer sees (not archived), less their own. */
export function useMoveChoices(targets: readonly Task[], enabled: boolean): ChipOption[] {
  const products = useProductOptions(enabled).data;
  const own = soleProduct(targets);
  if (!enabled) return [];
  return (products ?? []).filter((p) => p.id !== own).map((p) => ({ value: p.id, label: p.name }));
}

/**
 * A popover's anchor beside `anchorElement` (on a task's page, the property it changes) or the row
 * of `anchorId` (when rendered), else a third down the middle of the window: a virtual list may
 * not render the row.
 */
export function useRowAnchor(anchorId: string | undefined, anchorElement?: () => Element | null) {
  return useMemo(
    () => ({
      current: {
        getBoundingClientRect: () => {
          const row = anchorElement?.() ?? (anchorId ? taskRowOf(anchorId) : null);
          return (
            row?.getBoundingClientRect() ?? new DOMRect(window.innerWidth / 2, window.innerHeight / 3, 0, 0)
          );
        },
      },
    }),
    [anchorId, anchorElement],
  );
}

type Props = {
  kind: PickerKind | undefined;
  targets: readonly Task[];
  /** The row it opens beside. */
  anchorId: string | undefined;
  /** What it opens beside instead of the row (on a task's page, the property it changes). */
  anchorElement?: (() => Element | null) | undefined;
  /** Opened from a menu: focus goes back to its button when it closes (a key's picker leaves it). */
  returnFocus?: HTMLElement | undefined;
  onClose: () => void;
  apply: BulkApply;
};

export function TaskBulkPicker({
  kind,
  targets,
  anchorId,
  anchorElement,
  returnFocus,
  onClose,
  apply,
}: Props) {
  const status = useStatusChoices(targets);
  const people = useAssigneeChoices(targets, kind === 'assignee');
  const labels = useLabelChoices(targets);
  const products = useMoveChoices(targets, kind === 'move');
  const [due, setDue] = useState('');
  const anchor = useRowAnchor(anchorId, anchorElement);
  if (!kind) return null;
  const title = t(TITLES[kind]);
  const done = (change: BulkChange, what: Said) => {
    onClose();
    void apply(targets, change, what);
  };
  const list = (options: readonly ChipOption[], pick: (option: ChipOption) => void) => (
    <ChipOptions
      label={title}
      options={options}
      chosen={[]}
      onPick={(value) => {
        const option = options.find((o) => o.value === value);
        if (option) pick(option);
      }}
    />
  );

  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <PopoverContent
        align="start"
        className="w-64 p-0"
        aria-label={forTasks(title, targets.length)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus?.focus();
        }}
      >
        {kind === 'status'
          ? list(status.options, (o) => done(...picked.status(status.change(o.value), o)))
          : kind === 'priority'
            ? list(priorityOptions, (o) => done(...picked.priority(o)))
            : kind === 'assignee'
              ? list(people, (o) => done(...picked.assignee(o)))
              : kind === 'labels'
                ? list(labels.options, (o) => done(...labels.change(o.value, o.label)))
                : kind === 'move'
                  ? list(products, (o) => done(...picked.move(o)))
                  : null}
        {kind === 'move' ? (
          <p className="border-t px-3 py-2 text-muted-foreground text-xs">
            {t(
              'Their team stays behind, anyone not in the new product is unassigned, and labels are taken off. Undo puts it all back.',
            )}
          </p>
        ) : null}
        {kind === 'due' ? (
          <div className="grid gap-2 p-3">
            <p className="font-medium text-sm">{title}</p>
            <DueDateInput
              value={due}
              onChange={setDue}
              aria-label={title}
              autoFocus
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || !/^\d{4}-\d{2}-\d{2}$|^$/.test(due)) return;
                event.preventDefault();
                setDue('');
                done(...picked.due(due));
              }}
            />
          </div>
        ) : null}
      </PopoverContent>
    </Popover.Root>
  );
}
