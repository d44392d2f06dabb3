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
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTheme } from '../../../components/theme-provider.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchResults } from '../api/search.ts';
import type { CommandPage } from './command-provider.tsx';
import { Highlighted } from './highlighted.tsx';
import { isExactCommandMatch, plainHighlight } from './plain-highlight.ts';

/** A pause in typing before the search is sent. */
const PALETTE_DEBOUNCE_MS = 200;

const groupHeading: Record<SearchKind, string> = {
  product: 'Products',
  task: 'Tasks',
  comment: 'Comments',
  event: 'Events',
  person: 'People',
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

const itemClass =
  'flex cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';
const groupClass =
  'overflow-hidden p-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:text-xs';

const matchesText = (label: string, query: string) => label.toLowerCase().includes(query.toLowerCase());

/**
 * Ctrl/⌘+K (issue 16): search results grouped by kind, every page, and the app's actions, in one
 * dialog driven from the keyboard (a combobox and its listbox, by cmdk).
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
  const query = useDebouncedValue(input.trim(), PALETTE_DEBOUNCE_MS);
  const results = useSearchResults(open ? query : '');
  const navigate = useNavigate();
  const { setTheme } = useTheme();

  const close = () => {
    onOpenChange(false);
    setInput('');
  };
  const run = (what: () => void) => () => {
    close();
    what();
  };

  const actions: Action[] = [
    ...(onNewTask ? [{ id: 'new-task', label: 'New task', icon: PlusIcon, run: onNewTask }] : []),
    ...(canCreateProduct(role)
      ? [
          {
            id: 'new-product',
            label: 'New product',
            icon: PackagePlusIcon,
            run: () => navigate(paths.newProduct()),
          },
        ]
      : []),
    { id: 'theme-light', label: 'Switch theme: Light', icon: SunIcon, run: () => setTheme('light') },
    { id: 'theme-dark', label: 'Switch theme: Dark', icon: MoonIcon, run: () => setTheme('dark') },
    { id: 'theme-system', label: 'Switch theme: System', icon: MonitorIcon, run: () => setTheme('system') },
    { id: 'shortcuts', label: 'Keyboard shortcuts', icon: KeyboardIcon, run: onShowShortcuts },
    { id: 'sign-out', label: 'Sign out', icon: LogOutIcon, run: onSignOut },
  ].filter((action) => matchesText(action.label, input.trim()));
  const goTo = pages.filter((page) => matchesText(page.label, input.trim()));

  const searching = input.trim() !== '';
  const groups = searching && results.data ? results.data.groups : [];
  const hitCount = groups.reduce((sum, group) => sum + group.hits.length, 0);
  const settled = !searching || (query === input.trim() && !results.isFetching);
  // The first option is the one Enter opens, also when results arrive after the typing (cmdk alone
  // keeps the selection it made before they came).
  // A command whose name is what was typed comes before content (issue 28): "sign" → Sign out.
  const commandsFirst = [...goTo.map((page) => page.label), ...actions.map((action) => action.label)].some(
    (label) => isExactCommandMatch(label, input),
  );
  const hitValues = groups.flatMap((group) => group.hits.map(hitValue));
  const commandValues = [
    ...goTo.map((page) => `page:${page.to}`),
    ...actions.map((action) => `action:${action.id}`),
  ];
  const values = commandsFirst ? [...commandValues, ...hitValues] : [...hitValues, ...commandValues];
  const selected = values.includes(chosen) ? chosen : (values[0] ?? '');
  const announcement = settled ? `${hitCount + goTo.length + actions.length} results` : 'Searching…';

  const hitGroups = groups.map((group) => (
    <Command.Group key={group.kind} heading={groupHeading[group.kind]} className={groupClass}>
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
        className="top-[15%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Search products, tasks, comments and events, go to a page or run an action.
        </DialogDescription>
        <Command
          shouldFilter={false}
          value={selected}
          onValueChange={setChosen}
          label="Command palette"
          loop
          className="flex flex-col"
        >
          <Command.Input
            value={input}
            onValueChange={setInput}
            placeholder="Search or type a command…"
            className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
          />
          <div role="status" aria-live="polite" className="sr-only">
            {announcement}
          </div>
          <Command.List className="max-h-[min(60vh,28rem)] overflow-y-auto overscroll-contain p-1">
            {settled ? (
              <Command.Empty className="py-6 text-center text-sm">{searchMessages.noResults}</Command.Empty>
            ) : null}
            {searching && results.isError ? (
              <p className="px-3 py-2 text-destructive text-sm">{results.error.message}</p>
            ) : null}
            {commandsFirst ? null : hitGroups}
            {goTo.length > 0 ? (
              <Command.Group heading="Go to" className={groupClass}>
                {goTo.map((page) => (
                  <Command.Item
                    key={page.to}
                    value={`page:${page.to}`}
                    onSelect={run(() => navigate(page.to))}
                    className={itemClass}
                  >
                    <CornerDownRightIcon aria-hidden="true" />
                    {page.label}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {actions.length > 0 ? (
              <Command.Group heading="Actions" className={groupClass}>
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
            <span className="mr-2 font-mono text-muted-foreground text-xs tabular-nums">{hit.taskKey}</span>
          ) : null}
          <Highlighted pieces={plainHighlight(hit.title, query)} />
        </span>
        {snippet ? <span className="truncate text-muted-foreground text-xs">{snippet}</span> : null}
      </span>
      {hit.context ? <span className="shrink-0 text-muted-foreground text-xs">{hit.context}</span> : null}
    </Command.Item>
  );
}
