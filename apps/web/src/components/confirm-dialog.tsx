import type { ReactNode, RefObject } from 'react';
import { t } from '../lib/i18n/index.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  /**
   * Called with `false` when the user dismisses the dialog, never while `pending`; with `true`
   * when the `trigger` opens it.
   */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  /**
   * The button that opens the dialog (rendered as the dialog's trigger, `asChild`); focus goes
   * back to it on close. Without one the caller opens the dialog through `open`.
   */
  trigger?: ReactNode;
  /**
   * Without a trigger Radix would drop focus on the page: on close, focus goes back to this
   * element (if it is still in the document).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * A dialog's `onCloseAutoFocus` for one opened without a trigger: focus goes back to `ref`'s
 * element (if it is still in the document) rather than to the page.
 */
export const returnFocusTo = (ref: RefObject<HTMLElement | null> | undefined) =>
  ref
    ? (event: Event) => {
        event.preventDefault();
        if (ref.current?.isConnected) ref.current.focus();
      }
    : undefined;

/**
 * A destructive confirmation, opened by its `trigger` or by the caller. It cannot be dismissed
 * while `pending`, and its action stays open until the server answers (the caller closes it on
 * success).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  trigger,
  returnFocusRef,
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(returnFocusRef)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('Cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers.
              event.preventDefault();
              onConfirm();
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
