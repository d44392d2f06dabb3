import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { Input } from './ui/input.tsx';

/** How long typing pauses before a search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

type SearchBoxProps = {
  /** The search in effect (often from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onChange: (search: string) => void;
  /** The accessible name, e.g. 'Search tasks'. */
  label: string;
  placeholder: string;
  className?: string;
};

/**
 * A search input that sends its trimmed text once typing pauses, clears with Escape or its ×
 * button, and follows `value` when it changes by other means (back button, 'Clear filters').
 */
export function SearchBox({ value, onChange, label, placeholder, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The latest callback, without restarting the pause whenever the caller makes a new one.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      latestOnChange.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className={cn('relative min-w-0 flex-1', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
          }
        }}
        className="pe-9 ps-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' ? (
        <button
          type="button"
          aria-label={t('Clear search')}
          onClick={() => setText('')}
          className="absolute top-1/2 end-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
