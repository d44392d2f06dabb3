import { MoreHorizontal } from 'lucide-react';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useAfterMenuClose } from '../hooks/use-after-menu-close.ts';
import { getErrorMessage } from '../lib/api-client.ts';
import { t } from '../lib/i18n/index.ts';
import { toast } from '../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

type Shortcut = { text: string; aria: string };

export type RowAction = {
  /** React key; defaults to the item's position. */
  key?: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /**
   * The action opens a dialog: it runs once the menu has closed and handed focus back to the
   * trigger, so the dialog returns focus there when it closes.
   */
  opensDialog?: boolean;
  /** Draw a separator above this item. */
  separated?: boolean;
  /** A destructive item that asks in a dialog of its own (not `confirm`'s): drawn in red. */
  destructive?: boolean;
  /**
   * The key that does the same where the menu's row is: `text` shown at the item's end ('Ctrl/⌘ C'),
   * `aria` its `aria-keyshortcuts` ('Control+C Meta+C').
   */
  shortcut?: Shortcut | undefined;
};

/** An item that opens a submenu of `items` (like items a long menu keeps one level down: a task's Copy …). */
export type RowSubmenu = Pick<RowAction, 'key' | 'label' | 'icon' | 'separated'> & {
  items: readonly RowAction[];
};

type RowActionsConfirm = {
  /** The destructive item at the bottom of the menu ("Delete", "Remove Member"), behind a separator. */
  label: ReactNode;
  icon?: ReactNode;
  /** As an action's `shortcut` (the key may do it without asking: with an Undo instead). */
  shortcut?: Shortcut | undefined;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: ReactNode;
  pendingLabel?: ReactNode;
  pending: boolean;
  /** Called from the dialog's action; call `close()` when the server has answered with success. */
  onConfirm: (close: () => void) => void;
};

export type RowActionsMenuProps = {
  /** The trigger's accessible name, e.g. `Actions for ${name}`. */
  label: string;
  /** The items, top to bottom; `false`/`null` entries are skipped (for conditional items). */
  actions: ReadonlyArray<RowAction | RowSubmenu | false | null | undefined>;
  /** A destructive last item that asks first (ConfirmDialog); omit for none. */
  confirm?: RowActionsConfirm | false | null;
  /** Width (and other classes) of the menu, e.g. "w-48". */
  contentClassName?: string;
  /** Replaces the trigger's classes (size, colour, stacking). */
  triggerClassName?: string;
  triggerVariant?: 'ghost' | 'outline';
  /** How it mounts in place of a `DeferredRowActionsMenu`'s stand-in: open, or with the focus. */
  start?: MenuStart | undefined;
};

/** How a deferred menu was first used: a press or a key (it opens), or the focus coming to it. */
export type MenuStart = { open: boolean; focus: boolean };

export type ConfirmedDeleteTexts = {
  /** The success toast. */
  deleted: string;
  /** The error toast's title. */
  failed: string;
  /** The error toast's description when the server gives no message (default: `failed`). */
  fallback?: string;
  /**
   * Takes the delete back (a restore from the trash, issue 28): the success toast then offers
   * Undo for 10 s, and says `undoFailed` if the restore fails.
   */
  undo?: () => Promise<unknown>;
  undoFailed?: string;
};

/**
 * The usual `onConfirm` of a delete: run it; on success toast `deleted`, close the dialog and
 * call `after`; on failure toast `failed` with the server's message and keep the dialog open.
 */
export function confirmedDelete(
  run: () => Promise<unknown>,
  { deleted, failed, fallback = failed, undo, undoFailed }: ConfirmedDeleteTexts,
  after?: () => void,
) {
  return (close: () => void) => {
    run().then(
      () => {
        if (undo) toast.undoable(deleted, { undo, undoFailed });
        else toast.success(deleted);
        close();
        after?.();
      },
      (error: unknown) => {
        toast.error(failed, { description: getErrorMessage(error, fallback) });
      },
    );
  };
}

/** A menu item's key, at its end: seen here, told by the item's `aria-keyshortcuts`. */
function ShortcutHint({ keys }: { keys: Shortcut | undefined }) {
  if (!keys) return null;
  return (
    <span aria-hidden="true" className="ms-auto ps-4 text-muted-foreground text-xs tracking-wide">
      {keys.text}
    </span>
  );
}

/**
 * A submenu, beside its item where there is room for it on either side; on a narrow screen (a
 * phone), where there is none, over the menu, a little to the side of it, rather than off the
 * screen.
 */
