import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClearFiltersButton } from '../components/clear-filters-button.tsx';
import { kanbanCount } from '../components/kanban/kanban-texts.ts';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { ApiRequestError, getErrorMessage } from './api-client.ts';
import { loadTranslator } from './i18n/i18next-setup.ts';
import { setPageLanguage } from './i18n/index.ts';
import { english } from './i18n/translate.ts';
import { ruleWords } from './rule-words.ts';

// Issue 33: the shell's texts (locales/<code>/shell.json) as a reader of another language sees them.

afterEach(() => setPageLanguage('en', english));

const task = { one: 'task', other: 'tasks' };

describe('the shell in another language', () => {
  it('shows its own texts, plurals and the server’s common messages in German', async () => {
    setPageLanguage('de', await loadTranslator('de'));
    render(<ClearFiltersButton onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeInTheDocument();
    expect(kanbanCount(task, 1)).toBe('1 Aufgabe');
    expect(kanbanCount(task, 3)).toBe('3 Aufgaben');
    expect(new ApiRequestError('Task not found', { status: 404 }).message).toBe('Aufgabe nicht gefunden');
    expect(getErrorMessage(undefined)).toBe('Ein unbekannter Fehler ist aufgetreten.');
    expect(
      ruleWords({
        freq: 'WEEKLY',
        interval: 2,
        byDay: ['MO'],
        byMonth: null,
        byMonthDay: null,
        count: 3,
        until: null,
      }),
    ).toMatch(/^Alle 2 Wochen am Mo\.?, 3-mal$/);
  });

  it('keeps the words around a value in the order of the language (Japanese)', async () => {
    setPageLanguage('ja', await loadTranslator('ja'));
    const { container } = render(<PriorityBadge priority="high" />);
    expect(container.textContent).toBe('優先度: 高');
    expect(container.querySelector('.sr-only')?.textContent).toBe('優先度: ');
  });

  it('picks Arabic’s plural forms', async () => {
    setPageLanguage('ar', await loadTranslator('ar'));
    expect(kanbanCount({ one: 'product', other: 'products' }, 5)).toMatch(/منتجات$/);
  });

  it('reads an unknown server message as the server wrote it', async () => {
    setPageLanguage('fr', await loadTranslator('fr'));
    expect(new ApiRequestError('Something only the server says', { status: 400 }).message).toBe(
      'Something only the server says',
    );
  });
});
