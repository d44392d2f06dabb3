import { type RefObject, useEffect, useRef } from 'react';
import { isOverlayOpen, isTypingTarget } from '../../../lib/keyboard.ts';
import { TIMER_SHORTCUT } from '../../../lib/timer-shortcut.ts';

/**
 * Shift+T on a task's page starts or stops the timer on it (issue 31): outside fields, with no
 * other dialog or menu open (the side panel holding the page is no overlay to it), no Ctrl, ⌘ or Alt.
 */
export function useTimerKey(root: RefObject<HTMLElement | null>, enabled: boolean, act: () => void) {
  const latest = useRef(act);
  latest.current = act;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !TIMER_SHORTCUT.matches(event)) return;
      if (isTypingTarget(event.target) || isOverlayOpen(document, root.current)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, root]);
}