function Submenu({
  submenu,
  className,
  children,
}: {
  submenu: RowSubmenu;
  className: string;
  children: ReactNode;
}) {
  const triggerRef = useRef<HTMLDivElement>(null);
  // Its own state, so that it measures its item each time it opens.
  const [open, setOpen] = useState(false);
  const overlap = () => {
    const trigger = triggerRef.current;
    if (!trigger) return undefined;
    // As wide as the menu (the same classes), so as wide as its item and the menu's padding.
    const { left, right, width } = trigger.getBoundingClientRect();
    const room = width + SUBMENU_MARGIN;
    const fits = right + room <= window.innerWidth || left - room >= 0;
    return fits ? undefined : SUBMENU_MARGIN - width;
  };
  return (
    <DropdownMenuSub open={open} onOpenChange={setOpen}>
      <DropdownMenuSubTrigger ref={triggerRef}>
        {submenu.icon}
        {submenu.label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className={className} sideOffset={open ? overlap() : undefined}>
        {children}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

const SUBMENU_MARGIN = 16;

const TRIGGER_CLASSES = 'size-8 text-muted-foreground data-[state=open]:bg-accent';

/**
 * The "⋯" menu of a row or a card: a list of actions and, optionally, a destructive one that
 * opens a ConfirmDialog. Dialogs opened from an item wait until the menu has closed, and focus
 * returns to the trigger afterwards.
 */
export function RowActionsMenu({
  label,
  actions,
  confirm,
  contentClassName = 'w-48',
  triggerClassName = TRIGGER_CLASSES,
  triggerVariant = 'ghost',
  start,
}: RowActionsMenuProps) {
  // Undefined until first asked: the dialog mounts then (and stays, for its closing transition).
  const [confirming, setConfirming] = useState<boolean>();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);
  const items = actions.filter((action): action is RowAction | RowSubmenu => Boolean(action));
  const item = (action: RowAction, index: number) => (
    <DropdownMenuItem
      key={action.key ?? index}
      disabled={action.disabled}
      variant={action.destructive ? 'destructive' : 'default'}
      aria-keyshortcuts={action.shortcut?.aria}
      onSelect={() => (action.opensDialog ? runAfterClose(action.onSelect) : action.onSelect())}
    >
      {action.icon}
      {action.label}
      <ShortcutHint keys={action.shortcut} />
    </DropdownMenuItem>
  );
  // The stand-in had the focus: this trigger, which replaced it, takes it.
  const focusOnMount = start?.focus ?? false;
  useLayoutEffect(() => {
    if (focusOnMount) triggerRef.current?.focus();
  }, [focusOnMount]);

  return (
    <>
      {/* Not modal: a modal menu hides the page from assistive technology (aria-hidden) while its
          controls stay focusable, which axe reports; focus is in the menu either way. */}
      <DropdownMenu modal={false} defaultOpen={start?.open ?? false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant={triggerVariant}
            size="icon"
            className={triggerClassName}
            aria-label={label}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className={contentClassName} onCloseAutoFocus={onCloseAutoFocus}>
          {items.map((action, index) => (
            <Fragment key={action.key ?? index}>
              {action.separated && index > 0 ? <DropdownMenuSeparator /> : null}
              {'items' in action ? (
                <Submenu submenu={action} className={contentClassName}>
                  {action.items.map(item)}
                </Submenu>
              ) : (
                item(action, index)
              )}
            </Fragment>
          ))}
          {confirm ? (
            <>
              {items.length > 0 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem
                variant="destructive"
                aria-keyshortcuts={confirm.shortcut?.aria}
                onSelect={() => runAfterClose(() => setConfirming(true))}
              >
                {confirm.icon}
                {confirm.label}
                <ShortcutHint keys={confirm.shortcut} />
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      {confirm && confirming !== undefined ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={() => setConfirming(false)}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel ?? t('Delete')}
          pendingLabel={confirm.pendingLabel ?? t('Deleting...')}
          pending={confirm.pending}
          onConfirm={() => confirm.onConfirm(() => setConfirming(false))}
          returnFocusRef={triggerRef}
        />
      ) : null}
    </>
  );
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A row's "⋯" menu that is a plain button until it is first used (issue 28: a long list mounts
 * rows as it scrolls, and a Radix menu, its confirm dialog and the hooks behind its items made
 * most of a row's cost). The first press, key or focus renders `menu(start)`, a `RowActionsMenu`
 * given `start`: it opens as Radix's trigger would have (a primary press, Enter, Space, ArrowDown)
 * or takes the focus the stand-in had. The stand-in looks and reads as the trigger does.
 */
export function DeferredRowActionsMenu({
  label,
  triggerClassName = TRIGGER_CLASSES,
  triggerVariant = 'ghost',
  menu,
}: Pick<RowActionsMenuProps, 'label' | 'triggerClassName' | 'triggerVariant'> & {
  menu: (start: MenuStart) => ReactNode;
}) {
  const [start, setStart] = useState<MenuStart>();
  if (start) return menu(start);
  return (
    <Button
      variant={triggerVariant}
      size="icon"
      className={triggerClassName}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: the focus goes to the menu, not to the button.
        event.preventDefault();
        setStart({ open: true, focus: false });
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setStart({ open: true, focus: true });
      }}
      onFocus={() => setStart({ open: false, focus: true })}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
