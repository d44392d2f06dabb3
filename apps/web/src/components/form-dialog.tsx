import { type BaseSyntheticEvent, createContext, type ReactNode, useContext, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog.tsx';
import { Form } from './ui/form.tsx';

/**
 * 'plain': the dialog's padding around one column. 'sections': a header and a footer that stay
 * put between rules while the fields scroll (long forms on a phone).
 */
export type FormDialogLayout = 'plain' | 'sections';

const LayoutContext = createContext<FormDialogLayout>('plain');

export type FormDialogProps = Omit<DialogContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While a save is in flight the dialog refuses to close. */
  pending: boolean;
  /** How a FormDialogForm inside lays itself out (default 'plain'). */
  layout?: FormDialogLayout;
};

/**
 * The shell of a form dialog opened without a DialogTrigger (from a menu item or a plain button).
 * A save in flight finishes (and toasts) before the dialog may close, and since Radix would drop
 * focus on the page when it closes, focus goes back to whatever had it when the dialog opened.
 * Its children mount only while it is open: a form inside starts afresh at every opening.
 */
export function FormDialog({
  open,
  onOpenChange,
  pending,
  layout = 'plain',
  className,
  children,
  ...contentProps
}: FormDialogProps) {
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
        className={cn(layout === 'sections' && 'flex flex-col gap-0 p-0', className)}
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocus.current?.isConnected) returnFocus.current.focus();
          returnFocus.current = null;
        }}
      >
        <LayoutContext.Provider value={layout}>{children}</LayoutContext.Provider>
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

export type FormDialogFormProps<TFieldValues extends FieldValues, TTransformedValues> = {
  /** The form and its submit handler, as useServerForm returns them. */
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The dialog's title and the line under it (its accessible name and description). */
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  submitLabel: ReactNode;
  /** The fields, in the order they are read. */
  children: ReactNode;
};

/**
 * The create-or-edit form of a FormDialog: title, description, the fields, then Cancel and
 * submit, laid out as the FormDialog's `layout` says.
 */
export function FormDialogForm<TFieldValues extends FieldValues, TTransformedValues>({
  form,
  onSubmit,
  title,
  description,
  pending,
  submitLabel,
  children,
}: FormDialogFormProps<TFieldValues, TTransformedValues>) {
  const sections = useContext(LayoutContext) === 'sections';
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className={sections ? 'flex min-h-0 flex-col' : 'grid gap-5'}>
        <DialogHeader className={sections ? 'border-b px-6 pt-6 pb-4' : undefined}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {sections ? (
          <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto px-6 py-5">{children}</div>
        ) : (
          children
        )}
        <FormDialogFooter
          className={sections ? 'border-t px-6 py-4' : undefined}
          pending={pending}
          submitLabel={submitLabel}
        />
      </form>
    </Form>
  );
}
