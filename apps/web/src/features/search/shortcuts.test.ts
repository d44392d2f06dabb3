import { describe, expect, it } from 'vitest';
import { isOverlayOpen, isTypingTarget } from '../../lib/keyboard.ts';
import { createShortcutReader, SEQUENCE_TIMEOUT_MS } from './shortcuts.ts';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
  ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: document.body,
    ...extra,
  }) as KeyboardEvent;

function reader() {
  let time = 0;
  const read = createShortcutReader(() => time);
  return { read, wait: (ms: number) => (time += ms) };
}

describe('createShortcutReader', () => {
  it('reads single keys and g-sequences', () => {
    const { read } = reader();
    expect(read(key('/'), false)).toBe('search');
    expect(read(key('c'), false)).toBe('newTask');
    expect(read(key('?', { shiftKey: true }), false)).toBe('help');
    for (const [second, action] of [
      ['d', 'goDashboard'],
      ['p', 'goProducts'],
      ['t', 'goTasks'],
      ['n', 'goNotifications'],
    ]) {
      expect(read(key('g'), false)).toBeUndefined();
      expect(read(key(second as string), false)).toBe(action);
    }
  });

  it('forgets a g after the timeout, and a letter alone is nothing', () => {
    const { read, wait } = reader();
    expect(read(key('t'), false)).toBeUndefined();
    read(key('g'), false);
    wait(SEQUENCE_TIMEOUT_MS + 1);
    expect(read(key('t'), false)).toBeUndefined();
    read(key('g'), false);
    read(key('x'), false);
    expect(read(key('t'), false)).toBeUndefined();
  });

  it('opens the palette with Ctrl+K or ⌘+K, even in a field or over a dialog (the caller decides)', () => {
    const { read } = reader();
    const input = document.createElement('input');
    expect(read(key('k', { ctrlKey: true, target: input }), false)).toBe('palette');
    expect(read(key('K', { metaKey: true }), true)).toBe('palette');
  });

  it('ignores keys with Ctrl, ⌘ or Alt, in fields, and while a dialog is open', () => {
    const { read } = reader();
    expect(read(key('c', { ctrlKey: true }), false)).toBeUndefined();
    expect(read(key('c', { altKey: true }), false)).toBeUndefined();
    expect(read(key('/', { metaKey: true }), false)).toBeUndefined();
    expect(read(key('c'), true)).toBeUndefined();
    for (const html of [
      '<input>',
      '<textarea></textarea>',
      '<select></select>',
      '<div contenteditable="true"><b>x</b></div>',
    ]) {
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.append(host);
      const target = host.querySelector('b') ?? host.firstElementChild;
      expect(isTypingTarget(target)).toBe(true);
      expect(read(key('c', { target }), false)).toBeUndefined();
      read(key('g', { target }), false);
      expect(read(key('t'), false)).toBeUndefined();
      host.remove();
    }
  });
});

describe('isOverlayOpen', () => {
  it('is true while a dialog or menu is in the document', () => {
    expect(isOverlayOpen()).toBe(false);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    expect(isOverlayOpen()).toBe(true);
    dialog.remove();
  });
});
