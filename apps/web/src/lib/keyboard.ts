// What every keyboard listener checks before it acts (issues 16 and 30).

/**
 * Typing in a field: its keys are text, never shortcuts. An open list box (a select's options)
 * reads typed letters too (it jumps to the option they start).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="listbox"]',
    )
  ) {
    return true;
  }
  return target instanceof HTMLElement && target.isContentEditable;
}

const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * A dialog (or a menu) is open: its keys are its own. `inside`: the listener's own part of the
 * page, when that part is itself in a dialog (a task's page in the side panel): only another
 * overlay counts then.
 */
export function isOverlayOpen(doc: Document = document, inside?: Element | null): boolean {
  if (!inside) return doc.querySelector(OVERLAYS) !== null;
  return [...doc.querySelectorAll(OVERLAYS)].some((overlay) => !overlay.contains(inside));
}

/**
 * A card is being dragged (a board marks itself `data-dragging`): the arrows, Space, Enter and
 * Escape are the drag's own until it drops.
 */
export function isDragging(doc: Document = document): boolean {
  return doc.querySelector('[data-dragging]') !== null;
}
