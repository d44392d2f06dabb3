import type { Task } from '@shipyard/shared';
import { addDays, format } from 'date-fns';
import {
  CalendarIcon,
  CircleDotIcon,
  FolderInputIcon,
  HashIcon,
  LinkIcon,
  PencilIcon,
  SignalHighIcon,
  TagIcon,
  Trash2Icon,
  UserCheckIcon,
  UserIcon,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { dueDateTexts } from '../../../components/due-date-input.tsx';
import { parseDueDate } from '../../../lib/due-date.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import {
  type PaletteAction,
  type PaletteContext,
  type PaletteOption,
  type PalettePage,
  usePublishPaletteContext,
} from '../../../lib/palette-context.ts';
import { actionKeyText, type TaskKeyPlace, type TaskShortcutAction } from '../../../lib/task-shortcuts.ts';
import type { BulkChange } from '../api/bulk-update.ts';
import {
  type BulkApply,
  picked,
  soleProduct,
  trashTasks,
  useAssigneeChoices,
  useLabelChoices,
  useMoveChoices,
  useStatusChoices,
} from './task-bulk-picker.tsx';
import { priorityOptions } from './task-form-chips.tsx';
import { useTaskCopy } from './use-task-copy.ts';

// Issue 30: the tasks in front of the user (a list's focused or selected tasks, the task page's
// task) offered to the command palette, with what the keyboard's pickers offer: the same option
// sources, the same one-request change with one Undo (`apply`, useBulkApply's).

type Options = {
  targets: readonly Task[];
  viewer: { id: string };
  /** Whether the viewer may change these tasks (their role; not an archived product's). */
  canEdit: boolean;
  /** The group's heading: '2 selected tasks', or the task's key and title. */
  heading: string;
  apply: BulkApply;
  /** Where the keys act on these tasks, if they do: the palette shows them beside the actions. */
  keysOf?: TaskKeyPlace;
  /** What `e` does to one task there (a list's title popover, the page's title in place). */
  editTitle?: (task: Task) => void;
  /** After the targets went to the trash (a task's page leaves). */
  afterTrash?: (() => void) | undefined;
};

/** 'Change status' for the page that 'Change status…' opens. */
const titleOf = (label: string) => label.replace(/…$/, '');

/** The days offered before anything is typed, as YYYY-MM-DD from today. */
const dueSuggestions = (now: Date): PaletteOption[] =>
  (
    [
      [t('Today'), 0],
      [t('Tomorrow'), 1],
      [t('In a week'), 7],
    ] as const
  ).map(([label, days]) => {
    const value = format(addDays(now, days), 'yyyy-MM-dd');
    return { value, label, hint: formatDate(value) };
  });

function dueFromText(text: string): PaletteOption[] {
  const day = parseDueDate(text);
  return day ? [{ value: day, label: formatDate(day) }] : [];
}

/** The heading of a list's targets: the selection's size, or the focused task. */
export function taskTargetsHeading(targets: readonly Task[], selected: boolean): string {
  const [only] = targets;
  if (!selected && only) return `${only.key} ${only.title}`;
  return t('{{count}} selected tasks', { count: targets.length });
}

/**
 * Publishes the targets' actions to the palette (nothing without targets): only what the viewer may
 * do; the copy actions for one task alone.
 */
