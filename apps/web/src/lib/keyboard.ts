// What every keyboard listener checks before it acts (issues 16 and 30).

/** Typing in a field: its keys are text, never shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

/** A dialog (or a menu) is open: its keys are its own. */
export function isOverlayOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}
