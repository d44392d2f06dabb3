import {
  canEditTasks,
  dueDateIn,
  type templateMessages as m,
  type Product,
  type Task,
  type TaskTemplate,
  type trashMessages,
} from '@shipyard/shared';
import { CopyIcon, FileStackIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AppExtensions,
  AppExtensionsProvider,
  type PickedTemplate,
  type TemplatePickerProps,
} from '../../../components/app-extensions.tsx';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import type { RowAction } from '../../../components/row-actions-menu.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateFromTemplate, useDuplicateTask, useTaskTemplates } from '../api/templates.ts';
import { SaveProductTemplateDialog, SaveTaskTemplateDialog } from './save-as-template-dialogs.tsx';

/** templateMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const templateTexts = {
  duplicated: k('Task duplicated'),
  duplicateFailed: k('Failed to duplicate the task'),
} as const satisfies Partial<typeof m>;

/** trashMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const trashTexts = {
  restoreFailed: k('Could not restore'),
} as const satisfies Partial<typeof trashMessages>;

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The create dialog's "Use a template" chip: the product's templates; picking one fills the form. */
function TemplatePicker({ productId, picked, onPick }: TemplatePickerProps) {
  const query = useTaskTemplates(productId);
  const create = useCreateFromTemplate();
  const templates = query.data?.data ?? [];
  if (templates.length === 0) return null;
  const toPicked = (template: TaskTemplate): PickedTemplate => ({
    id: template.id,
    name: template.name,
    values: {
      title: template.title,
      description: template.description,
      priority: template.priority,
      teamId: template.teamId ?? '',
      dueDate: template.dueInDays == null ? '' : dueDateIn(template.dueInDays),
    },
    labelNames: stringList(template.parts.labels),
    create: ({ projectId: _product, ...body }, labelNames) =>
      create.mutateAsync({ templateId: template.id, body: { ...body, parts: { labels: labelNames } } }),
  });
  return (
    <ChipPicker
      aria-label={t('Template')}
      label={t('Template')}
      placeholder={t('Use a template')}
      icon={<FileStackIcon aria-hidden="true" />}
      emptyText={t('No template')}
      options={[
        { value: '', label: t('No template') },
        ...templates.map((template) => ({ value: template.id, label: template.name })),
      ]}
      value={picked?.id ?? ''}
      onChange={(id) => {
        const template = templates.find((candidate) => candidate.id === id);
        onPick(template ? toPicked(template) : null);
      }}
    />
  );
}

/**
 * What templates add to other features' screens (issue 29), which the app shell composes:
 * "Duplicate" and "Save as template" in a task's menu, "Save as template" in a product's, and the
 * create dialog's "Use a template" chip.
 */
export function TemplateExtensions({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { duplicate, undo } = useDuplicateTask();
  const [savingTask, setSavingTask] = useState<Task | null>(null);
  const [savingProduct, setSavingProduct] = useState<Product | null>(null);

  const extensions = useMemo<AppExtensions>(() => {
    function duplicateTask(task: Task, withSubtasks = false) {
      duplicate.mutateAsync({ taskId: task.id, withSubtasks }).then(
        (copy) => {
          toast.undoable(t(templateTexts.duplicated), {
            description: copy.key ?? copy.title,
            undo: () => undo.mutateAsync({ taskId: copy.id, withSubtasks }),
            undoFailed: t(trashTexts.restoreFailed),
          });
          navigate(paths.task(copy.id));
        },
        (error: unknown) =>
          toast.error(t(templateTexts.duplicateFailed), {
            description: getErrorMessage(error, t(templateTexts.duplicateFailed)),
          }),
      );
    }
    return {
      taskActions: (task, viewer): RowAction[] =>
        canEditTasks(viewer.role)
          ? [
              {
                key: 'duplicate',
                label: t('Duplicate'),
                icon: <CopyIcon aria-hidden="true" />,
                onSelect: () => duplicateTask(task),
              },
              // The sub-tree too (issue 29), offered only when there is one.
              ...(task.subtasks?.total
                ? [
                    {
                      key: 'duplicate-subtasks',
                      label: t('Duplicate with sub-tasks'),
                      icon: <CopyIcon aria-hidden="true" />,
                      onSelect: () => duplicateTask(task, true),
                    },
                  ]
                : []),
              {
                key: 'save-template',
                label: t('Save as template'),
                icon: <FileStackIcon aria-hidden="true" />,
                opensDialog: true,
                onSelect: () => setSavingTask(task),
              },
            ]
          : [],
      productActions: (product): RowAction[] => [
        {
          key: 'save-template',
          label: t('Save as template'),
          icon: <FileStackIcon aria-hidden="true" />,
          opensDialog: true,
          onSelect: () => setSavingProduct(product),
        },
      ],
      templatePicker: (props) => <TemplatePicker {...props} />,
    };
  }, [duplicate.mutateAsync, undo.mutateAsync, navigate]);

  return (
    <AppExtensionsProvider value={extensions}>
      {children}
      <SaveTaskTemplateDialog task={savingTask} onClose={() => setSavingTask(null)} />
      <SaveProductTemplateDialog product={savingProduct} onClose={() => setSavingProduct(null)} />
    </AppExtensionsProvider>
  );
}
