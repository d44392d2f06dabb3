import { type RefObject, useRef } from 'react';

/**
 * A dialog opened from a menu item waits until the menu has closed and handed focus back to its
 * trigger; the dialog then returns focus there when it closes. Give `onCloseAutoFocus` to the
 * `DropdownMenuContent` and call `runAfterClose(fn)` from an item's `onSelect`.
 */
export function useAfterMenuClose(triggerRef: RefObject<HTMLElement | null>) {
  const afterClose = useRef<(() => void) | null>(null);

  function runAfterClose(action: () => void) {
    afterClose.current = action;
  }

  function onCloseAutoFocus(event: Event) {
    const action = afterClose.current;
    if (!action) return;
    afterClose.current = null;
    event.preventDefault();
    triggerRef.current?.focus();
    action();
  }

  return { runAfterClose, onCloseAutoFocus };
}
