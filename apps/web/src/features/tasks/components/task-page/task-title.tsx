import { CreateTaskSchema } from '@shipyard/shared';
import { type Ref, useCallback, useImperativeHandle, useState } from 'react';
import { z } from 'zod/mini';
import { Input } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { t } from '../../../../lib/i18n/index.ts';

const TitleSchema = CreateTaskSchema.shape.title;

/** The title's first problem, in the task form's words ('Title is required'), or undefined. */
export function titleError(value: string): string | undefined {
  const parsed = z.safeParse(TitleSchema, value);
  const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return message === undefined ? undefined : t(message);
}

/** What the page's keys and the palette ask of the title (issue 30: `e`). */
export type TaskTitleHandle = {
  /** Turns the title into its field, its text selected; nothing when the viewer may not edit it. */
  edit: () => void;
};

type TaskTitleProps = {
  ref?: Ref<TaskTitleHandle>;
  title: string;
  canEdit: boolean;
  /** Saves the trimmed title; answers whether it was saved. */
  onSave: (title: string) => Promise<boolean>;
};

/**
 * The title, edited in place: a click (or Enter on it) turns it into a field, Enter saves,
 * Escape or leaving it unchanged cancels. A refused title keeps the field open with the reason.
 */
export function TaskTitle({ ref, title, canEdit, onSave }: TaskTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // Opened from the keyboard (`e`) or the palette: the text is selected, to type over it.
  const [selectOnOpen, setSelectOnOpen] = useState(false);
  useImperativeHandle(
    ref,
    () => ({
      edit: () => {
        if (!canEdit) return;
        setSelectOnOpen(true);
        setDraft((current) => current ?? title);
      },
    }),
    [canEdit, title],
  );
  // Called as the field mounts (after its autoFocus), or when a key asks again while it is open.
  const selectField = useCallback(
    (field: HTMLInputElement | null) => {
      if (field && selectOnOpen) field.select();
    },
    [selectOnOpen],
  );

  if (!canEdit) {
    return <h1 className="break-words font-semibold text-2xl tracking-tight">{title}</h1>;
  }
  if (draft === null) {
    return (
      <h1 className="font-semibold text-2xl tracking-tight">
        <button
          type="button"
          onClick={() => {
            setSelectOnOpen(false);
            setDraft(title);
          }}
          title={t('Rename')}
          className="-mx-1 w-full cursor-text break-words rounded-md px-1 text-start outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {title}
          <span className="sr-only">{` ${t('(rename)')}`}</span>
        </button>
      </h1>
    );
  }

  const cancel = () => {
    setDraft(null);
    setError(undefined);
  };
  const submit = async () => {
    const problem = titleError(draft);
    if (problem) return setError(problem);
    const next = draft.trim();
    if (next === title) return cancel();
    setDraft(null);
    setError(undefined);
    if (!(await onSave(next))) setDraft(next);
  };

  return (
    <div className="grid gap-1.5">
      <Input
        autoFocus
        ref={selectField}
        data-own-escape=""
        aria-label={t('Title')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'task-title-error' : undefined}
        value={draft}
        maxLength={200}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        onBlur={() => {
          if (draft.trim() === title) cancel();
        }}
        className={cn('h-auto py-1 font-semibold text-xl md:text-xl')}
      />
      {error ? (
        <p id="task-title-error" className="text-destructive text-sm">
          {error}
        </p>
      ) : (
        <p className="text-muted-foreground text-xs">{t('Enter to save, Escape to cancel.')}</p>
      )}
    </div>
  );
}
