import {
  type BaseSyntheticEvent,
  createContext,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
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

type FormDialogContextValue = { layout: FormDialogLayout; setSaving: (saving: boolean) => void };

const FormDialogContext = createContext<FormDialogContextValue>({ layout: 'plain', setSaving: () => {} });

export type FormDialogProps = Omit<DialogContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * While a save is in flight the dialog refuses to close. A FormDialogForm inside tells it of its
   * own save; this is for a dialog that saves otherwise.
   */
  pending?: boolean;
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
  pending = false,
  layout = 'plain',
  className,
  children,
  ...contentProps
}: FormDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const context = useMemo(() => ({ layout, setSaving }), [layout]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && (pending || saving)) return;
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
        <FormDialogContext.Provider value={context}>{children}</FormDialogContext.Provider>
      </DialogContent>
    </Dialog>
  );
}

export type FormDialogFooterProps = {
  pending: boolean;
  submitLabel: ReactNode;
  className?: string;
  /** Before the buttons, at the footer's start (a "Create more" switch). */
  start?: ReactNode;
};

/** 'Cancel' (disabled while saving) and the form's submit button. */
export function FormDialogFooter({ pending, submitLabel, className, start }: FormDialogFooterProps) {
  return (
    <DialogFooter className={className}>
      {start ? <div className="flex items-center sm:me-auto">{start}</div> : null}
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          {t('Cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

type FormDialogFormProps<TFieldValues extends FieldValues, TTransformedValues> = {
  /** The form and its submit handler, as useServerForm returns them. */
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The dialog's title and the line under it (its accessible name and description). */
  title: ReactNode;
  description: ReactNode;
  /** A save is in flight: Cancel and submit are disabled, and the dialog stays open. */
  pending: boolean;
  submitLabel: ReactNode;
  /** The fields, in the order they are read. */
  children: ReactNode;
  /** At the footer's start, before Cancel (FormDialogFooter's `start`). */
  footerStart?: ReactNode;
};

/**
 * The create-or-edit form of a FormDialog: title, description, the fields, then Cancel and
 * submit, laid out as the FormDialog's `layout` says. Put it in a component of its own inside the
 * FormDialog, with the form's hooks: it mounts at each opening, so every opening starts afresh.
 */
export function FormDialogForm<TFieldValues extends FieldValues, TTransformedValues>({
  form,
  onSubmit,
  title,
  description,
  pending,
  submitLabel,
  children,
  footerStart,
}: FormDialogFormProps<TFieldValues, TTransformedValues>) {
  const { layout, setSaving } = useContext(FormDialogContext);
  const sections = layout === 'sections';
  // The dialog around refuses to close while this form saves (before paint, as a prop would).
  useLayoutEffect(() => setSaving(pending), [pending, setSaving]);
  useLayoutEffect(() => () => setSaving(false), [setSaving]);

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
          start={footerStart}
        />
      </form>
    </Form>
  );
}
