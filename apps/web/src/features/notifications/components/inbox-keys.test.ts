import { describe, expect, it } from 'vitest';
import { INBOX_SHORTCUTS } from '../../../lib/inbox-shortcuts.ts';
import { inboxActionOf } from './inbox-keys.ts';

const press = (key: string, more: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  inboxActionOf(
    { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target, ...more },
    false,
  );

describe('the inbox’s keys', () => {
  it('reads every key of the table the ? sheet lists, and no other', () => {
    for (const { action, keys } of INBOX_SHORTCUTS) {
      for (const key of keys) expect(press(key), key).toBe(action);
    }
    for (const key of ['x', 'a', 'ArrowLeft', 'Escape', 'g']) expect(press(key), key).toBeUndefined();
  });

  it('reads nothing while typing in a field, with a modifier, or over a dialog', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(press('e', {}, input)).toBeUndefined();
    expect(press('e', { ctrlKey: true })).toBeUndefined();
    expect(press('j', { metaKey: true })).toBeUndefined();
    expect(
      inboxActionOf(
        { key: 'e', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: null },
        true,
      ),
    ).toBeUndefined();
    input.remove();
  });

  it('leaves Enter and the arrows to a focused button, but still reads letters there', () => {
    const button = document.createElement('button');
    document.body.append(button);
    expect(press('Enter', {}, button)).toBeUndefined();
    expect(press('ArrowDown', {}, button)).toBeUndefined();
    expect(press('e', {}, button)).toBe('done');
    button.remove();
  });
});
