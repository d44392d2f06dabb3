import { describe, expect, it } from 'vitest';
import { INBOX_SHORTCUTS } from '../../lib/inbox-shortcuts.ts';
import { INBOX_SHEET } from './shortcut-list.ts';

describe('the ? sheet’s Inbox group', () => {
  it('lists exactly the inbox’s bound keys, from the table its key reader uses', () => {
    expect(INBOX_SHEET.lines.map((line) => line.label)).toEqual(INBOX_SHORTCUTS.map((s) => s.label));
    expect(INBOX_SHEET.lines.map((line) => line.keys)).toEqual([
      ['j', '↓'],
      ['k', '↑'],
      ['Enter', 'o'],
      ['e'],
      ['h'],
      ['u'],
    ]);
  });
});
