import { canEditTasks, type Task } from '@shipyard/shared';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { isDragging, isOverlayOpen, isTypingTarget } from '../../../lib/keyboard.ts';
import { paths } from '../../../lib/paths.ts';
import { type TaskShortcutAction, taskShortcutFor } from '../../../lib/task-shortcuts.ts';
import type { Viewer } from './task-board-model.ts';
import { type PickerKind, TaskBulkPicker, taskRowOf, trashTasks, useBulkApply } from './task-bulk-picker.tsx';
import { type BoardLanes, type BoardStep, boardStep } from './task-key-moves.ts';
import { type KeyboardState, TaskKeyboardContext } from './task-keyboard-state.tsx';
import { TaskTitleEditor } from './task-title-editor.tsx';
import { useTaskCopy } from './use-task-copy.ts';
import { taskTargetsHeading, useTaskPaletteActions } from './use-task-palette-actions.ts';

// Issue 30: a task list worked from the keyboard. j/k (and the arrows) move a focus ring over the
// rows, x selects, Shift+x a range, Ctrl/⌘+A what is loaded, Esc clears; the action keys open a
// small picker whose choice applies to the selection (or the focused task) in one request, with
// one Undo. The keys are lib/task-shortcuts.ts's table, which the `?` sheet lists too. The same
// provider drives a board's cards (h/l between columns) and a task's page (the task shown).

/** After `g`, its second key is the global shortcuts' (g p: products), not a list action. */
const SEQUENCE_MS = 1500;

const PICKERS: Partial<Record<TaskShortcutAction, PickerKind>> = {
  status: 'status',
  assignee: 'assignee',
  priority: 'priority',
  due: 'due',
  labels: 'labels',
  move: 'move',
};

/**
 * What the keys work on: a list (j/k follow `tasks`), a board (j/k within a column, h/l to the
 * next column with cards, lane after lane), or one task's page (the task shown is always the
 * focused one; nothing moves or is selected, Esc is not the keys').
 */
export type TaskKeyLayout =
  | { kind: 'list' }
  | { kind: 'board'; lanes: BoardLanes<Task> }
  | {
      kind: 'page';
      /** The page: its keys act unless an overlay other than the one holding it (the side panel) is open. */
      root: RefObject<HTMLElement | null>;
      /** Where a picker opens: beside the property it changes. */
      anchorOf: (picker: PickerKind) => Element | null;
      /** `e`: the page's own title, edited in place (not the lists' popover). */
      editTitle: () => void;
      /** After its task went to the trash: the page leaves (back where the user came from). */
      leave: () => void;
    };

const LIST: TaskKeyLayout = { kind: 'list' };
const NO_TASKS: readonly Task[] = [];

/** A card's vertical centre on screen, when it is rendered (a column renders the cards in view). */
function cardPosition(id: string): number | undefined {
  const rect = taskRowOf(id)?.getBoundingClientRect();
  return rect && rect.height > 0 ? rect.top + rect.height / 2 : undefined;
}

type Props = {
  /** The tasks in the order shown (a collapsed group's are not; a board's lane by lane, column by column). */
  tasks: readonly Task[];
  viewer: Viewer;
  layout?: TaskKeyLayout;
  /**
   * Whether its keys act (default): not where the tasks are part of a screen with keys of its own
   * (the inbox's split view); the menus and the palette still act through it there, without key hints.
   */
  listen?: boolean;
  children: ReactNode;
};

/**
 * An open picker; a menu's acts on the menu's task (`only`) and gives focus back to the menu's
 * button (`returnTo`, focused when the menu closed) when it closes.
 */
type OpenPicker = { kind: PickerKind; only?: Task | undefined; returnTo?: HTMLElement | undefined };

/** Where a menu's picker or title field sends the focus back: the menu's button, focused as the menu closed. */
const menuButton = () => (document.activeElement instanceof HTMLElement ? document.activeElement : undefined);

