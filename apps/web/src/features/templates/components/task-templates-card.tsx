import { templateMessages as m, partSize, type TaskTemplate } from '@shipyard/shared';
import { FileStackIcon, Pencil, PlusIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTaskTemplates, useTaskTemplateWrites } from '../api/templates.ts';
import { TaskTemplateDialog } from './task-template-dialog.tsx';

/** "3 checklist items · 2 labels": what a template holds besides its fields. */
function templateSummary(template: Pick<TaskTemplate, 'parts' | 'title' | 'dueInDays'>) {
  const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  const parts = [
    template.title ? `“${template.title}”` : null,
    partSize(template.parts.checklist)
      ? count(partSize(template.parts.checklist), 'checklist item', 'checklist items')
      : null,
    partSize(template.parts.labels) ? count(partSize(template.parts.labels), 'label', 'labels') : null,
    partSize(template.parts.subtasks)
      ? count(partSize(template.parts.subtasks), 'sub-task', 'sub-tasks')
      : null,
    template.dueInDays != null ? `due in ${count(template.dueInDays, 'day', 'days')}` : null,
  ];
  return parts.filter(Boolean).join(' · ') || 'Empty';
}

/**
 * The product's task templates in its Settings tab (issue 29): listed for everyone who sees the
 * product; created, edited and deleted by whoever manages it. The create dialog offers them.
 */
export function TaskTemplatesCard({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const query = useTaskTemplates(productId);
  const { remove } = useTaskTemplateWrites(productId);
  const [editing, setEditing] = useState<TaskTemplate | 'new' | null>(null);
  const canManage = !readOnly && query.data?.canManage === true;

  return (
    <SectionCard
      title="Templates"
      description="Tasks this product makes again and again: offered under “Use a template” when creating a task."
      action={
        canManage ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            New template
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={FileStackIcon}
          title="No templates yet"
          description={
            canManage
              ? 'Create one here, or save a task as a template from its actions menu.'
              : 'Whoever manages the product can add them.'
          }
        />
      ) : (
        <ul className="divide-y rounded-md border">
          {query.data.data.map((template) => (
            <li key={template.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-sm">{template.name}</p>
                <p className="truncate text-muted-foreground text-xs">{templateSummary(template)}</p>
              </div>
              {canManage ? (
                <RowActionsMenu
                  label={`Actions for ${template.name}`}
                  actions={[
                    {
                      key: 'edit',
                      label: 'Edit',
                      icon: <Pencil aria-hidden="true" />,
                      opensDialog: true,
                      onSelect: () => setEditing(template),
                    },
                  ]}
                  confirm={{
                    label: 'Delete',
                    icon: <Trash2 aria-hidden="true" />,
                    title: 'Delete template',
                    description: m.deleteConfirm(template.name),
                    pending: remove.isPending,
                    onConfirm: confirmedDelete(() => remove.mutateAsync(template.id), {
                      deleted: m.deleted,
                      failed: m.deleteFailed,
                    }),
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TaskTemplateDialog
        productId={productId}
        template={editing === 'new' || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </SectionCard>
  );
}
