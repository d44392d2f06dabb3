import type { GateCriterionState, ProductGates } from '@shipyard/shared';
import { CheckCircle2Icon, CircleIcon, ShieldCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useGateWrite, useProductGates } from '../api/gates.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { kindName, roleName, stageName } from './gate-texts.ts';

type Decide = { criterion: GateCriterionState; decision: 'approve' | 'reject' };

/**
 * The product Overview's "Stage gate" card (issue 32): the current stage's exit criteria, met or
 * not; manual items confirmed with a click, approvals requested, approved or rejected here.
 */
export function StageGateCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const query = useProductGates(productId);
  const write = useGateWrite(productId);
  const [deciding, setDeciding] = useState<Decide | undefined>();
  const gates = query.data;
  const met = gates?.current.filter((c) => c.met).length ?? 0;
  return (
    <SectionCard
      role="region"
      aria-label={t('Stage gate')}
      data-testid="stage-gate-card"
      title={t('Stage gate')}
      description={
        gates
          ? t('What must be true before the product leaves {{stage}}.', {
              stage: stageName(gates.currentStage),
            })
          : undefined
      }
      action={
        gates && gates.current.length > 0 ? (
          <Badge variant={met === gates.current.length ? 'default' : 'secondary'}>
            {t('{{met}} of {{total}} met', { met, total: gates.current.length })}
          </Badge>
        ) : null
      }
    >
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : query.isError || !gates ? (
        <ErrorState
          title={t('Failed to load the stage gate')}
          error={query.error}
          onRetry={() => void query.refetch()}
          variant="inline"
        />
      ) : gates.current.length === 0 ? (
        <div className="flex items-center gap-2 text-muted-foreground text-sm">
          <ShieldCheckIcon aria-hidden="true" className="size-4" />
          <span>
            {t('No exit criteria for {{stage}}.', { stage: stageName(gates.currentStage) })}{' '}
            {gates.canEdit ? t('Set them in the Settings tab.') : null}
          </span>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={t('Exit criteria')}>
          {gates.current.map((criterion) => (
            <CriterionRow
              key={criterion.id}
              criterion={criterion}
              gates={gates}
              readOnly={readOnly}
              busy={write.isPending}
              onConfirm={(confirmed) => write.mutate({ kind: 'confirm', id: criterion.id, confirmed })}
              onRequest={() => write.mutate({ kind: 'request', id: criterion.id })}
              onDecide={(decision) => setDeciding({ criterion, decision })}
            />
          ))}
        </ul>
      )}
      <DecisionDialog
        open={deciding !== undefined}
        decision={deciding?.decision ?? 'approve'}
        label={deciding?.criterion.label ?? ''}
        onOpenChange={(open) => (open ? null : setDeciding(undefined))}
        onSubmit={async (comment) => {
          if (!deciding) return;
          await write.mutateAsync({
            kind: 'decide',
            id: deciding.criterion.id,
            decision: deciding.decision,
            ...(comment && { comment }),
          });
          setDeciding(undefined);
        }}
      />
    </SectionCard>
  );
}

type RowProps = {
  criterion: GateCriterionState;
  gates: ProductGates;
  readOnly: boolean;
  busy: boolean;
  onConfirm: (confirmed: boolean) => void;
  onRequest: () => void;
  onDecide: (decision: 'approve' | 'reject') => void;
};

function CriterionRow({ criterion, gates, readOnly, busy, onConfirm, onRequest, onDecide }: RowProps) {
  const id = useId();
  const act = gates.canAct && !readOnly;
  const Icon = criterion.met ? CheckCircle2Icon : CircleIcon;
  return (
    <li className="flex items-start gap-3" data-met={criterion.met || undefined}>
      {criterion.kind === 'manual' && act ? (
        <Checkbox
          id={id}
          className="mt-0.5"
          checked={criterion.met}
          disabled={busy}
          onCheckedChange={(checked) => onConfirm(checked === true)}
        />
      ) : (
        <Icon
          aria-hidden="true"
          className={
            criterion.met
              ? 'mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400'
              : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
          }
        />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label
            htmlFor={criterion.kind === 'manual' && act ? id : undefined}
            className="font-medium text-sm"
          >
            {criterion.label}
          </label>
          <span className="text-muted-foreground text-xs">{kindName(criterion.kind)}</span>
          <span className="sr-only">{criterion.met ? t('Met') : t('Not met')}</span>
        </div>
        <CriterionDetails criterion={criterion} />
        {criterion.kind === 'approval' && (act || criterion.canDecide) && !readOnly ? (
          <div className="flex flex-wrap gap-2 pt-1">
            {act ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={onRequest}>
                {criterion.requestedAt ? t('Ask again') : t('Request approval')}
              </Button>
            ) : null}
            {criterion.canDecide ? (
              <>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onDecide('approve')}>
                  {t('Approve')}
                </Button>
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDecide('reject')}>
                  {t('Reject')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function CriterionDetails({ criterion }: { criterion: GateCriterionState }) {
  const lines: string[] = [];
  if (criterion.confirmedBy && criterion.confirmedAt) {
    lines.push(
      t('Confirmed by {{name}} on {{when}}', {
        name: criterion.confirmedBy.name,
        when: formatDateTime(criterion.confirmedAt),
      }),
    );
  }
  if (criterion.kind === 'approval') {
    const who = [...criterion.approvers.map((p) => p.name), ...(criterion.roles ?? []).map(roleName)];
    lines.push(t('Approvers: {{names}}', { names: who.join(', ') }));
    if (criterion.requestedBy && criterion.requestedAt) {
      lines.push(
        t('Requested by {{name}} on {{when}}', {
          name: criterion.requestedBy.name,
          when: formatDateTime(criterion.requestedAt),
        }),
      );
    }
  } else if (criterion.note) {
    lines.push(criterion.note);
  }
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="text-muted-foreground text-xs">
          {line}
        </p>
      ))}
      {criterion.decisions.map((d) => (
        <p key={`${d.by.id}-${d.at}`} className="text-xs">
          <span
            className={
              d.decision === 'approved' ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'
            }
          >
            {d.decision === 'approved'
              ? t('Approved by {{name}}', { name: d.by.name })
              : t('Rejected by {{name}}', { name: d.by.name })}
          </span>
          {d.comment ? <span className="text-muted-foreground">: {d.comment}</span> : null}
        </p>
      ))}
    </>
  );
}