export function useTaskPaletteActions({
  targets,
  viewer,
  canEdit,
  heading,
  apply,
  keysOf,
  editTitle,
  afterTrash,
}: Options) {
  // The choices are read once the palette shows these actions, not for every task focused.
  const [shown, setShown] = useState(false);
  const status = useStatusChoices(targets, shown);
  const people = useAssigneeChoices(targets, shown);
  const labels = useLabelChoices(targets, shown);
  const products = useMoveChoices(targets, shown && canEdit);
  const { copyLink, copyKey } = useTaskCopy();

  const key = (action: TaskShortcutAction) => {
    const text = keysOf ? actionKeyText(action, keysOf) : undefined;
    return text ? { shortcut: text } : {};
  };
  const opens = (
    action: TaskShortcutAction,
    label: string,
    icon: PaletteAction['icon'],
    page: Omit<PalettePage, 'title' | 'placeholder'> & { placeholder?: string },
  ): PaletteAction => ({
    id: action,
    label,
    icon,
    ...key(action),
    page: { title: titleOf(label), placeholder: `${titleOf(label)}…`, ...page },
  });
  const runs = (action: TaskShortcutAction, label: string, icon: PaletteAction['icon'], run: () => void) => ({
    id: action,
    label,
    icon,
    ...key(action),
    run,
  });
  const send = (what: [BulkChange, string]) => void apply(targets, ...what);

  const [only] = targets;
  const editing: PaletteAction[] = [
    opens('status', t('Change status…'), CircleDotIcon, {
      options: status.options,
      onPick: (o) => send(picked.status(status.change(o.value), o)),
    }),
    opens('priority', t('Set priority…'), SignalHighIcon, {
      options: priorityOptions,
      onPick: (o) => send(picked.priority(o)),
    }),
    opens('assignee', t('Assign to…'), UserIcon, {
      options: people,
      onPick: (o) => send(picked.assignee(o)),
    }),
    ...(targets.every((t) => t.assigneeId === viewer.id)
      ? []
      : [
          runs('assignMe', t('Assign to me'), UserCheckIcon, () =>
            send([{ assigneeId: viewer.id }, t('Assigned to you')]),
          ),
        ]),
    // Labels are a product's: tasks of several products have none in common.
    ...(soleProduct(targets)
      ? [
          opens('labels', t('Add label…'), TagIcon, {
            options: labels.options.map((o) => ({
              ...o,
              checked: targets.every((t) => t.labels.some((l) => l.id === o.value)),
            })),
            empty: t('This product has no labels.'),
            onPick: (o) => send(labels.change(o.value, o.label)),
          }),
        ]
      : []),
    opens('due', t('Set due date…'), CalendarIcon, {
      placeholder: dueDateTexts.placeholder,
      options: [
        ...dueSuggestions(new Date()),
        ...(targets.some((t) => t.dueDate) ? [{ value: '', label: t('No due date') }] : []),
      ],
      fromText: dueFromText,
      empty: dueDateTexts.noMatch,
      onPick: (o) => send(picked.due(o.value)),
    }),
    ...(editTitle && only && targets.length === 1
      ? [runs('editTitle', t('Edit title…'), PencilIcon, () => editTitle(only))]
      : []),
    // The `m` picker's products (those the viewer sees, less the targets' own), applied as it applies them.
    opens('move', t('Move to…'), FolderInputIcon, {
      options: products,
      empty: t('No other product to move to.'),
      onPick: (o) => void apply(targets, ...picked.move(o)),
    }),
    runs('delete', t('Move to the trash'), Trash2Icon, () => void trashTasks(apply, targets, afterTrash)),
  ];
  const actions: PaletteAction[] =
    targets.length === 0
      ? []
      : [
          ...(canEdit ? editing : []),
          ...(only && targets.length === 1
            ? [
                runs('copyLink', t('Copy link'), LinkIcon, () => void copyLink(only)),
                runs('copyKey', t('Copy key'), HashIcon, () => void copyKey(only)),
              ]
            : []),
        ];

  usePublishPaletteContext(
    useStablePublication(
      actions.length > 0 ? { heading, actions, onShow: () => setShown(true) } : undefined,
      targets,
    ),
  );
}

/**
 * The publication is rebuilt on every render (its option lists are new arrays each time); it is
 * published again only when what it shows or acts on changed, not on each render of the list.
 */
function useStablePublication(context: PaletteContext | undefined, targets: readonly Task[]) {
  const signature = JSON.stringify([
    context?.heading,
    targets.map((t) => [t.id, t.updatedAt, t.assigneeId, t.dueDate, t.labels.map((l) => l.id)]),
    context?.actions.map((a) => [
      a.id,
      a.label,
      a.shortcut,
      a.page?.options.map((o) => [o.value, o.label, o.hint, o.checked]),
    ]),
  ]);
  const last = useRef<{ signature: string; context: PaletteContext | undefined }>({
    signature: '',
    context: undefined,
  });
  if (last.current.signature !== signature) last.current = { signature, context };
  return last.current.context;
}
