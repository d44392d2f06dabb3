import { type FieldValue, fieldMessages, type TaskFieldValues } from '@shipyard/shared';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useFieldPeople, useProductFields, useSetTaskFields } from '../api/fields.ts';
import { FieldValueEditor } from './field-value-editor.tsx';

type TaskFieldsSectionProps = {
  taskId: string;
  productId: string;
  values: TaskFieldValues;
  canEdit: boolean;
};

/**
 * The task page's custom fields (issue 29): one row per field of the product, in its order, each
 * edited by its type; nothing when the product has none.
 */
export function TaskFieldsSection({ taskId, productId, values, canEdit }: TaskFieldsSectionProps) {
  const fields = useProductFields(productId);
  const list = fields.data?.data ?? [];
  const people = useFieldPeople(
    productId,
    list.some((f) => f.type === 'person'),
  );
  const set = useSetTaskFields(taskId);
  if (list.length === 0) return null;
  const save = (fieldId: string, value: FieldValue | null) =>
    set
      .mutateAsync({ [fieldId]: value })
      .catch((error) => toast.error(t(fieldMessages.setFailed), { description: getErrorMessage(error) }));
  return (
    <section aria-labelledby="task-fields" className="grid gap-3">
      <h2 id="task-fields" className="font-medium text-sm">
        {t('Fields')}
      </h2>
      <dl className="grid gap-3">
        {list.map((field) => (
          <div key={field.id} className="grid gap-1">
            <dt className="text-muted-foreground text-xs">
              <label htmlFor={`task-field-${field.id}`}>{field.name}</label>
            </dt>
            <dd>
              <FieldValueEditor
                id={`task-field-${field.id}`}
                field={field}
                value={values[field.id]}
                people={people.data}
                disabled={!canEdit}
                onChange={(value) => void save(field.id, value)}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
