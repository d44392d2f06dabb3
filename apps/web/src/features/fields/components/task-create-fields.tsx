import type { TaskCreateFieldsProps } from '../../../components/app-extensions.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useFieldPeople, useProductFields } from '../api/fields.ts';
import { FieldValueEditor } from './field-value-editor.tsx';

/**
 * The create dialog's custom fields (issue 29): the chosen product's fields in their order, each
 * edited by its type, with the server's refusal under it; nothing when the product has none. The
 * app hands it to the tasks feature's dialog (components/app-extensions.tsx).
 */
export function TaskCreateFields({ productId, values, onChange, errors, disabled }: TaskCreateFieldsProps) {
  const fields = useProductFields(productId);
  const list = fields.data?.data ?? [];
  const people = useFieldPeople(
    productId,
    list.some((f) => f.type === 'person'),
  );
  if (list.length === 0) return null;
  return (
    <fieldset className="grid gap-2" aria-label={t('Fields')}>
      <legend className="mb-2 font-medium text-sm">{t('Fields')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {list.map((field) => {
          const id = `new-task-field-${field.id}`;
          const error = errors[field.id];
          return (
            <div key={field.id} className="grid min-w-0 content-start gap-1">
              <label htmlFor={id} className="text-muted-foreground text-xs">
                {field.name}
              </label>
              <FieldValueEditor
                id={id}
                field={field}
                value={values[field.id] ?? undefined}
                people={people.data}
                disabled={disabled}
                onChange={(value) => onChange(field.id, value)}
              />
              {error ? <p className="text-destructive text-xs">{error}</p> : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
