import { STAGE_OVERRIDE_REASON_MAX, type UnmetCriterion } from '@shipyard/shared';
import { CircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { kindName, stageName } from './gate-texts.ts';

/** A refused move as the products feature hands it over (its StageMoveRefusal, structurally). */
export type GateRefusal = {
  productId: string;
  message: string;
  details: unknown;
  retry: (override: { reason: string }) => Promise<unknown>;
};

/** The 409 GATE_UNMET's details, read defensively (it comes from the network). */
function refusalDetails(details: unknown): { unmet: UnmetCriterion[]; canOverride: boolean } {
  const d = (details ?? {}) as { unmet?: unknown; canOverride?: unknown };
  return {
    unmet: Array.isArray(d.unmet) ? (d.unmet as UnmetCriterion[]) : [],
    canOverride: d.canOverride === true,
  };
}

/**
 * A move a stage gate refused (issue 32): the unmet exit criteria, and for those allowed (an
 * admin, the product's creator) "Override and move" with a required reason, which retries the move.
 */
export function GateRefusalDialog({
  refusal,
  onOpenChange,
}: {
  refusal: GateRefusal | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={refusal !== undefined} onOpenChange={onOpenChange}>
      {refusal ? <RefusalBody refusal={refusal} close={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function RefusalBody({ refusal, close }: { refusal: GateRefusal; close: () => void }) {
  const id = useId();
  const { unmet, canOverride } = refusalDetails(refusal.details);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setFailure(t('A reason is required to override the stage gate'));
          return;
        }
        setPending(true);
        setFailure(undefined);
        refusal
          .retry({ reason: reason.trim() })
          .then(close, (error: unknown) => setFailure(getErrorMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('The stage gate is not met')}</DialogTitle>
        <DialogDescription>{refusal.message}</DialogDescription>
      </DialogHeader>
      <ul className="grid gap-2" aria-label={t('Unmet exit criteria')}>
        {unmet.map((u) => (
          <li key={`${u.stage}-${u.id}`} className="flex items-start gap-2 text-sm">
            <CircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0">
              <span className="font-medium">{u.label}</span>
              <span className="block text-muted-foreground text-xs">
                {stageName(u.stage)} · {kindName(u.kind)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {canOverride ? (
        <div className="grid gap-2">
          <Label htmlFor={id}>{t('Reason for the override')}</Label>
          <Textarea
            id={id}
            value={reason}
            maxLength={STAGE_OVERRIDE_REASON_MAX}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {failure ? (
            <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
              {failure}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {t('Meet the criteria first, or ask an admin or the product’s creator to override the gate.')}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {canOverride ? t('Cancel') : t('Close')}
          </Button>
        </DialogClose>
        {canOverride ? (
          <Button type="submit" pending={pending}>
            {t('Override and move')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}

/** The dialog's state for a page: hand `onRefused` to the products feature, render `dialog`. */
export function useGateRefusal() {
  const [refusal, setRefusal] = useState<GateRefusal | undefined>();
  return {
    onRefused: setRefusal as (refusal: GateRefusal) => void,
    dialog: (
      <GateRefusalDialog refusal={refusal} onOpenChange={(open) => (open ? null : setRefusal(undefined))} />
    ),
  };
}
