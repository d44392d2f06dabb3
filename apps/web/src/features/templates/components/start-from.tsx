import type { CreateProduct, Product } from '@shipyard/shared';
import { useId, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useProductTemplates, useProductTemplateWrites } from '../api/templates.ts';

/** How the known parts read; a part another module adds reads by its name. */
const NOUNS: Record<string, [string, string]> = {
  labels: ['label', 'labels'],
  teams: ['team', 'teams'],
  tasks: ['starter task', 'starter tasks'],
  states: ['workflow state', 'workflow states'],
  fields: ['custom field', 'custom fields'],
};
const ORDER = ['states', 'fields', 'labels', 'teams', 'tasks'];

/** "1 label, 2 teams, 5 starter tasks". */
function describeParts(summary: Record<string, number>) {
  return Object.entries(summary)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99))
    .map(([part, n]) => {
      const [one, many] = NOUNS[part] ?? [part, part];
      return `${n} ${n === 1 ? one : many}`;
    })
    .join(', ');
}

/**
 * /new-product's "Start from" (issue 29): Blank (the spec's form as it is) or a product template,
 * whose labels, team types and starter tasks the new product gets in the same transaction. Shown
 * only when the workspace has templates; the form below keeps the spec's fields and messages.
 */
export function useStartFrom() {
  const id = useId();
  const templates = useProductTemplates();
  const { use } = useProductTemplateWrites();
  const [templateId, setTemplateId] = useState('');
  const list = templates.data?.data ?? [];
  const chosen = list.find((t) => t.id === templateId);
  const summary = chosen ? describeParts(chosen.summary) : '';

  const field =
    list.length === 0 ? null : (
      <div className="grid gap-2">
        <Label htmlFor={id}>Start from</Label>
        <OptionSelect
          id={id}
          className="w-full sm:w-80"
          value={templateId}
          onValueChange={setTemplateId}
          allLabel="Blank"
          options={list.map((t) => ({ value: t.id, label: t.name }))}
        />
        {chosen ? (
          <p className="text-muted-foreground text-xs">
            {[chosen.description, summary && `Comes with ${summary}.`].filter(Boolean).join(' ')}
          </p>
        ) : null}
      </div>
    );
  const create = chosen
    ? (body: CreateProduct): Promise<Product> => use.mutateAsync({ templateId: chosen.id, body })
    : undefined;
  return { field, create };
}
