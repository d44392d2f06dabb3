import { ChartGanttIcon, RefreshCcwIcon, TimerIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { ChatDestinationsCard } from '../../features/chat/components/chat-destinations-card.tsx';
import { ProductCyclesTab } from '../../features/cycles/components/product-cycles-tab.tsx';
import { ProductFieldsManager } from '../../features/fields/components/product-fields-manager.tsx';
import { ForecastCard } from '../../features/forecast/components/forecast-card.tsx';
import { useGateRefusal } from '../../features/gates/components/gate-refusal-dialog.tsx';
import { ProductGatesCard } from '../../features/gates/components/product-gates-card.tsx';
import { StageGateCard } from '../../features/gates/components/stage-gate-card.tsx';
import { ProductEstimatesCard } from '../../features/hierarchy/components/product-estimates-card.tsx';
import { ImportTasksButton } from '../../features/imports/components/import-tasks-button.tsx';
import { ProductLabelsManager } from '../../features/labels/components/product-labels-manager.tsx';
import { StageHistoryCard } from '../../features/lifecycle/components/stage-history-card.tsx';
import { StageMoveRefusalContext } from '../../features/products/api/stage-move-refusal.ts';
import { ProductDetailPage } from '../../features/products/components/product-detail-page.tsx';
import { ScheduleTab } from '../../features/schedule/components/schedule-tab.tsx';
import { ProductTasksTab } from '../../features/tasks/components/product-tasks-tab.tsx';
import { ProductTeamsTab } from '../../features/teams/components/product-teams-tab.tsx';
import { TaskTemplatesCard } from '../../features/templates/components/task-templates-card.tsx';
import { ProductTimeReport } from '../../features/time/components/product-time-report.tsx';
import { TrashLink } from '../../features/trash/components/trash-link.tsx';
import { WorkflowCard } from '../../features/workflow/components/workflow-card.tsx';
import { t } from '../../lib/i18n/index.ts';
import { usePrefetchTaskRoute } from './prefetch-task-route.ts';

export function Component() {
  const { id = '' } = useParams();
  usePrefetchTaskRoute();
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  const role = user?.role ?? 'guest';
  const viewer = { id: user?.id ?? '', role };
  // An archived product is read-only: its tabs then show what a guest sees (no create, edit or
  // delete controls); the server refuses those writes anyway (409).
  const readOnlyViewer = { ...viewer, role: 'guest' as const };
  // Issue 32: a move the stage gate refuses (the header's stage select) opens the gates' dialog.
  const refusal = useGateRefusal();
  return (
    <StageMoveRefusalContext.Provider value={refusal.onRefused}>
      {refusal.dialog}
      {/* Keyed by id: moving to another product starts with fresh state. */}
      <ProductDetailPage
        key={id}
        productId={id}
        currentUserId={user?.id}
        userRole={role}
        tasksTab={(readOnly) => (
          <ProductTasksTab
            productId={id}
            viewer={readOnly ? readOnlyViewer : viewer}
            // Whoever manages the product manages its labels (the manager shows only to them);
            // whoever may create its tasks may import them (issue 20).
            actions={
              readOnly ? null : (
                <>
                  <ImportTasksButton productId={id} userRole={role} />
                  <ProductLabelsManager productId={id} />
                  {role === 'guest' ? null : <TrashLink productId={id} />}
                </>
              )
            }
          />
        )}
        // Issue 31: the product's schedule (a Gantt of its tasks), and its logged time, per person and
        // per task, with CSV.
        extraTabs={[
          {
            value: 'schedule',
            label: t('Schedule'),
            icon: ChartGanttIcon,
            render: (readOnly) => <ScheduleTab productId={id} readOnly={readOnly} />,
          },
          {
            value: 'time',
            label: t('Time'),
            icon: TimerIcon,
            render: () => <ProductTimeReport productId={id} />,
          },
          // Issue 31: time-boxed cycles, their tasks and burn charts (decision 058).
          {
            value: 'cycles',
            label: t('Cycles'),
            icon: RefreshCcwIcon,
            render: (readOnly) => <ProductCyclesTab productId={id} readOnly={readOnly} />,
          },
        ]}
        // Issue 32: the current stage's exit criteria (decision 059), when the open tasks will be
        // done and how far off the method was before (decision 061), and the product's stays in
        // each stage, from its activity (decision 060).
        overviewExtras={(product, readOnly) => (
          <>
            <StageGateCard productId={product.id} readOnly={readOnly} />
            <ForecastCard productId={product.id} />
            <StageHistoryCard productId={product.id} />
          </>
        )}
        teamsTab={(readOnly) => (
          <ProductTeamsTab productId={id} viewer={readOnly ? readOnlyViewer : viewer} />
        )}
        // Issue 29: each feature's part of the product's settings, one SectionCard each, in this order.
        settingsTab={(readOnly) => (
          <div className="grid gap-6" data-read-only={readOnly || undefined}>
            {/* workflow states · custom fields · estimates · templates · chat (issue 33) */}
            <TaskTemplatesCard productId={id} readOnly={readOnly} />
            <WorkflowCard productId={id} readOnly={readOnly} />
            <ProductGatesCard productId={id} readOnly={readOnly} />
            <ProductEstimatesCard productId={id} readOnly={readOnly} />
            <ProductFieldsManager productId={id} />
            <ChatDestinationsCard productId={id} readOnly={readOnly} />
          </div>
        )}
      />
    </StageMoveRefusalContext.Provider>
  );
}
