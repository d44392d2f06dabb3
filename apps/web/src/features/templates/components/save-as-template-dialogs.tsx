import {
  templateMessages as m,
  type Product,
  SaveProductAsTemplateSchema,
  SaveTaskAsTemplateSchema,
  type Task,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
} from '@shipyard/shared';
import { NameDialog } from '../../../components/name-dialog.tsx';
import { TextareaField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useProductTemplateWrites, useSaveTaskAsTemplate } from '../api/templates.ts';

const saved = (template: { name: string }) => toast.success(t(m.created), { description: template.name });

/** "Save as template" of a task's menu: a name; the template keeps its fields, labels and checklist. */
export function SaveTaskTemplateDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const save = useSaveTaskAsTemplate();
  return (
    <NameDialog
      subject={task}
      onClose={onClose}
      title={t('Save as template')}
      description={t(
        'A template of this product with the task’s title, description, priority, team, labels and checklist.',
      )}
      submitLabel={t('Save template')}
      pending={save.isPending}
      schema={SaveTaskAsTemplateSchema}
      defaultValues={(of) => ({ name: of.title.slice(0, TEMPLATE_NAME_MAX) })}
      fields={['name']}
      nameMaxLength={TEMPLATE_NAME_MAX}
      submit={({ name }, of) => save.mutateAsync({ task: of, name })}
      onSaved={saved}
      failureTitle={t(m.saveFailed)}
    />
  );
}

/** "Save as template" of a product's menu: a workspace template of its labels, teams and tasks. */
export function SaveProductTemplateDialog({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const { save } = useProductTemplateWrites();
  return (
    <NameDialog
      subject={product}
      onClose={onClose}
      title={t('Save as template')}
      description={t(
        'Everyone can start a new product from it: its labels, team types and tasks (with their checklists) come along; people, dates and comments do not.',
      )}
      submitLabel={t('Save template')}
      pending={save.isPending}
      schema={SaveProductAsTemplateSchema}
      defaultValues={(of) => ({ name: of.name.slice(0, TEMPLATE_NAME_MAX), description: '' })}
      fields={['name', 'description']}
      nameMaxLength={TEMPLATE_NAME_MAX}
      submit={(body, of) => save.mutateAsync({ productId: of.id, ...body })}
      onSaved={saved}
      failureTitle={t(m.saveFailed)}
    >
      {(form) => (
        <TextareaField
          control={form.control}
          name="description"
          label={t('Description')}
          rows={2}
          maxLength={TEMPLATE_DESCRIPTION_MAX}
        />
      )}
    </NameDialog>
  );
}
