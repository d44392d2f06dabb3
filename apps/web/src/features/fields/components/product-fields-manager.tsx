import {
  FIELD_NAME_MAX,
  FIELD_OPTION_NAME_MAX,
  FIELD_TYPES,
  FIELDS_PER_PRODUCT_MAX,
  type Field,
  type FieldOption,
  type FieldType,
  fieldMessages,
  isSelectType,
  LABEL_COLORS,
  type UpdateField,
} from '@shipyard/shared';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { AddByName } from '../../../components/add-by-name.tsx';
import { nextColor } from '../../../components/color-swatches.tsx';
import { ConfirmRowDelete, RowDeleteButton } from '../../../components/editable-row.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { InlineRename } from '../../../components/inline-rename.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SortableList, SortableRow } from '../../../components/sortable-list.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useFieldWrites, useProductFields } from '../api/fields.ts';
import { Dot } from './field-value-editor.tsx';

const texts = {
  title: k('Fields'),
  description: k('Your own properties of this product’s tasks: customer, severity, sprint goal…'),
  readOnly: k('The product’s fields. Only its creator or an admin can change them.'),
  newName: k('New field name'),
  type: k('Type'),
  add: k('Add field'),
  empty: k('No fields yet.'),
  loadFailed: k('Failed to load the fields'),
  showOnCards: k('Show on cards'),
  newOption: k('New option'),
  addOption: k('Add'),
  full: k('A product may have at most {{max}} fields.'),
  reorderHint: k('Drag a field by its handle, or press Alt+Up and Alt+Down on it, to reorder it.'),
} as const;

/** FIELD_TYPE_LABELS' texts (the same English), marked to be translated where shown. */
const typeLabels: Record<FieldType, string> = {
  text: k('Text'),
  number: k('Number'),
  date: k('Date'),
  select: k('Single select'),
  multi_select: k('Multi select'),
  person: k('Person'),
  url: k('URL'),
  checkbox: k('Checkbox'),
};

/** fieldMessages.deleteConfirm in the reader's language (a test checks the English is the same). */
export const deleteFieldText = (name: string) =>
  t('Delete the field "{{name}}"? Its value is removed from every task that has one.', { name });

/**
 * The product's custom fields (issue 29) in its Settings tab: whoever manages the product adds,
 * renames, reorders and deletes fields and their options; others see the list.
 */
export function ProductFieldsManager({ productId }: { productId: string }) {
  const fields = useProductFields(productId);
  const writes = useFieldWrites(productId);
  const [toDelete, setToDelete] = useState<Field | undefined>();
  const all = fields.data?.data ?? [];
  const canManage = fields.data?.canManage ?? false;
  const failed = (title: string) => (error: unknown) =>
    toast.error(t(title), { description: getErrorMessage(error) });
  const update = (id: string, patch: UpdateField) =>
    writes.update.mutateAsync({ ...patch, id }).catch(failed(fieldMessages.saveFailed));
  const move = (from: number, to: number) => {
    const ids = all.map((f) => f.id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    void writes.reorder.mutateAsync(ids).catch(failed(fieldMessages.saveFailed));
  };

  return (
    <SectionCard title={t(texts.title)} description={t(canManage ? texts.description : texts.readOnly)}>
      {fields.isError ? (
        <ErrorState title={t(texts.loadFailed)} error={fields.error} onRetry={() => void fields.refetch()} />
      ) : (
        <div className="grid gap-4">
          {canManage ? (
            all.length >= FIELDS_PER_PRODUCT_MAX ? (
              <p className="text-muted-foreground text-sm">
                {t(texts.full, { max: FIELDS_PER_PRODUCT_MAX })}
              </p>
            ) : (
              <NewField
                pending={writes.create.isPending}
                onCreate={(body) =>
                  writes.create.mutateAsync(body).then(() => toast.success(t(fieldMessages.created)))
                }
              />
            )
          ) : null}
          {fields.isSuccess && all.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t(texts.empty)}</p>
          ) : null}
          <SortableList
            items={all}
            onMove={move}
            disabled={!canManage}
            hint={t(texts.reorderHint)}
            aria-label={t('Fields')}
            className="grid gap-3"
          >
            {all.map((field) => (
              <SortableRow
                key={field.id}
                id={field.id}
                name={field.name}
                disabled={!canManage}
                className="flex flex-wrap items-center gap-2 rounded-md border bg-card p-2"
              >
                <InlineRename
                  value={field.name}
                  onRename={(name) => void update(field.id, { name })}
                  maxLength={FIELD_NAME_MAX}
                  aria-label={t('Name of {{name}}', { name: field.name })}
                  className="h-10 min-w-40 flex-1 sm:h-8"
                  disabled={!canManage}
                />
                <span className="text-muted-foreground text-xs">{t(typeLabels[field.type])}</span>
                <label
                  htmlFor={`show-${field.id}`}
                  className="flex min-h-10 items-center gap-1.5 text-sm sm:min-h-0"
                >
                  <Checkbox
                    id={`show-${field.id}`}
                    aria-label={t('Show {{name}} on cards', { name: field.name })}
                    checked={field.showOnCards}
                    disabled={!canManage}
                    onCheckedChange={(checked) => void update(field.id, { showOnCards: checked === true })}
                  />
                  {t(texts.showOnCards)}
                </label>
                {canManage ? (
                  <RowDeleteButton name={field.name} onClick={() => setToDelete(field)} className="ms-auto" />
                ) : null}
                {isSelectType(field.type) ? (
                  <OptionsEditor
                    field={field}
                    canManage={canManage}
                    onChange={(options) => void update(field.id, { options })}
                  />
                ) : null}
              </SortableRow>
            ))}
          </SortableList>
        </div>
      )}
      <ConfirmRowDelete
        item={toDelete}
        onClose={() => setToDelete(undefined)}
        title={t('Delete field?')}
        description={(field) => deleteFieldText(field.name)}
        pending={writes.remove.isPending}
        remove={(field) => writes.remove.mutateAsync(field.id)}
        texts={{ deleted: t(fieldMessages.deleted), failed: t(fieldMessages.deleteFailed) }}
      />
    </SectionCard>
  );
}

