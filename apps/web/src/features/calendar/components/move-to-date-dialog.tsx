import { isCalendarDay } from '@shipyard/shared';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { returnFocusTo } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { t } from '../../../lib/i18n/index.ts';

type MoveToDateDialogProps = {
  /** The title of what moves; null keeps the dialog closed. */
  title: string | null;
  /** The day it is on now. */
  day: string;
  onClose: () => void;
  /** The day chosen (another one than `day`). */
  onMove: (to: string) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * The keyboard's way to reschedule (a drag is not one, ARCHITECTURE §6): pick the new day of a
 * task or an event; the move is the drag's, with its Undo.
 */
export function MoveToDateDialog({ title, day, onClose, onMove, returnFocusRef }: MoveToDateDialogProps) {
  return (
    <Dialog
      open={title !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-sm" onCloseAutoFocus={returnFocusTo(returnFocusRef)}>
        {title !== null ? <MoveForm title={title} day={day} onClose={onClose} onMove={onMove} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ title, day, onClose, onMove }: Omit<MoveToDateDialogProps, 'title'> & { title: string }) {
  const id = useId();
  const [value, setValue] = useState(day);
  const valid = isCalendarDay(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (value !== day) onMove(value);
    onClose();
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('Move to date')}</DialogTitle>
        <DialogDescription>{t('Choose the new day of "{{title}}".', { title })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t('New date')}</Label>
        <Input
          id={id}
          type="date"
          value={value}
          required
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={!valid || undefined}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="ghost">
            {t('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!valid}>
          {t('Move')}
        </Button>
      </DialogFooter>
    </form>
  );
}
