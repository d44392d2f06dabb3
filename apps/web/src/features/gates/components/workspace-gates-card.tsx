import { PRODUCT_STATUSES, type ProductStatus } from '@shipyard/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { usePutWorkspaceGate, useWorkspaceGates } from '../api/gates.ts';
import { GateCriteriaEditor } from './gate-criteria-editor.tsx';
import { stageName } from './gate-texts.ts';

/**
 * The workspace's default exit criteria per stage (issue 32), on the admins' settings: every
 * product without its own criteria for a stage uses these. Approvals here name roles.
 */
export function WorkspaceGatesCard() {
  const query = useWorkspaceGates();
  const put = usePutWorkspaceGate();
  const [stage, setStage] = useState<ProductStatus>('testing');
  const gate = query.data?.stages.find((g) => g.stage === stage);
  return (
    <SectionCard
      role="region"
      aria-label={t('Default stage gates')}
      title={t('Default stage gates')}
      description={t(
        'The exit criteria every product must meet before it moves forward out of a stage, unless the product sets its own.',
      )}
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError || !gate ? (
        <ErrorState
          title={t('Failed to load the stage gate')}
          error={query.error}
          onRetry={() => void query.refetch()}
          variant="inline"
        />
      ) : (
        <div className="grid gap-4">
          <OptionSelect
            size="sm"
            aria-label={t('Stage')}
            className="w-44"
            value={stage}
            onValueChange={(value) => setStage(value as ProductStatus)}
            options={PRODUCT_STATUSES.map((value) => ({ value, label: stageName(value) }))}
          />
          <GateCriteriaEditor
            key={`${stage}-${JSON.stringify(gate.criteria)}`}
            stage={stage}
            initial={gate.criteria}
            readOnly={!query.data.canEdit}
            pending={put.isPending}
            onSave={(criteria) => put.mutate({ stage, criteria })}
          />
        </div>
      )}
    </SectionCard>
  );
}
