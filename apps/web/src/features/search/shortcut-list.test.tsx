import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INBOX_SHORTCUTS } from '../../lib/inbox-shortcuts.ts';
import { bindingText, TASK_SHORTCUTS, taskShortcutFor } from '../../lib/task-shortcuts.ts';
import ShortcutsDialog from './components/shortcuts-dialog.tsx';
import { SHORTCUT_SECTIONS } from './shortcut-list.ts';

// The `?` sheet and the task lists' keys are read from one table (issue 30).

const press = ({ key, shift = false, mod = false }: { key: string; shift?: boolean; mod?: boolean }) => ({
  key: shift && key.length === 1 ? key.toUpperCase() : key,
  shiftKey: shift,
  ctrlKey: mod,
  metaKey: false,
  altKey: false,
});

describe('the shortcut sheet', () => {
  it('binds every key of the task table to its action, and no key twice', () => {
    const seen = new Set<string>();
    for (const { action, bindings } of TASK_SHORTCUTS) {
      for (const binding of bindings) {
        expect(taskShortcutFor(press(binding))).toBe(action);
        const text = bindingText(binding);
        expect(seen.has(text)).toBe(false);
        seen.add(text);
      }
    }
    // ⌘ counts as Ctrl; Alt never acts; an unbound key is nothing.
    expect(taskShortcutFor({ ...press({ key: 'a' }), metaKey: true })).toBe('selectAll');
    expect(taskShortcutFor({ ...press({ key: 's' }), altKey: true })).toBeUndefined();
    expect(taskShortcutFor(press({ key: 'q' }))).toBeUndefined();
  });

  it('lists exactly what is bound, with its keys', () => {
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const lists = within(screen.getByRole('region', { name: 'In task lists' }));
    const labels = lists.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual(TASK_SHORTCUTS.map((s) => s.label));
    for (const { label, bindings } of TASK_SHORTCUTS) {
      const keys = lists.getByText(label).nextElementSibling;
      const shown = [...(keys?.querySelectorAll('kbd') ?? [])].map((kbd) => kbd.textContent);
      expect(shown).toEqual(bindings.map(bindingText));
    }
    const total = SHORTCUT_SECTIONS.reduce((n, section) => n + section.lines.length, 0);
    expect(screen.getAllByRole('term')).toHaveLength(total);
    expect(within(screen.getByRole('region', { name: 'Anywhere' })).getByText('New task')).toBeVisible();
  });

  it('lists the inbox’s keys from the table its key reader uses', () => {
    const inbox = SHORTCUT_SECTIONS.find((section) => section.title === 'Inbox');
    expect(inbox?.lines.map((line) => line.label)).toEqual(INBOX_SHORTCUTS.map((s) => s.label));
    expect(inbox?.lines.map((line) => line.keys)).toEqual([
      ['j', '↓'],
      ['k', '↑'],
      ['Enter', 'o'],
      ['e'],
      ['h'],
      ['u'],
    ]);
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const region = within(screen.getByRole('region', { name: 'Inbox' }));
    expect(region.getAllByRole('term').map((term) => term.textContent)).toEqual(
      INBOX_SHORTCUTS.map((s) => s.label),
    );
  });
});