/** A select's options as chips: remove one (its values leave the tasks), add one. */
function OptionsEditor({
  field,
  canManage,
  onChange,
}: {
  field: Field;
  canManage: boolean;
  onChange: (options: Array<Omit<FieldOption, 'id'> & { id?: string }>) => void;
}) {
  return (
    <div className="flex basis-full flex-wrap items-center gap-1.5">
      {field.options.map((option) => (
        <span
          key={option.id ?? `new:${option.name}`}
          className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs"
        >
          <Dot color={option.color} />
          {option.name}
          {canManage && field.options.length > 1 ? (
            <button
              type="button"
              aria-label={t('Remove {{option}} from {{field}}', { option: option.name, field: field.name })}
              className="flex items-center justify-center rounded-full text-muted-foreground hover:text-foreground max-sm:-m-3 max-sm:size-10"
              onClick={() => onChange(field.options.filter((o) => o.id !== option.id))}
            >
              <XIcon aria-hidden="true" className="size-3" />
            </button>
          ) : null}
        </span>
      ))}
      {canManage ? (
        <AddByName
          label={t('New option of {{name}}', { name: field.name })}
          placeholder={t(texts.newOption)}
          maxLength={FIELD_OPTION_NAME_MAX}
          submitLabel={t(texts.addOption)}
          submitVariant="outline"
          onAdd={async (name) =>
            onChange([
              ...field.options,
              {
                name,
                color: nextColor(
                  LABEL_COLORS,
                  field.options.map((o) => o.color),
                ),
              },
            ])
          }
          inputClassName="min-w-0 w-32 flex-none text-xs sm:h-7"
        />
      ) : null}
    </div>
  );
}

function NewField({
  pending,
  onCreate,
}: {
  pending: boolean;
  onCreate: (body: {
    name: string;
    type: FieldType;
    options: Omit<FieldOption, 'id'>[];
    showOnCards: boolean;
  }) => Promise<unknown>;
}) {
  const [type, setType] = useState<FieldType>('text');
  const [options, setOptions] = useState('');
  const [showOnCards, setShowOnCards] = useState(false);
  async function create(name: string) {
    const names = options
      .split(/[,\n]/)
      .map((o) => o.trim())
      .filter((o) => o !== '');
    await onCreate({
      name,
      type,
      options: isSelectType(type)
        ? names.map((n, i) => ({
            name: n,
            color: LABEL_COLORS[(i + 6) % LABEL_COLORS.length] ?? LABEL_COLORS[0],
          }))
        : [],
      showOnCards,
    });
    setOptions('');
  }
  return (
    <AddByName
      label={t(texts.newName)}
      maxLength={FIELD_NAME_MAX}
      submitLabel={t(texts.add)}
      pending={pending}
      failureTitle={t(fieldMessages.saveFailed)}
      onAdd={create}
      beside={
        <>
          <OptionSelect
            aria-label={t(texts.type)}
            size="sm"
            className="w-40 max-sm:data-[size=sm]:h-10"
            value={type}
            options={FIELD_TYPES.map((fieldType) => ({ value: fieldType, label: t(typeLabels[fieldType]) }))}
            onValueChange={(next) => setType(next as FieldType)}
          />
          <label htmlFor="new-field-show" className="flex min-h-10 items-center gap-1.5 text-sm sm:min-h-0">
            <Checkbox
              id="new-field-show"
              checked={showOnCards}
              onCheckedChange={(checked) => setShowOnCards(checked === true)}
            />
            {t(texts.showOnCards)}
          </label>
        </>
      }
    >
      {isSelectType(type) ? (
        <Input
          value={options}
          onChange={(event) => setOptions(event.target.value)}
          placeholder={t('Options, separated by commas: Low, Medium, High')}
          aria-label={t('Options')}
          className="h-10 sm:h-8"
        />
      ) : null}
    </AddByName>
  );
}
