import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';

type AuthTab<Value extends string> = {
  value: Value;
  label: string;
  panel: ReactNode;
  panelClassName?: string;
};

type AuthTabsProps<Value extends string> = {
  tabs: AuthTab<Value>[];
  value: Value;
  onValueChange: (value: Value) => void;
};

/**
 * Login | Sign Up: the WAI-ARIA tabs pattern (arrow keys, Home and End move and select; only the
 * selected tab is in the tab order) in a few lines, looking like components/ui/tabs.tsx. Radix
 * Tabs and its roving-focus and collection helpers weigh 9 kB gzip on the public /auth page
 * (docs/decisions/005-bundle-budget.md); the signed-in pages keep using them.
 */
export function AuthTabs<Value extends string>({ tabs, value, onValueChange }: AuthTabsProps<Value>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onValueChange(tab.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next ?? 0]?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div
        ref={list}
        role="tablist"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="grid h-9 w-full grid-cols-2 items-center rounded-lg bg-muted p-[3px] text-muted-foreground"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.value)}
              className="inline-flex h-[calc(100%-1px)] cursor-pointer items-center justify-center whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-muted-foreground text-sm outline-none transition-[color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30"
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === value ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
            className={cn('flex-1 outline-none', tab.panelClassName)}
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
