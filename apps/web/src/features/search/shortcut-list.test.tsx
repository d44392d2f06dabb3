import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INBOX_SHORTCUTS } from '../../lib/inbox-shortcuts.ts';
import {
  bindingPlaces,
  bindingText,
  TASK_KEY_PLACES,
  TASK_SHORTCUTS,
  taskShortcutFor,
} from '../../lib/task-shortcuts.ts';
import ShortcutsDialog from './components/shortcuts-dialog.tsx';
import { SHORTCUT_SECTIONS } from './shortcut-list.ts';

// The `?` sheet and the task keys (lists, boards, a task's page) are read from one table (issue 30).

const press = ({ key, shift = false, mod = false }: { key: string; shift?: boolean; mod?: boolean }) => ({
  key: shift && key.length === 1 ? key.toUpperCase() : key,
  shiftKey: shift,
  ctrlKey: mod,
  metaKey: false,
  altKey: false,
});

describe('the shortcut sheet', () => {
  it('binds every key of the task table to its action where it applies, and no key twice in one place', () => {
    for (const place of TASK_KEY_PLACES) {
      const seen = new Set<string>();
      for (const shortcut of TASK_SHORTCUTS) {
        for (const binding of shortcut.bindings) {
          const applies = bindingPlaces(shortcut, binding).includes(place);
          if (applies) expect(taskShortcutFor(press(binding), place)).toBe(shortcut.action);
          else expect(taskShortcutFor(press(binding), place)).not.toBe(shortcut.action);
          if (!applies) continue;
          const text = bindingText(binding);
          expect(seen.has(text)).toBe(false);
          seen.add(text);
        }
      }
    }
    // ⌘ counts as Ctrl; Alt never acts; an unbound key is nothing.
    expect(taskShortcutFor({ ...press({ key: 'a' }), metaKey: true })).toBe('selectAll');
    expect(taskShortcutFor({ ...press({ key: 's' }), altKey: true })).toBeUndefined();
    expect(taskShortcutFor(press({ key: 'q' }))).toBeUndefined();
    // On a board l is the next column (Shift L the labels); on a task's page nothing moves.
    expect(taskShortcutFor(press({ key: 'l' }), 'board')).toBe('right');
    expect(taskShortcutFor(press({ key: 'l' }), 'list')).toBe('labels');
    expect(taskShortcutFor(press({ key: 'l', shift: true }), 'board')).toBe('labels');
    expect(taskShortcutFor(press({ key: 'j' }), 'page')).toBeUndefined();
    expect(taskShortcutFor(press({ key: 'Escape' }), 'page')).toBeUndefined();
    expect(taskShortcutFor(press({ key: 'p' }), 'page')).toBe('priority');
  });

  it('lists exactly what is bound, with its keys and where they act', () => {
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const moving = within(screen.getByRole('region', { name: 'In task lists and boards' }));
    const acting = within(
      screen.getByRole('region', { name: 'On the focused or selected tasks, and a task’s page' }),
    );
    const labelsOf = (terms: HTMLElement[]) => terms.map((term) => term.firstChild?.textContent);
    // Together the two sections are the table, each line once.
    expect([...labelsOf(moving.getAllByRole('term')), ...labelsOf(acting.getAllByRole('term'))]).toEqual(
      [...TASK_SHORTCUTS.filter((s) => s.on), ...TASK_SHORTCUTS.filter((s) => !s.on)].map((s) => s.label),
    );
    for (const shortcut of TASK_SHORTCUTS) {
      const section = shortcut.on ? moving : acting;
      const keys = section.getByText(shortcut.label).closest('dt')?.nextElementSibling;
      const shown = [...(keys?.querySelectorAll('kbd') ?? [])].map((kbd) => kbd.textContent);
      expect(shown).toEqual(shortcut.bindings.map(bindingText));
    }
    // Where a key acts only in some places, the sheet says so.
    expect(moving.getByText('Column to the right').closest('dt')).toHaveTextContent('on boards');
    const labelKeys = acting.getByText('Add or remove a label').closest('dt')?.nextElementSibling;
    expect(labelKeys).toHaveTextContent('l(not on boards)orShift L');
    expect(moving.getByText('Next task').closest('dt')).toHaveTextContent(/^Next task$/);

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
