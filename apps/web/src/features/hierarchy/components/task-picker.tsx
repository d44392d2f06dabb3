import { SearchIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useTaskSearch } from '../api/hierarchy.ts';

export type PickedTask = { id: string; key: string; title: string };

/**
 * Finds a task by its title or key among those the viewer sees (of one product with
 * `productId`), and answers the one chosen. `exclude`: ids not to offer (the task itself).
 */
export function TaskPicker({
  label,
  productId,
  exclude = [],
  onPick,
  disabled,
}: {
  label: string;
  productId?: string;
  exclude?: readonly string[];
  onPick: (task: PickedTask) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const found = useTaskSearch(deferred, productId);
  const listId = useId();
  const results = deferred ? (found.data?.data ?? []).filter((task) => !exclude.includes(task.id)) : [];
  return (
    <div className="grid gap-1.5">
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 start-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={label}
          aria-controls={listId}
          placeholder={label}
          value={search}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
          className="h-8 ps-8 text-sm"
        />
      </div>
      <ul id={listId} aria-label={t('Matching tasks')} className="grid gap-0.5">
        {results.map((task) => (
          <li key={task.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                onPick({ id: task.id, key: task.key, title: task.title });
                setSearch('');
              }}
              className="flex w-full min-w-0 items-baseline gap-2 rounded-md px-2 py-1.5 text-start text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="shrink-0 font-mono text-muted-foreground text-xs">{task.key}</span>
              <span className="truncate">{task.title}</span>
            </button>
          </li>
        ))}
        {deferred && found.isSuccess && results.length === 0 ? (
          <li className="px-2 py-1.5 text-muted-foreground text-sm">{t('No matching tasks.')}</li>
        ) : null}
      </ul>
    </div>
  );
}
