import { type ReactNode, useRef } from 'react';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose, DialogContent, type DialogContentProps, DialogFooter } from './ui/dialog.tsx';

export type FormDialogProps = Omit<DialogContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While a save is in flight the dialog refuses to close. */
  pending: boolean;
};

/**
 * The shell of a form dialog opened without a DialogTrigger (from a menu item or a plain button).
 * A save in flight finishes (and toasts) before the dialog may close, and since Radix would drop
 * focus on the page when it closes, focus goes back to whatever had it when the dialog opened.
 */
export function FormDialog({ open, onOpenChange, pending, children, ...contentProps }: FormDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        {...contentProps}
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocus.current?.isConnected) returnFocus.current.focus();
          returnFocus.current = null;
        }}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}

export type FormDialogFooterProps = {
  pending: boolean;
  submitLabel: ReactNode;
  className?: string;
};

/** 'Cancel' (disabled while saving) and the form's submit button. */
export function FormDialogFooter({ pending, submitLabel, className }: FormDialogFooterProps) {
  return (
    <DialogFooter className={className}>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
