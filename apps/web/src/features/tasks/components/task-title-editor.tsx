import { taskMessages as m, type Task } from '@shipyard/shared';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { PopoverContent } from '../../../components/ui/popover.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateTask } from '../api/save-task.ts';
import { useRowAnchor } from './task-bulk-picker.tsx';
import { titleError } from './task-page/task-title.tsx';

// The keyboard's `e` (issue 30): the focused task's title in a small field beside its row, opened
// with the title selected. Enter saves it as the task's page does (PATCH /tasks/{id}/update), Esc
// cancels, a refused title keeps the field open with the reason; each outcome is read out.

type Props = {
  /** The task being renamed; none: closed. */
  task: Task | undefined;
  onClose: () => void;
  /** Says the outcome to screen readers (the list's live region). */
  announce: (text: string) => void;
  /** Opened from a menu: focus goes back to its button when it closes (the key's field leaves it). */
  returnFocus?: HTMLElement | undefined;
};

export function TaskTitleEditor({ task, ...props }: Props) {
  // A new field (its draft, its error) for each task opened.
  return task ? <TitleField key={task.id} task={task} {...props} /> : null;
}

function TitleField({ task, onClose, announce, returnFocus }: Props & { task: Task }) {
  const { mutateAsync: update, isPending } = useUpdateTask();
  const anchor = useRowAnchor(task.id);
  const field = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(task.title);
  const [error, setError] = useState<string>();
  const errorId = `task-title-error-${task.id}`;

  const refuse = (reason: string) => {
    setError(reason);
    announce(reason);
  };
  const save = async () => {
    const problem = titleError(draft);
    if (problem) return refuse(problem);
    const title = draft.trim();
    if (title === task.title) return onClose();
    try {
      await update({ id: task.id, title });
      announce(t('Title changed to {{title}}', { title }));
      onClose();
    } catch (failure) {
      const description = getErrorMessage(failure, t(m.fallback));
      toast.error(t(m.updateFailed), { description });
      refuse(t('{{title}}: {{reason}}', { title: t(m.updateFailed), reason: description }));
    }
  };

  return (
    <Popover.Root
      open
      onOpenChange={(open) => {
        if (open) return;
        announce(t('Title unchanged'));
        onClose();
      }}
    >
      <Popover.Anchor virtualRef={anchor} />
      <PopoverContent
        className="grid w-[min(24rem,calc(100vw-2rem))] gap-1.5 p-3"
        aria-label={t('Title of {{key}}', { key: task.key })}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          field.current?.focus();
          field.current?.select();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus?.focus();
        }}
      >
        <Input
          ref={field}
          aria-label={t('Title')}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          value={draft}
          maxLength={200}
          readOnly={isPending}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void save();
          }}
        />
        <p id={errorId} className={error ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}>
          {error ?? t('Enter to save, Esc to cancel.')}
        </p>
      </PopoverContent>
    </Popover.Root>
  );
}
