import {
  templateMessages as m,
  type Product,
  type ProductTemplate,
  type SaveProductAsTemplate,
  SaveProductAsTemplateSchema,
  type SaveTaskAsTemplate,
  SaveTaskAsTemplateSchema,
  type Task,
  type TaskTemplate,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
} from '@shipyard/shared';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { toast } from '../../../lib/toast.ts';
import { useProductTemplateWrites, useSaveTaskAsTemplate } from '../api/templates.ts';

/** "Save as template" of a task's menu: a name; the template keeps its fields, labels and checklist. */
export function SaveTaskTemplateDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  return (
    <FormDialog open={task !== null} onOpenChange={(open) => !open && onClose()} className="sm:max-w-md">
      {task ? <SaveTaskForm task={task} onSaved={onClose} /> : null}
    </FormDialog>
  );
}

function SaveTaskForm({ task, onSaved }: { task: Task; onSaved: () => void }) {
  const save = useSaveTaskAsTemplate();
  const { form, onSubmit } = useServerForm<SaveTaskAsTemplate, SaveTaskAsTemplate, TaskTemplate>({
    schema: SaveTaskAsTemplateSchema,
    defaultValues: { name: task.title.slice(0, TEMPLATE_NAME_MAX) },
    fields: ['name'],
    submit: ({ name }) => save.mutateAsync({ task, name }),
    onSuccess: (template) => {
      toast.success(m.created, { description: template.name });
      onSaved();
    },
    failureTitle: m.saveFailed,
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title="Save as template"
      description="A template of this product with the task’s title, description, priority, team, labels and checklist."
      pending={save.isPending}
      submitLabel="Save template"
    >
      <TextField
        control={form.control}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={TEMPLATE_NAME_MAX}
      />
    </FormDialogForm>
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
  return (
    <FormDialog open={product !== null} onOpenChange={(open) => !open && onClose()} className="sm:max-w-md">
      {product ? <SaveProductForm product={product} onSaved={onClose} /> : null}
    </FormDialog>
  );
}

function SaveProductForm({ product, onSaved }: { product: Product; onSaved: () => void }) {
  const { save } = useProductTemplateWrites();
  const { form, onSubmit } = useServerForm<SaveProductAsTemplate, SaveProductAsTemplate, ProductTemplate>({
    schema: SaveProductAsTemplateSchema,
    defaultValues: { name: product.name.slice(0, TEMPLATE_NAME_MAX), description: '' },
    fields: ['name', 'description'],
    submit: (body) => save.mutateAsync({ productId: product.id, ...body }),
    onSuccess: (template) => {
      toast.success(m.created, { description: template.name });
      onSaved();
    },
    failureTitle: m.saveFailed,
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title="Save as template"
      description="Everyone can start a new product from it: its labels, team types and tasks (with their checklists) come along; people, dates and comments do not."
      pending={save.isPending}
      submitLabel="Save template"
    >
      <TextField
        control={form.control}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={TEMPLATE_NAME_MAX}
      />
      <TextareaField
        control={form.control}
        name="description"
        label="Description"
        rows={2}
        maxLength={TEMPLATE_DESCRIPTION_MAX}
      />
    </FormDialogForm>
  );
}
