import type { Role } from '@shipyard/shared';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { isOverlayOpen, isTypingTarget } from '../../../lib/keyboard.ts';
import { paths } from '../../../lib/paths.ts';
import { createShortcutReader, type ShortcutAction } from '../shortcuts.ts';

// What the shell keeps of search (issue 16): the key listener and whether the palette or the
// shortcuts dialog is open. Both dialogs are separate chunks, loaded the first time they open.
const CommandPalette = lazy(() => import('./command-palette.tsx'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog.tsx'));

/** A page the palette offers under "Go to" (the sidebar's entries for this role). */
export type CommandPage = { to: string; label: string };

export type CommandProviderProps = {
  role: Role;
  pages: readonly CommandPage[];
  /** Opens the new-task form; undefined for those who may not create tasks. */
  onNewTask?: (() => void) | undefined;
  onSignOut: () => void;
  children: ReactNode;
};

type Open = 'palette' | 'help' | undefined;
const CommandContext = createContext<{ openPalette: () => void } | undefined>(undefined);

/** Opens the command palette (the top bar's search button). */
export function useCommandPalette() {
  const value = useContext(CommandContext);
  if (!value) throw new Error('useCommandPalette must be used inside a CommandProvider');
  return value;
}

const destinations: Partial<Record<ShortcutAction, string>> = {
  goDashboard: paths.dashboard(),
  goProducts: paths.products(),
  goTasks: paths.tasks(),
  goNotifications: paths.notifications(),
};

export function CommandProvider({ role, pages, onNewTask, onSignOut, children }: CommandProviderProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(undefined);
  // Once loaded, a dialog stays mounted (closed), so that it opens at once the next time.
  const [loaded, setLoaded] = useState<{ palette: boolean; help: boolean }>({ palette: false, help: false });
  // Radix gives focus back to a dialog's trigger; these dialogs have none, so to what had it before.
  const opener = useRef<HTMLElement | null>(null);
  const openRef = useRef<Open>(undefined);
  const show = useCallback((which: Open) => {
    if (which && openRef.current === undefined && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
    if (which) setLoaded((was) => (was[which] ? was : { ...was, [which]: true }));
    openRef.current = which;
    setOpen(which);
  }, []);
  const returnFocus = useCallback((event: Event) => {
    if (openRef.current !== undefined) return; // another of these dialogs takes over
    event.preventDefault();
    // An action that put the focus in a field of its own ("Edit title…") keeps it there.
    if (isTypingTarget(document.activeElement)) return;
    if (opener.current?.isConnected) opener.current.focus();
  }, []);

  const latest = useRef({ open, onNewTask, pages });
  latest.current = { open, onNewTask, pages };
  useEffect(() => {
    const read = createShortcutReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = read(event, isOverlayOpen());
      if (!action) return;
      const { open: current, onNewTask: newTask, pages: allowed } = latest.current;
      if (action === 'palette') {
        if (current === 'palette') show(undefined);
        else if (current === undefined && !isOverlayOpen()) show('palette');
        else return;
      } else if (action === 'search') show('palette');
      else if (action === 'help') show('help');
      else if (action === 'newTask') {
        if (!newTask) return;
        newTask();
      } else {
        const to = destinations[action];
        if (!to || !allowed.some((page) => page.to === to)) return;
        navigate(to);
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, show]);

  const context = useMemo(() => ({ openPalette: () => show('palette') }), [show]);
  const onOpenChange = (which: Exclude<Open, undefined>) => (next: boolean) => show(next ? which : undefined);
  return (
    <CommandContext.Provider value={context}>
      {children}
      <Suspense fallback={null}>
        {loaded.palette ? (
          <CommandPalette
            open={open === 'palette'}
            onOpenChange={onOpenChange('palette')}
            role={role}
            pages={pages}
            onNewTask={onNewTask}
            onSignOut={onSignOut}
            onShowShortcuts={() => show('help')}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
        {loaded.help ? (
          <ShortcutsDialog
            open={open === 'help'}
            onOpenChange={onOpenChange('help')}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
      </Suspense>
    </CommandContext.Provider>
  );
}
