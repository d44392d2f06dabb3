import type { SearchResult } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { CalendarIcon, LinkIcon, UserIcon } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../components/theme-provider.tsx';
import { type PaletteContext, usePublishPaletteContext } from '../../../lib/palette-context.ts';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import CommandPalette from './command-palette.tsx';

// Issue 30: the palette lists the actions of what is in front of the user first (whatever
// published them, lib/palette-context), and the '…' ones open a page of choices inside it.

afterEach(() => {
  vi.unstubAllGlobals();
});

const onPickPerson = vi.fn();
const onPickDay = vi.fn();
const onShow = vi.fn();
const copyLink = vi.fn();

const context: PaletteContext = {
  heading: 'APO-1 Alpha',
  actions: [
    {
      id: 'assignee',
      label: 'Assign to…',
      icon: UserIcon,
      shortcut: 'a',
      page: {
        title: 'Assign to',
        placeholder: 'Assign to…',
        options: [
          { value: '', label: 'Unassigned' },
          { value: 'u-2', label: 'Grace Hopper' },
          { value: 'u-3', label: 'Ada Lovelace' },
        ],
        onPick: onPickPerson,
      },
    },
    {
      id: 'due',
      label: 'Set due date…',
      icon: CalendarIcon,
      page: {
        title: 'Set due date',
        placeholder: 'e.g. fri, next week',
        options: [{ value: '2026-11-30', label: 'Tomorrow', hint: 'Nov 30, 2026' }],
        fromText: (text) => (text === 'fri' ? [{ value: '2026-12-04', label: 'Dec 4, 2026' }] : []),
        empty: 'No date matches these words.',
        onPick: onPickDay,
      },
    },
    { id: 'copyLink', label: 'Copy link', icon: LinkIcon, run: copyLink },
  ],
  onShow,
};

function Publish() {
  usePublishPaletteContext(context);
  return null;
}

function renderPalette(search: SearchResult = { groups: [] }) {
  routeFetch({ 'GET /api/search': jsonResponse(200, search) });
  const props = {
    open: true,
    onOpenChange: vi.fn(),
    role: 'member' as const,
    pages: [{ to: '/tasks', label: 'Tasks' }],
    onNewTask: vi.fn(),
    onSignOut: vi.fn(),
    onShowShortcuts: vi.fn(),
  };
  const rendered = renderWithProviders(
    <ThemeProvider>
      <Publish />
      <CommandPalette {...props} />
    </ThemeProvider>,
  );
  return { ...rendered, props };
}

const input = () => screen.getByRole('combobox');
const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);
const status = () => screen.getByRole('status');

describe('the palette with tasks in front of the user', () => {
  it('lists their actions first, under their heading, with their keys, and says it shows them', () => {
    renderPalette();
    // The publisher's cue to load what its pages list.
    expect(onShow).toHaveBeenCalled();
    const group = screen.getByRole('group', { name: 'APO-1 Alpha' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Assign to…a', 'Set due date…', 'Copy link']);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    // Three of theirs, the one page and the seven app actions.
    expect(status()).toHaveTextContent('11 results');
  });

  it('ranks their matching actions above an exact command match, and that above content', async () => {
    const { user } = renderPalette({
      groups: [
        {
          kind: 'task',
          hits: [
            {
              kind: 'task',
              id: 't-9',
              title: [{ text: 'Copy the tasks page', mark: false }],
              snippet: [],
              taskId: 't-9',
              productId: 'p-1',
              context: 'Apollo',
            },
          ],
        },
      ],
    });
    await user.type(input(), 'copy');
    await screen.findByRole('group', { name: 'Tasks' });
    expect(optionNames()).toEqual(['Copy link', 'Copy the tasks pageApollo']);
    await user.clear(input());
    await user.type(input(), 'tasks');
    await screen.findByRole('group', { name: 'Tasks' });
    // "tasks" names the Tasks page exactly: it comes before the task found by its title.
    expect(optionNames()).toEqual(['Tasks', 'Copy the tasks pageApollo']);
  });

  it('opens a page: the input clears, a breadcrumb shows where it is, and it is announced', async () => {
    const { user } = renderPalette();
    await user.type(input(), 'assign');
    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('');
    expect(input()).toHaveAttribute('placeholder', 'Assign to…');
    expect(screen.getByText('APO-1 Alpha', { selector: 'span' })).toBeVisible();
    expect(screen.getByText('Assign to', { selector: 'span' })).toBeVisible();
    expect(optionNames()).toEqual(['Unassigned', 'Grace Hopper', 'Ada Lovelace']);
    expect(status()).toHaveTextContent('Assign to: 3 options');
    // No search is sent from a page.
    await user.type(input(), 'gr');
    expect(optionNames()).toEqual(['Grace Hopper']);
    expect(status()).toHaveTextContent('Assign to: 1 option');
  });

  it('applies the chosen option with Enter and closes', async () => {
    const { user, props } = renderPalette();
    await user.click(screen.getByRole('option', { name: /Assign to/ }));
    await user.type(input(), 'ada');
    await user.keyboard('{Enter}');
    expect(onPickPerson).toHaveBeenCalledWith({ value: 'u-3', label: 'Ada Lovelace' });
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('goes back one page with Backspace on an empty input, and with Esc; Esc on the actions closes', async () => {
    const { user, props } = renderPalette();
    await user.click(screen.getByRole('option', { name: /Assign to/ }));
    await user.type(input(), 'g');
    await user.keyboard('{Backspace}');
    // The first Backspace deletes the letter; the page stays.
    expect(status()).toHaveTextContent('Assign to: 3 options');
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('group', { name: 'APO-1 Alpha' })).toBeInTheDocument();
    // Back where it came from: the action that opened the page is the selected one.
    expect(screen.getByRole('option', { name: /Assign to/ })).toHaveAttribute('aria-selected', 'true');
    expect(status()).toHaveTextContent('11 results');

    await user.keyboard('{Enter}');
    expect(input()).toHaveAttribute('placeholder', 'Assign to…');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('group', { name: 'APO-1 Alpha' })).toBeInTheDocument();
    expect(props.onOpenChange).not.toHaveBeenCalledWith(false);
    await user.keyboard('{Escape}');
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('goes back with the breadcrumb’s Back button', async () => {
    const { user } = renderPalette();
    await user.click(screen.getByRole('option', { name: /Set due date/ }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('group', { name: 'APO-1 Alpha' })).toBeInTheDocument();
  });

  it('lists a day read from the words typed first, and says when the words name none', async () => {
    const { user } = renderPalette();
    await user.click(screen.getByRole('option', { name: /Set due date/ }));
    expect(optionNames()).toEqual(['TomorrowNov 30, 2026']);
    await user.type(input(), 'fri');
    expect(optionNames()).toEqual(['Dec 4, 2026']);
    await user.keyboard('{Enter}');
    expect(onPickDay).toHaveBeenCalledWith({ value: '2026-12-04', label: 'Dec 4, 2026' });
  });

  it('says so when the words name no day', async () => {
    const { user } = renderPalette();
    await user.click(screen.getByRole('option', { name: /Set due date/ }));
    await user.type(input(), 'someday');
    expect(await screen.findByText('No date matches these words.')).toBeVisible();
    expect(status()).toHaveTextContent('Set due date: 0 options');
  });

  it('runs an action without a page at once and closes', async () => {
    const { user, props } = renderPalette();
    await user.click(screen.getByRole('option', { name: 'Copy link' }));
    expect(copyLink).toHaveBeenCalledTimes(1);
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(input()).toHaveValue(''));
  });
});
