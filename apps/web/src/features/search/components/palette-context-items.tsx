import { Command } from 'cmdk';
import { ArrowLeftIcon, CheckIcon, ChevronRightIcon } from 'lucide-react';
import { t } from '../../../lib/i18n/index.ts';
import type {
  PaletteAction,
  PaletteContext,
  PaletteOption,
  PalettePage,
} from '../../../lib/palette-context.ts';

// The palette's part of issue 30: the actions of what is in front of the user (lib/palette-context),
// listed first, and the pages they open inside the palette (Assign to → the people).

export const itemClass =
  'flex cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';
export const groupClass =
  'overflow-hidden p-1 [&_[cmdk-group-heading]]:truncate [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:text-xs';

export const matchesText = (label: string, query: string) =>
  label.toLowerCase().includes(query.trim().toLowerCase());

export const contextValue = (action: PaletteAction) => `context:${action.id}`;

/** A page's options for what is typed: those made from the text, then those whose label matches. */
export function pageOptions(
  page: PalettePage,
  input: string,
): Array<{ value: string; option: PaletteOption }> {
  const matching = page.options.filter((option) => matchesText(option.label, input));
  const typed = (input.trim() === '' ? [] : (page.fromText?.(input) ?? [])).filter(
    (option) => !matching.some((m) => m.value === option.value),
  );
  return [
    ...typed.map((option) => ({ value: `typed:${option.value}`, option })),
    ...matching.map((option) => ({ value: `option:${option.value}`, option })),
  ];
}

/** The context's actions that match what is typed, under the context's heading. */
export function ContextGroup({
  heading,
  actions,
  onSelect,
}: {
  heading: string;
  actions: readonly PaletteAction[];
  onSelect: (action: PaletteAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <Command.Group heading={heading} className={groupClass}>
      {actions.map((action) => (
        <Command.Item
          key={action.id}
          value={contextValue(action)}
          onSelect={() => onSelect(action)}
          className={itemClass}
        >
          <action.icon aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">{action.label}</span>
          {action.shortcut ? (
            <kbd className="rounded border bg-muted px-1.5 font-mono max-sm:hidden text-[0.7rem] text-muted-foreground">
              {action.shortcut}
            </kbd>
          ) : null}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** A nested page's options. */
export function PageOptions({
  items,
  onPick,
}: {
  items: ReturnType<typeof pageOptions>;
  onPick: (option: PaletteOption) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Command.Group className={groupClass}>
      {items.map(({ value, option }) => (
        <Command.Item key={value} value={value} onSelect={() => onPick(option)} className={itemClass}>
          {option.icon}
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          {option.hint ? <span className="shrink-0 text-muted-foreground text-xs">{option.hint}</span> : null}
          {option.checked ? <CheckIcon aria-label={t('chosen')} className="text-primary!" /> : null}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** Where the palette is: the context, then the page; the arrow goes back one page. */
export function PaletteBreadcrumb({
  context,
  page,
  onBack,
}: {
  context: PaletteContext;
  page: PalettePage;
  onBack: () => void;
}) {
  const chip = 'min-w-0 truncate rounded-md bg-muted px-2 py-0.5 font-medium text-muted-foreground text-xs';
  return (
    <div className="flex items-center gap-1.5 px-3 pt-3 text-xs">
      <button
        type="button"
        aria-label={t('Back')}
        onClick={onBack}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-3.5"
      >
        <ArrowLeftIcon aria-hidden="true" />
      </button>
      <span className={`${chip} max-w-[55%]`}>{context.heading}</span>
      <ChevronRightIcon aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
      <span className={`${chip} shrink-0 text-foreground`}>{page.title}</span>
    </div>
  );
}