export function TaskKeyboardProvider({ tasks, viewer, layout = LIST, listen = true, children }: Props) {
  const navigate = useNavigate();
  const { copyLink, copyKey } = useTaskCopy();
  const [focusedId, setFocusedId] = useState<string>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<OpenPicker>();
  const picker = open?.kind;
  // The task whose title `e` is editing (from a menu: focus goes back to its button after).
  const [renaming, setRenaming] = useState<{ task: Task; returnTo: HTMLElement | undefined }>();
  const anchor = useRef<string | undefined>(undefined);
  const gAt = useRef(0);
  // What the last action did, read out by screen readers.
  const [said, setSaid] = useState('');
  const apply = useBulkApply(setSaid);

  // Tasks gone from the list (another filter, deleted) leave the focus and the selection.
  const shownIds = useMemo(() => new Set(tasks.map((task) => task.id)), [tasks]);
  const focused =
    layout.kind === 'page' ? tasks[0]?.id : focusedId && shownIds.has(focusedId) ? focusedId : undefined;
  const chosen = useMemo(() => tasks.filter((task) => selected.has(task.id)), [tasks, selected]);
  const targets = useMemo(
    () => (chosen.length > 0 ? chosen : tasks.filter((task) => task.id === focused)),
    [chosen, tasks, focused],
  );
  // `e` and the palette's "Edit title…": a list's popover beside the row, the page's title in place.
  const editTitle = useCallback(
    (task: Task, fromMenu = false) =>
      layout.kind === 'page'
        ? layout.editTitle()
        : setRenaming({ task, returnTo: fromMenu ? menuButton() : undefined }),
    [layout],
  );
  const leave = layout.kind === 'page' ? layout.leave : undefined;
  // The palette lists what may be done to them first (issue 30).
  useTaskPaletteActions({
    targets,
    viewer,
    canEdit: canEditTasks(viewer.role),
    heading: taskTargetsHeading(targets, chosen.length > 0),
    apply,
    keysOf: listen ? layout.kind : undefined,
    editTitle,
    afterTrash: leave,
  });

  // The rows read `toggle` from the context: it stays the same function as pages arrive (it reads
  // the tasks when called), so a page that arrives does not re-render every row on screen (issue 28).
  const shownTasks = useRef(tasks);
  shownTasks.current = tasks;
  const toggle = useCallback((id: string, range = false) => {
    const list = shownTasks.current;
    const from = anchor.current ? list.findIndex((task) => task.id === anchor.current) : -1;
    const to = list.findIndex((task) => task.id === id);
    setSelected((current) => {
      const next = new Set(current);
      if (range && from >= 0 && to >= 0) {
        const [a, b] = from < to ? [from, to] : [to, from];
        for (const task of list.slice(a, b + 1)) next.add(task.id);
      } else if (!next.delete(id)) next.add(id);
      return next;
    });
    anchor.current = id;
  }, []);

  const move = useCallback(
    (direction: BoardStep) => {
      if (layout.kind === 'board') {
        setFocusedId(boardStep(layout.lanes, focused, direction, cardPosition));
        return;
      }
      if (tasks.length === 0 || direction === 'left' || direction === 'right') return;
      const step = direction === 'down' ? 1 : -1;
      const at = focused ? tasks.findIndex((task) => task.id === focused) : -1;
      const index =
        at < 0 ? (step === 1 ? 0 : tasks.length - 1) : Math.min(tasks.length - 1, Math.max(0, at + step));
      const task = tasks[index];
      if (!task) return;
      setFocusedId(task.id);
    },
    [tasks, focused, layout],
  );

  /**
   * An action on tasks, by its key (`on` the targets, `one` the focused task) or a menu's item (its
   * task): only what the viewer may do; false when it does nothing.
   */
  const perform = useCallback(
    (action: TaskShortcutAction, on: readonly Task[], one: Task | undefined, fromMenu = false): boolean => {
      const editor = canEditTasks(viewer.role);
      switch (action) {
        case 'copyLink':
        case 'copyKey':
          if (!one) return false;
          void (action === 'copyLink' ? copyLink(one) : copyKey(one));
          return true;
        case 'assignMe':
          if (!editor || on.length === 0) return false;
          void apply(on, { assigneeId: viewer.id }, t('Assigned to you'));
          return true;
        case 'editTitle':
          if (!editor || !one) return false;
          editTitle(one, fromMenu);
          return true;
        case 'delete':
          if (!editor || on.length === 0) return false;
          void trashTasks(apply, on, leave);
          return true;
        default: {
          const kind = PICKERS[action];
          if (!kind || !editor || on.length === 0) return false;
          setOpen(fromMenu ? { kind, only: one, returnTo: menuButton() } : { kind });
          return true;
        }
      }
    },
    [viewer, copyLink, copyKey, apply, editTitle, leave],
  );
  const latestPerform = useRef(perform);
  latestPerform.current = perform;
  const actOn = useCallback(
    (action: TaskShortcutAction, task: Task) => void latestPerform.current(action, [task], task, true),
    [],
  );

  const act = useCallback(
    (action: TaskShortcutAction, event: KeyboardEvent): boolean => {
      const focusedTask = tasks.find((task) => task.id === focused);
      switch (action) {
        case 'down':
        case 'up':
        case 'left':
        case 'right':
          move(action);
          return true;
        case 'open':
          // Enter on a button or a link is that control's own.
          if (!focusedTask || (event.key === 'Enter' && event.target !== document.body)) return false;
          navigate(paths.task(focusedTask.key));
          return true;
        case 'toggle':
        case 'range':
          if (!focusedTask) return false;
          toggle(focusedTask.id, action === 'range');
          return true;
        case 'selectAll':
          setSelected(new Set(tasks.map((task) => task.id)));
          return true;
        case 'clear':
          if (selected.size > 0) setSelected(new Set());
          else if (focused) setFocusedId(undefined);
          else return false;
          return true;
        case 'copyLink':
        case 'copyKey':
          // Text selected on the page is copied as usual.
          if ((window.getSelection()?.toString() ?? '') !== '') return false;
          return perform(action, targets, focusedTask);
        case 'editTitle':
          // One title: the focused task's, else the one selected.
          return perform(action, targets, focusedTask ?? (targets.length === 1 ? targets[0] : undefined));
        default:
          return perform(action, targets, focusedTask);
      }
    },
    [tasks, focused, selected, targets, move, toggle, navigate, perform],
  );

  const root = layout.kind === 'page' ? layout.root : undefined;
  useEffect(() => {
    if (!listen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (isOverlayOpen(document, root?.current) || isDragging()) return;
      const afterG = Date.now() - gAt.current <= SEQUENCE_MS;
      gAt.current = event.key === 'g' && !event.ctrlKey && !event.metaKey ? Date.now() : 0;
      if (afterG) return;
      const action = taskShortcutFor(event, layout.kind);
      if (action && act(action, event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [act, root, layout.kind, listen]);

  const anchorOf = layout.kind === 'page' ? layout.anchorOf : undefined;
  const pageAnchor = useMemo(
    () => (anchorOf && picker ? () => anchorOf(picker) : undefined),
    [anchorOf, picker],
  );
  // On a task's page the property may be out of view (a phone shows the properties last): the
  // page scrolls to it, so that its picker opens on screen.
  useEffect(() => {
    if (picker && anchorOf) anchorOf(picker)?.scrollIntoView?.({ block: 'nearest' });
  }, [picker, anchorOf]);
  // A menu's picker acts on its own task, as it is now.
  const only = open?.only;
  const pickerTargets = useMemo(
    () => (only ? [tasks.find((task) => task.id === only.id) ?? only] : targets),
    [only, tasks, targets],
  );
  const state = useMemo<KeyboardState>(
    () => ({ focusedId: focused, selected, toggle, actOn }),
    [focused, selected, toggle, actOn],
  );
  return (
    <TaskKeyboardContext.Provider value={state}>
      {children}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      {chosen.length > 0 ? (
        <section
          aria-label={t('Selection')}
          className="fixed inset-x-0 bottom-[calc(1rem+var(--tab-bar-height,0px))] z-20 mx-auto flex w-fit items-center gap-3 rounded-full border bg-popover py-1.5 pe-1.5 ps-4 text-popover-foreground text-sm shadow-lg"
        >
          <span className="font-medium tabular-nums">
            {t('{{count}} selected', { count: chosen.length })}
          </span>
          <Button variant="ghost" size="sm" className="rounded-full" onClick={() => setSelected(new Set())}>
            {t('Clear')}
          </Button>
        </section>
      ) : null}
      <TaskBulkPicker
        kind={picker}
        // A task's page reads its choices (states, labels) only once a picker opens: the page itself is one request.
        targets={layout.kind === 'page' && !picker ? NO_TASKS : pickerTargets}
        anchorId={only?.id ?? focused ?? targets[0]?.id}
        anchorElement={pageAnchor}
        returnFocus={open?.returnTo}
        onClose={() => setOpen(undefined)}
        apply={apply}
      />
      <TaskTitleEditor
        task={renaming?.task}
        returnFocus={renaming?.returnTo}
        onClose={() => setRenaming(undefined)}
        announce={setSaid}
      />
    </TaskKeyboardContext.Provider>
  );
}
