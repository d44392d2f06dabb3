import { CreateTaskSchema, taskMessages as m } from '@shipyard/shared';
import { PlusIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { toast } from '../../../lib/toast.ts';
import { useQuickCreateTask } from '../api/quick-create.ts';
import type { TaskDefaults } from './task-defaults.ts';
import { useNewTaskContext } from './use-new-task-context.ts';

// Issue 33: marked with k(), translated with t() where shown.
const inlineCreateTexts = {
  open: k('Add task'),
  placeholder: k('Task title, then Enter'),
  product: k('Product of the new task'),
  hint: k('Enter to add · Esc to close'),
} as const;

type InlineTaskCreateProps = {
  /** Where the line is: its product, status and the list's filters (taskDefaultsFrom). */
  defaults: TaskDefaults;
  /** What the line is named for ('Add task to In Progress'). */
  label?: string;
  className?: string;
};

/**
 * Issue 28's fast creation: an "Add task" line at the foot of a board column or a task list.
 * Typing a title and Enter creates the task with the line's defaults; it shows at once (the
 * optimistic guess), the field is cleared and keeps the focus for the next; Esc closes. A refused
 * task is taken out again with an error toast. Without a product in the defaults (all of /tasks)
 * a product select comes first.
 */
export function InlineTaskCreate({
  defaults,
  label = t(inlineCreateTexts.open),
  className,
}: InlineTaskCreateProps) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('justify-start text-muted-foreground', className)}
        onClick={() => setOpen(true)}
        aria-label={label}
      >
        <PlusIcon aria-hidden="true" />
        {t(inlineCreateTexts.open)}
      </Button>
    );
  }
  return (
    <InlineTaskLine defaults={defaults} label={label} className={className} onClose={() => setOpen(false)} />
  );
}

function InlineTaskLine({
  defaults,
  label,
  className,
  onClose,
}: Required<Pick<InlineTaskCreateProps, 'defaults' | 'label'>> & {
  className?: string | undefined;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [chosenProduct, setChosenProduct] = useState('');
  const productId = defaults.projectId ?? chosenProduct;
  const products = useProductOptions();
  const { context } = useNewTaskContext(productId || undefined, defaults, defaults);
  const create = useQuickCreateTask();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  // The line opens for typing at once.
  useEffect(() => inputRef.current?.focus(), []);

  const submit = () => {
    const parsed = CreateTaskSchema.safeParse({
      title,
      projectId: productId,
      status: defaults.status,
      ...(defaults.stateId && { stateId: defaults.stateId }),
      priority: defaults.priority,
      phase: defaults.phase,
      assigneeId: defaults.assigneeId,
      teamId: defaults.teamId,
    });
    if (!parsed.success || !context) {
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      setError(
        t(issue?.path[0] === 'title' || !productId ? (issue?.message ?? m.productRequired) : m.fallback),
      );
      return;
    }
    setError(undefined);
    setTitle('');
    inputRef.current?.focus();
    create(parsed.data, context).catch((err: unknown) =>
      toast.error(t(m.createFailed), { description: getErrorMessage(err, t(m.fallback)) }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-slot="inline-task-create">
      {defaults.projectId ? null : (
        <OptionSelect
          aria-label={t(inlineCreateTexts.product)}
          value={chosenProduct}
          onValueChange={(value) => {
            setChosenProduct(value);
            inputRef.current?.focus();
          }}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          className="h-8 w-full"
        />
      )}
      <Input
        ref={inputRef}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={t(inlineCreateTexts.placeholder)}
        maxLength={200}
        autoComplete="off"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (title.trim() === '' && defaults.projectId) onClose();
        }}
        className="h-8 bg-card"
      />
      {error ? (
        <p id={errorId} className="text-destructive text-xs">
          {error}
        </p>
      ) : (
        <p className="text-muted-foreground text-xs">{t(inlineCreateTexts.hint)}</p>
      )}
    </div>
  );
}
