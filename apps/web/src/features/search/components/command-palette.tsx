import {
  canCreateProduct,
  type Role,
  type SearchHit,
  type SearchKind,
  searchMessages,
} from '@shipyard/shared';
import { Command } from 'cmdk';
import {
  CalendarDaysIcon,
  CornerDownRightIcon,
  KeyboardIcon,
  ListTodoIcon,
  LogOutIcon,
  type LucideIcon,
  MessageSquareIcon,
  MonitorIcon,
  MoonIcon,
  PackageIcon,
  PackagePlusIcon,
  PlusIcon,
  SunIcon,
  UserIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTheme } from '../../../components/theme-provider.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { type PaletteAction, usePaletteCommands, usePaletteContext } from '../../../lib/palette-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchResults } from '../api/search.ts';
import type { CommandPage } from './command-provider.tsx';
import { Highlighted } from './highlighted.tsx';
import {
  ContextGroup,
  contextValue,
  groupClass,
  itemClass,
  matchesText,
  PageOptions,
  PaletteBreadcrumb,
  pageOptions,
} from './palette-context-items.tsx';
import { isExactCommandMatch, plainHighlight } from './plain-highlight.ts';

/** A pause in typing before the search is sent. */
const PALETTE_DEBOUNCE_MS = 200;

const groupHeading: Record<SearchKind, string> = {
  product: k('Products'),
  task: k('Tasks'),
  comment: k('Comments'),
  event: k('Events'),
  person: k('People'),
};
const kindIcon: Record<SearchKind, LucideIcon> = {
  product: PackageIcon,
  task: ListTodoIcon,
  comment: MessageSquareIcon,
  event: CalendarDaysIcon,
  person: UserIcon,
};

/** Where a result leads: a comment to its place on its task's page. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'product':
      return paths.product(hit.id);
    case 'task':
      return paths.task(hit.id);
    case 'comment':
      return `${paths.task(hit.taskId ?? '')}#comment-${hit.id}`;
    case 'event':
      return paths.calendar();
    case 'person':
      return paths.team();
  }
}

const hitValue = (hit: SearchHit) => `${hit.kind}:${hit.id}`;

type Action = { id: string; label: string; icon: LucideIcon; run: () => void };

export type CommandPaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  pages: readonly CommandPage[];
  onNewTask?: (() => void) | undefined;
  onSignOut: () => void;
  onShowShortcuts: () => void;
  /** Where focus goes when the palette closes (by default Radix's: the trigger, which it has none of). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * Ctrl/⌘+K (issue 16): search results grouped by kind, every page, and the app's actions, in one
 * dialog driven from the keyboard (a combobox and its listbox, by cmdk). Issue 30: the actions of
 * the tasks in front of the user come first, and some open a page of choices inside the palette.
 */
