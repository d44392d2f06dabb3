// A question asked before an action (issue 29: completing a task with open sub-tasks, starting a
// blocked one), from any code that changes something: `await confirmAction({...})` answers whether
// to go on. The dialog (components/confirm-host.tsx) is loaded the first time one is asked.

export type ConfirmRequest = {
  title: string;
  description: string;
  /** The going-on button's text ('Complete anyway'). */
  confirm: string;
};

type Pending = ConfirmRequest & { answer: (ok: boolean) => void };

let current: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const confirmHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  current: () => current,
  /** The dialog's answer: the promise resolves, the dialog closes. */
  answer(ok: boolean) {
    const pending = current;
    current = null;
    emit();
    pending?.answer(ok);
  },
};

/** Asks `request`; true to go on. A new question while one is open cancels the open one. */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  confirmHost.answer(false);
  return new Promise((resolve) => {
    current = { ...request, answer: resolve };
    emit();
  });
}
