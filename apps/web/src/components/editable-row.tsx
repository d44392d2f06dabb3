import { Trash2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { toast } from '../lib/toast.ts';
import { ColorSwatches } from './color-swatches.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';
import { PopoverContent } from './ui/popover.tsx';

/**
 * The parts of a settings list's row (labels, workflow states, fields, checklist items): a colour,
 * the name (InlineRename), what uses it, a delete button. A row lays them out in one line.
 */
export const editableRowClasses =
  'flex min-h-10 items-center gap-1 rounded-md border bg-card px-1 py-1 sm:gap-2 sm:px-2';

/** The row's colour: a swatch opening the palette, or a plain dot when it cannot be changed. */
export function RowColour({
  name,
  color,
  colors,
  onChange,
}: {
  name: string;
  color: string;
  colors: readonly string[];
  /** Left out: read only. */
  onChange?: (color: string) => void;
}) {
  if (!onChange) {
    return (
      <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />
    );
  }
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t('Colour of {{name}}', { name })}
          className="group flex size-10 shrink-0 items-center justify-center rounded-full outline-none sm:size-6"
        >
          <span
            aria-hidden="true"
            className="size-4 rounded-full ring-offset-2 ring-offset-background group-focus-visible:ring-2 group-focus-visible:ring-ring"
            style={{ backgroundColor: color }}
          />
        </button>
      </Popover.Trigger>
      <PopoverContent className="w-auto max-w-[calc(100vw-2rem)] p-2">
        <ColorSwatches
          colors={colors}
          label={t('Colour of {{name}}', { name })}
          value={color}
          onChange={onChange}
        />
      </PopoverContent>
    </Popover.Root>
  );
}

/** "Delete {name}"; disabled with the reason as its title when it cannot go. */
export function RowDeleteButton({
  name,
  onClick,
  disabledReason,
  className,
}: {
  name: string;
  onClick: () => void;
  disabledReason?: string;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('Delete {{name}}', { name })}
      title={disabledReason}
      disabled={disabledReason !== undefined}
      onClick={onClick}
      // 40 px to touch on a phone, 32 px beside a mouse.
      className={cn('size-10 shrink-0 sm:size-8', className)}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * Asks before a row is deleted; stays open until the server answers, toasts the outcome and closes
 * on success.
 */
export function ConfirmRowDelete<T>({
  item,
  onClose,
  title,
  description,
  pending,
  remove,
  texts,
}: {
  /** The row to delete; the dialog is open while there is one. */
  item: T | undefined;
  onClose: () => void;
  title: ReactNode;
  description: (item: T) => ReactNode;
  pending: boolean;
  remove: (item: T) => Promise<unknown>;
  texts: { deleted: string; failed: string };
}) {
  // Opened from a row's button, not a trigger: on close, focus goes back to that button.
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = item !== undefined;
  useLayoutEffect(() => {
    if (open)
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <ConfirmDialog
      returnFocusRef={returnFocus}
      open={open}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item === undefined ? '' : description(item)}
      confirmLabel={t('Delete')}
      pendingLabel={t('Deleting...')}
      pending={pending}
      onConfirm={() => {
        if (item === undefined) return;
        remove(item).then(
          () => {
            toast.success(texts.deleted);
            onClose();
          },
          (error: unknown) => toast.error(texts.failed, { description: getErrorMessage(error) }),
        );
      }}
    />
  );
}
