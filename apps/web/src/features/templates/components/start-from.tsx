import type { CreateProduct, Product } from '@shipyard/shared';
import { useId, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useProductTemplates, useProductTemplateWrites } from '../api/templates.ts';

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
  const summary = chosen
    ? Object.entries(chosen.summary)
        .filter(([, n]) => n > 0)
        .map(([part, n]) => `${n} ${part}`)
        .join(' · ')
    : '';

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
