import { type EventScope, occurrenceMessages as om } from '@shipyard/shared';
import type { RefObject } from 'react';
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
import { t } from '../../../lib/i18n/index.ts';

export type OccurrenceScopeDialogProps = {
  /** What is asked: null keeps the dialog closed. */
  action: 'edit' | 'delete' | null;
  onClose: () => void;
  onChoose: (scope: EventScope) => void;
  /** A delete is running: the choices wait. */
  pending?: boolean;
  /** Where focus goes back on close (the card's menu button). */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

const SCOPES = ['this', 'following', 'all'] as const satisfies readonly EventScope[];

/**
 * Editing or deleting one date of a repeating event asks what it applies to, as Google Calendar
 * and Outlook do (docs/decisions/042-event-exceptions.md): this event, this and following events,
 * or all events.
 */
export function OccurrenceScopeDialog({
  action,
  onClose,
  onChoose,
  pending = false,
  returnFocusRef,
}: OccurrenceScopeDialogProps) {
  const deleting = action === 'delete';
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent
        className="sm:max-w-sm"
        showCloseButton={false}
        onCloseAutoFocus={returnFocusTo(returnFocusRef)}
      >
        <DialogHeader>
          <DialogTitle>{t(deleting ? om.deleteTitle : om.editTitle)}</DialogTitle>
          <DialogDescription>{t(deleting ? om.deleteQuestion : om.editQuestion)}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          {SCOPES.map((scope) => (
            <Button
              key={scope}
              type="button"
              variant="outline"
              className="justify-start"
              disabled={pending}
              onClick={() => onChoose(scope)}
            >
              {t(om.scopes[scope])}
            </Button>
          ))}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="ghost" disabled={pending}>
              {t('Cancel')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
