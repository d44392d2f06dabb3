import { templateMessages as m, partSize, type TaskTemplate } from '@shipyard/shared';
import { FileStackIcon, Pencil, PlusIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useTaskTemplates, useTaskTemplateWrites } from '../api/templates.ts';
import { TaskTemplateDialog } from './task-template-dialog.tsx';

/** templateMessages.deleteConfirm in the reader's language (a test checks the English is the same). */
export const deleteTemplateText = (name: string) => t('Delete the template "{{name}}"?', { name });

/** "3 checklist items · 2 labels": what a template holds besides its fields. */
function templateSummary(template: Pick<TaskTemplate, 'parts' | 'title' | 'dueInDays'>) {
  const checklist = partSize(template.parts.checklist);
  const labels = partSize(template.parts.labels);
  const subtasks = partSize(template.parts.subtasks);
  const parts = [
    template.title ? `“${template.title}”` : null,
    checklist ? t('{{count}} checklist items', { count: checklist }) : null,
    labels ? t('{{count}} labels', { count: labels }) : null,
    subtasks ? t('{{count}} sub-tasks', { count: subtasks }) : null,
    template.dueInDays != null ? t('due in {{count}} days', { count: template.dueInDays }) : null,
  ];
  return parts.filter(Boolean).join(' · ') || t('Empty');
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
      title={t('Templates')}
      description={t(
        'Tasks this product makes again and again: offered under “Use a template” when creating a task.',
      )}
      action={
        canManage ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            {t('New template')}
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
          title={t('No templates yet')}
          description={
            canManage
              ? t('Create one here, or save a task as a template from its actions menu.')
              : t('Whoever manages the product can add them.')
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
                  label={t('Actions for {{name}}', { name: template.name })}
                  actions={[
                    {
                      key: 'edit',
                      label: t('Edit'),
                      icon: <Pencil aria-hidden="true" />,
                      opensDialog: true,
                      onSelect: () => setEditing(template),
                    },
                  ]}
                  confirm={{
                    label: t('Delete'),
                    icon: <Trash2 aria-hidden="true" />,
                    title: t('Delete template'),
                    description: deleteTemplateText(template.name),
                    pending: remove.isPending,
                    onConfirm: confirmedDelete(() => remove.mutateAsync(template.id), {
                      deleted: t(m.deleted),
                      failed: t(m.deleteFailed),
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
