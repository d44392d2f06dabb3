import { PRODUCT_STATUSES, type ProductStatus } from '@shipyard/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useGateCandidates, useGateWrite, useProductGates } from '../api/gates.ts';
import { GateCriteriaEditor } from './gate-criteria-editor.tsx';
import { stageName } from './gate-texts.ts';

/**
 * A product's exit criteria per stage in its Settings tab (issue 32): the workspace default until
 * the product customises a stage (starting from a copy of it), and back to it with "Reset".
 * Read only for whoever does not manage the product, or when it is archived.
 */
export function ProductGatesCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const query = useProductGates(productId);
  const write = useGateWrite(productId);
  const editable = !readOnly && query.data?.canEdit === true;
  const people = useGateCandidates(productId, editable);
  const [stage, setStage] = useState<ProductStatus | undefined>();
  const gates = query.data;
  const shown = stage ?? gates?.currentStage ?? 'planning';
  const gate = gates?.stages.find((g) => g.stage === shown);
  return (
    <SectionCard
      role="region"
      aria-label={t('Stage gates')}
      title={t('Stage gates')}
      description={t(
        'The exit criteria a product must meet before it moves forward out of a stage. Without its own, a stage uses the workspace default.',
      )}
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError || !gates || !gate ? (
        <ErrorState
          title={t('Failed to load the stage gate')}
          error={query.error}
          onRetry={() => void query.refetch()}
          variant="inline"
        />
      ) : (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <OptionSelect
              size="sm"
              aria-label={t('Stage')}
              className="w-44"
              value={shown}
              onValueChange={(value) => setStage(value as ProductStatus)}
              options={PRODUCT_STATUSES.map((value) => ({ value, label: stageName(value) }))}
            />
            <span className="text-muted-foreground text-xs">
              {gate.source === 'product' ? t('Customised for this product') : t('Workspace default')}
            </span>
            {editable && gate.source === 'product' ? (
              <Button
                size="sm"
                variant="ghost"
                className="ms-auto"
                disabled={write.isPending}
                onClick={() => write.mutate({ kind: 'reset', stage: shown })}
              >
                {t('Reset to the workspace default')}
              </Button>
            ) : null}
          </div>
          <GateCriteriaEditor
            // A new stage, or a save's answer, starts the editor afresh.
            key={`${shown}-${gate.source}-${JSON.stringify(gate.criteria)}`}
            stage={shown}
            // Customising the workspace default starts from a copy of it (new ids).
            initial={gate.source === 'product' ? gate.criteria : gate.criteria.map(({ id: _id, ...c }) => c)}
            readOnly={!editable}
            people={people.data?.data}
            pending={write.isPending}
            onSave={(criteria) => write.mutate({ kind: 'put', stage: shown, criteria })}
          />
        </div>
      )}
    </SectionCard>
  );
}
