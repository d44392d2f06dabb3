import type { CreateProduct, Product } from '@shipyard/shared';
import { useId, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useProductTemplates, useProductTemplateWrites } from '../api/templates.ts';

/** How the known parts read; a part another module adds reads by its name. */
const NOUNS: Record<string, (count: number) => string> = {
  labels: (count) => t('{{count}} labels', { count }),
  teams: (count) => t('{{count}} teams', { count }),
  tasks: (count) => t('{{count}} starter tasks', { count }),
  states: (count) => t('{{count}} workflow states', { count }),
  fields: (count) => t('{{count}} custom fields', { count }),
};
const ORDER = ['states', 'fields', 'labels', 'teams', 'tasks'];

/** "1 label, 2 teams, 5 starter tasks". */
function describeParts(summary: Record<string, number>) {
  return Object.entries(summary)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99))
    .map(([part, n]) => NOUNS[part]?.(n) ?? `${n} ${part}`)
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
  const chosen = list.find((template) => template.id === templateId);
  const summary = chosen ? describeParts(chosen.summary) : '';

  const field =
    list.length === 0 ? null : (
      <div className="grid gap-2">
        <Label htmlFor={id}>{t('Start from')}</Label>
        <OptionSelect
          id={id}
          className="w-full sm:w-80"
          value={templateId}
          onValueChange={setTemplateId}
          allLabel={t('Blank')}
          options={list.map((template) => ({ value: template.id, label: template.name }))}
        />
        {chosen ? (
          <p className="text-muted-foreground text-xs">
            {[chosen.description, summary && t('Comes with {{parts}}.', { parts: summary })]
              .filter(Boolean)
              .join(' ')}
          </p>
        ) : null}
      </div>
    );
  const create = chosen
    ? (body: CreateProduct): Promise<Product> => use.mutateAsync({ templateId: chosen.id, body })
    : undefined;
  return { field, create };
}