export default function CommandPalette({
  open,
  onOpenChange,
  role,
  pages,
  onNewTask,
  onSignOut,
  onShowShortcuts,
  onCloseAutoFocus,
}: CommandPaletteProps) {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState('');
  const context = usePaletteContext();
  // What features offer wherever the user is (issue 31: the timer).
  const commands = usePaletteCommands();
  const [pageId, setPageId] = useState<string>();
  // A click on an action or on Back leaves the focus in the field, where the typing goes.
  const field = useRef<HTMLInputElement>(null);
  // The open page; none when its context went away (the task left the list).
  const page = context?.actions.find((action) => action.id === pageId)?.page;
  const onShow = context?.onShow;
  useEffect(() => {
    if (open) onShow?.();
  }, [open, onShow]);
  const query = useDebouncedValue(input.trim(), PALETTE_DEBOUNCE_MS);
  const results = useSearchResults(open && !page ? query : '');
  const navigate = useNavigate();
  const { setTheme } = useTheme();

  const close = () => {
    onOpenChange(false);
    setInput('');
    setPageId(undefined);
  };
  const run = (what: () => void) => () => {
    close();
    what();
  };
  const chooseContext = (action: PaletteAction) => {
    if (!action.page) return run(action.run)();
    setPageId(action.id);
    setInput('');
    setChosen('');
    field.current?.focus();
  };
  /** One page back: to the actions, with the one that opened the page selected. */
  const back = () => {
    const from = context?.actions.find((action) => action.id === pageId);
    setPageId(undefined);
    setInput('');
    setChosen(from ? contextValue(from) : '');
    field.current?.focus();
  };

  const actions: Action[] = [
    ...commands,
    ...(onNewTask ? [{ id: 'new-task', label: t('New task'), icon: PlusIcon, run: onNewTask }] : []),
    ...(canCreateProduct(role)
      ? [
          {
            id: 'new-product',
            label: t('New product'),
            icon: PackagePlusIcon,
            run: () => navigate(paths.newProduct()),
          },
        ]
      : []),
    { id: 'theme-light', label: t('Switch theme: Light'), icon: SunIcon, run: () => setTheme('light') },
    { id: 'theme-dark', label: t('Switch theme: Dark'), icon: MoonIcon, run: () => setTheme('dark') },
    {
      id: 'theme-system',
      label: t('Switch theme: System'),
      icon: MonitorIcon,
      run: () => setTheme('system'),
    },
    { id: 'shortcuts', label: t('Keyboard shortcuts'), icon: KeyboardIcon, run: onShowShortcuts },
    { id: 'sign-out', label: t('Sign out'), icon: LogOutIcon, run: onSignOut },
  ].filter((action) => !page && matchesText(action.label, input));
  const goTo = page ? [] : pages.filter((to) => matchesText(to.label, input));
  const contextActions = page ? [] : (context?.actions ?? []).filter((a) => matchesText(a.label, input));
  const options = page ? pageOptions(page, input) : [];

  const searching = input.trim() !== '' && !page;
  const groups = searching && results.data ? results.data.groups : [];
  const hitCount = groups.reduce((sum, group) => sum + group.hits.length, 0);
  const settled = !searching || (query === input.trim() && !results.isFetching);
  // The first option is the one Enter opens, also when results arrive after the typing (cmdk alone
  // keeps the selection it made before they came).
  // A command whose name is what was typed comes before content (issue 28): "sign" → Sign out.
  // Issue 30: the actions of the tasks in front of the user come before both.
  const commandsFirst = [...goTo.map((to) => to.label), ...actions.map((action) => action.label)].some(
    (label) => isExactCommandMatch(label, input),
  );
  const hitValues = groups.flatMap((group) => group.hits.map(hitValue));
  const commandValues = [
    ...goTo.map((to) => `page:${to.to}`),
    ...actions.map((action) => `action:${action.id}`),
  ];
  const values = page
    ? options.map((o) => o.value)
    : [
        ...contextActions.map(contextValue),
        ...(commandsFirst ? [...commandValues, ...hitValues] : [...hitValues, ...commandValues]),
      ];
  const selected = values.includes(chosen) ? chosen : (values[0] ?? '');
  const announcement = page
    ? t('{{title}}: {{count}} options', { title: page.title, count: options.length })
    : settled
      ? t('{{count}} results', { count: contextActions.length + hitCount + goTo.length + actions.length })
      : t('Searching…');

  const hitGroups = groups.map((group) => (
    <Command.Group key={group.kind} heading={t(groupHeading[group.kind])} className={groupClass}>
      {group.hits.map((hit) => (
        <HitItem
          key={`${hit.kind}:${hit.id}`}
          hit={hit}
          query={query}
          onSelect={run(() => navigate(hitPath(hit)))}
        />
      ))}
    </Command.Group>
  ));

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={onCloseAutoFocus}
        // Esc on a page goes back one page; on the actions it closes.
        onEscapeKeyDown={(event) => {
          if (!page) return;
          event.preventDefault();
          back();
        }}
        // One column no wider than the dialog: a long breadcrumb truncates instead of widening it.
        className="top-[15%] translate-y-0 grid-cols-1 gap-0 overflow-hidden p-0 sm:max-w-xl"
      >
        <DialogTitle className="sr-only">{t('Command palette')}</DialogTitle>
        <DialogDescription className="sr-only">
          {t('Search products, tasks, comments and events, go to a page or run an action.')}
        </DialogDescription>
        <Command
          shouldFilter={false}
          value={selected}
          onValueChange={setChosen}
          label={
            page && context
              ? t('{{page}}: {{context}}', { page: page.title, context: context.heading })
              : t('Command palette')
          }
          loop
          className="flex flex-col"
        >
          {page && context ? <PaletteBreadcrumb context={context} page={page} onBack={back} /> : null}
          <Command.Input
            ref={field}
            value={input}
            onValueChange={setInput}
            onKeyDown={(event) => {
              if (event.key !== 'Backspace' || input !== '' || !page) return;
              event.preventDefault();
              back();
            }}
            placeholder={page ? page.placeholder : t('Search or type a command…')}
            className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
          />
          <div role="status" aria-live="polite" className="sr-only">
            {announcement}
          </div>
          <Command.List className="max-h-[min(60vh,28rem)] overflow-y-auto overscroll-contain p-1">
            {settled ? (
              <Command.Empty className="py-6 text-center text-sm">
                {page ? (page.empty ?? t(searchMessages.noResults)) : t(searchMessages.noResults)}
              </Command.Empty>
            ) : null}
            {page ? (
              <PageOptions items={options} onPick={(option) => run(() => page.onPick(option))()} />
            ) : null}
            {context ? (
              <ContextGroup heading={context.heading} actions={contextActions} onSelect={chooseContext} />
            ) : null}
            {searching && results.isError ? (
              <p className="px-3 py-2 text-destructive text-sm">{results.error.message}</p>
            ) : null}
            {commandsFirst ? null : hitGroups}
            {goTo.length > 0 ? (
              <Command.Group heading={t('Go to')} className={groupClass}>
                {goTo.map((to) => (
                  <Command.Item
                    key={to.to}
                    value={`page:${to.to}`}
                    onSelect={run(() => navigate(to.to))}
                    className={itemClass}
                  >
                    <CornerDownRightIcon aria-hidden="true" />
                    {to.label}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {actions.length > 0 ? (
              <Command.Group heading={t('Actions')} className={groupClass}>
                {actions.map((action) => (
                  <Command.Item
                    key={action.id}
                    value={`action:${action.id}`}
                    onSelect={run(action.run)}
                    className={itemClass}
                  >
                    <action.icon aria-hidden="true" />
                    {action.label}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {commandsFirst ? hitGroups : null}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

function HitItem({ hit, query, onSelect }: { hit: SearchHit; query: string; onSelect: () => void }) {
  const Icon = kindIcon[hit.kind];
  // Plain text, never markdown or a mention's user id (issue 28).
  const snippet: ReactNode =
    hit.snippet.length > 0 ? <Highlighted pieces={plainHighlight(hit.snippet, query)} /> : null;
  return (
    <Command.Item value={hitValue(hit)} onSelect={onSelect} className={itemClass}>
      <Icon aria-hidden="true" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate">
          {/* A task's key (issue 28), or a comment's task's: what "atl-12" finds. */}
          {hit.taskKey ? (
            <span className="me-2 font-mono text-muted-foreground text-xs tabular-nums">{hit.taskKey}</span>
          ) : null}
          <Highlighted pieces={plainHighlight(hit.title, query)} />
        </span>
        {snippet ? <span className="truncate text-muted-foreground text-xs">{snippet}</span> : null}
      </span>
      {hit.context ? <span className="shrink-0 text-muted-foreground text-xs">{hit.context}</span> : null}
    </Command.Item>
  );
}
