import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';

// What is in front of the user, offered to the command palette (issue 30): a task list's focused or
// selected tasks, the task page's task. Whatever shows them publishes their actions here; the
// palette (features/search) lists the front-most publication first and knows nothing of tasks.

/** One choice of a nested page: a status, a person, a label, a day. */
export type PaletteOption = {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Shown at the end of the row ('Mon, Nov 30'). */
  hint?: string;
  /** Every target has it already (a label): picking it takes it off. */
  checked?: boolean;
};

/** A page the palette opens inside itself ('Assign to' → the people): its input filters the options. */
export type PalettePage = {
  /** The breadcrumb chip's text, and what the page is announced as ('Assign to'). */
  title: string;
  placeholder: string;
  /** Filtered by their label as the user types. */
  options: readonly PaletteOption[];
  /** Options made from the text itself (a due date in words), listed before the ones that match. */
  fromText?: (text: string) => readonly PaletteOption[];
  /** What an empty page says ('No date matches these words.'). */
  empty?: string;
  onPick: (option: PaletteOption) => void;
};

export type PaletteAction = {
  id: string;
  /** 'Change status…' (an ellipsis when it opens a page). */
  label: string;
  icon: LucideIcon;
  /** The key that does the same outside the palette, when there is one here ('S'). */
  shortcut?: string;
} & ({ run: () => void; page?: never } | { page: PalettePage; run?: never });

/** The palette's first group: what it acts on ('2 selected tasks', 'ATL-12 Fix login') and how. */
export type PaletteContext = {
  heading: string;
  actions: readonly PaletteAction[];
  /** The palette opened with these actions: the time to load what their pages list. */
  onShow?: () => void;
};

// Each publisher holds a slot; a later slot (a task panel opened over its list) is in front.
const slots = new Map<number, PaletteContext>();
let lastSlot = 0;
let front: PaletteContext | undefined;
const listeners = new Set<() => void>();

function update() {
  const newest = Math.max(0, ...slots.keys());
  const next = slots.get(newest);
  if (next === front) return;
  front = next;
  for (const listener of listeners) listener();
}

export const paletteContexts = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The front-most publication, if any. */
  current: (): PaletteContext | undefined => front,
  /** A new slot, in front of every slot taken before it. */
  take(): number {
    lastSlot += 1;
    return lastSlot;
  },
  /** What a slot offers now; undefined when it has nothing to offer (no task focused). */
  put(slot: number, context: PaletteContext | undefined) {
    if (context && context.actions.length > 0) slots.set(slot, context);
    else slots.delete(slot);
    update();
  },
};

/**
 * Offers `context` to the palette while the calling component is mounted (memoise it: each new
 * object is a new publication). Later-mounted publishers are in front of earlier ones.
 */
export function usePublishPaletteContext(context: PaletteContext | undefined) {
  const slot = useRef<number | undefined>(undefined);
  const latest = useRef(context);
  latest.current = context;
  useEffect(() => {
    const taken = paletteContexts.take();
    slot.current = taken;
    paletteContexts.put(taken, latest.current);
    return () => {
      slot.current = undefined;
      paletteContexts.put(taken, undefined);
    };
  }, []);
  useEffect(() => {
    if (slot.current !== undefined) paletteContexts.put(slot.current, context);
  }, [context]);
}

/** What the palette lists first: the front-most publication. */
export function usePaletteContext(): PaletteContext | undefined {
  return useSyncExternalStore(paletteContexts.subscribe, paletteContexts.current, () => undefined);
}

// Commands a feature offers wherever the user is (issue 31: start or stop the timer), listed with
// the palette's own actions. Each publisher holds its commands by id; a later one of the same id wins.
type Command = PaletteAction & { run: () => void };
const commandSlots = new Map<number, readonly Command[]>();
let commandList: readonly Command[] = [];
const commandListeners = new Set<() => void>();

function updateCommands() {
  const byId = new Map<string, Command>();
  for (const slot of [...commandSlots.keys()].sort((a, b) => a - b)) {
    for (const command of commandSlots.get(slot) ?? []) byId.set(command.id, command);
  }
  commandList = [...byId.values()];
  for (const listener of commandListeners) listener();
}

const paletteCommands = {
  subscribe(listener: () => void) {
    commandListeners.add(listener);
    return () => void commandListeners.delete(listener);
  },
  current: () => commandList,
};

/** Offers `commands` to the palette while the calling component is mounted (memoise them). */
export function usePublishPaletteCommands(commands: readonly Command[]) {
  useEffect(() => {
    const slot = paletteContexts.take();
    commandSlots.set(slot, commands);
    updateCommands();
    return () => {
      commandSlots.delete(slot);
      updateCommands();
    };
  }, [commands]);
}

/** The commands every publisher offers now. */
export function usePaletteCommands(): readonly Command[] {
  return useSyncExternalStore(paletteCommands.subscribe, paletteCommands.current, () => commandList);
}
