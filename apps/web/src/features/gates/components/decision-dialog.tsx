import { GATE_COMMENT_MAX } from '@shipyard/shared';
import { useId, useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../../components/form-dialog.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { t } from '../../../lib/i18n/index.ts';

type Props = {
  open: boolean;
  decision: 'approve' | 'reject';
  label: string;
  onOpenChange: (open: boolean) => void;
  /** Resolves once saved (the dialog closes); throws to stay open (the write toasts why). */
  onSubmit: (comment: string) => Promise<void>;
};

/** Approve or reject an approval criterion, with an optional comment (issue 32). */
export function DecisionDialog({ open, decision, label, onOpenChange, onSubmit }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DecisionForm decision={decision} label={label} onSubmit={onSubmit} />
    </FormDialog>
  );
}

function DecisionForm({ decision, label, onSubmit }: Omit<Props, 'open' | 'onOpenChange'>) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setPending(true);
        onSubmit(comment.trim())
          .catch(() => undefined)
          .finally(() => setPending(false));
      }}
    >
      <DialogHeader>
        <DialogTitle>
          {decision === 'approve' ? t('Approve “{{label}}”', { label }) : t('Reject “{{label}}”', { label })}
        </DialogTitle>
        <DialogDescription>
          {decision === 'approve'
            ? t('Your approval counts while the product stays in this stage.')
            : t('A rejection keeps the criterion unmet until you approve it.')}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t('Comment (optional)')}</Label>
        <Textarea
          id={id}
          value={comment}
          maxLength={GATE_COMMENT_MAX}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <FormDialogFooter pending={pending} submitLabel={decision === 'approve' ? t('Approve') : t('Reject')} />
    </form>
  );
}
