import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { isCalendarDay } from './events.ts';
import { hasForbiddenCharacters, singleLine } from './text.ts';

// Custom fields (issue 29, docs/decisions/037-custom-fields.md): a product's own task properties
// (customer, severity, sprint goal…), defined by whoever manages the product, set by whoever may
// edit the task. A task keeps its values in one jsonb object, `fields`, keyed by field id.

export const FIELD_TYPES = [
  'text',
  'number',
  'date',
  'select',
  'multi_select',
  'person',
  'url',
  'checkbox',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Single select',
  multi_select: 'Multi select',
  person: 'Person',
  url: 'URL',
  checkbox: 'Checkbox',
};

export const FIELD_NAME_MAX = 40;
export const FIELD_OPTION_NAME_MAX = 40;
export const FIELD_OPTIONS_MAX = 50;
/** Fields one product may define. */
export const FIELDS_PER_PRODUCT_MAX = 30;
export const FIELD_TEXT_MAX = 1000;
export const FIELD_URL_MAX = 2000;

export const fieldMessages = {
  nameRequired: 'Name the field.',
  nameTooLong: `A field name must be at most ${FIELD_NAME_MAX} characters.`,
  typeInvalid: 'Type must be text, number, date, single select, multi select, person, URL or checkbox.',
  optionsRequired: 'Give a select field at least one option.',
  optionsNotAllowed: 'Only select fields have options.',
  tooManyOptions: `A field may have at most ${FIELD_OPTIONS_MAX} options.`,
  optionNameRequired: 'Name every option.',
  optionNameTooLong: `An option name must be at most ${FIELD_OPTION_NAME_MAX} characters.`,
  optionDuplicate: 'Two options have the same name.',
  colorInvalid: 'Choose a colour as #rrggbb.',
  duplicate: 'This product already has a field with that name.',
  tooMany: `A product may have at most ${FIELDS_PER_PRODUCT_MAX} fields.`,
  notFound: 'Field not found',
  notOfProduct: 'That field does not belong to the task’s product.',
  manageForbidden: 'Only the product’s creator or an admin can manage its fields.',
  readOnly: 'Guests can see fields but not change them.',
  orderMismatch: 'List every field of the product once.',
  created: 'Field created',
  updated: 'Field updated',
  deleted: 'Field deleted',
  saveFailed: 'Failed to save the field',
  deleteFailed: 'Failed to delete the field',
  setFailed: 'Failed to save the value',
  deleteConfirm: (name: string) =>
    `Delete the field "${name}"? Its value is removed from every task that has one.`,
} as const;

/** The field's own message for a value it refuses: "Severity must be one of Low, High". */
export const fieldValueMessages = {
  text: (name: string) => `${name} must be text of at most ${FIELD_TEXT_MAX} characters`,
  number: (name: string) => `${name} must be a number`,
  date: (name: string) => `${name} must be a date`,
  select: (name: string, options: string[]) => `${name} must be one of ${options.join(', ')}`,
  multi_select: (name: string, options: string[]) => `${name} must be some of ${options.join(', ')}`,
  person: (name: string) => `${name} must be someone who can see this product`,
  url: (name: string) =>
    `${name} must be a link starting with http:// or https:// (at most ${FIELD_URL_MAX} characters)`,
  checkbox: (name: string) => `${name} must be true or false`,
} as const;

const HEX = /^#[0-9a-f]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a stored value may be a person field's: a user id (an option id never is one). */
export const mayBePerson = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const name = z
  .string(fieldMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, fieldMessages.nameRequired),
    z.maxLength(FIELD_NAME_MAX, fieldMessages.nameTooLong),
    singleLine(),
  );

const color = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.string(fieldMessages.colorInvalid).check(z.regex(HEX, fieldMessages.colorInvalid)),
);

/** An option of a select field; `id` kept across renames (new options have none, the server gives one). */
export const FieldOptionInputSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(40), singleLine())),
  name: z
    .string(fieldMessages.optionNameRequired)
    .check(
      z.trim(),
      z.minLength(1, fieldMessages.optionNameRequired),
      z.maxLength(FIELD_OPTION_NAME_MAX, fieldMessages.optionNameTooLong),
      singleLine(),
    ),
  color,
});

const options = z.array(FieldOptionInputSchema).check(
  z.maxLength(FIELD_OPTIONS_MAX, fieldMessages.tooManyOptions),
  z.refine(
    (list) => new Set(list.map((o) => o.name.toLowerCase())).size === list.length,
    fieldMessages.optionDuplicate,
  ),
);

export const isSelectType = (type: FieldType) => type === 'select' || type === 'multi_select';

/** POST /api/projects/{productId}/fields. */
export const CreateFieldSchema = z
  .object({
    name,
    type: z.enum(FIELD_TYPES, fieldMessages.typeInvalid),
    options: z._default(options, []),
    showOnCards: z._default(z.boolean(), false),
  })
  .check(
    z.refine((f) => !isSelectType(f.type) || f.options.length > 0, {
      error: fieldMessages.optionsRequired,
      path: ['options'],
    }),
    z.refine((f) => isSelectType(f.type) || f.options.length === 0, {
      error: fieldMessages.optionsNotAllowed,
      path: ['options'],
    }),
  );
export type CreateField = z.infer<typeof CreateFieldSchema>;
export type CreateFieldInput = z.input<typeof CreateFieldSchema>;

/**
 * A product template's fields (issue 29, decision 039), in order: their options keep their ids, so
 * values that name them still mean the same option in the new product.
 */
export const TemplateFieldsSchema = z.array(CreateFieldSchema).check(
  z.maxLength(FIELDS_PER_PRODUCT_MAX, fieldMessages.tooMany),
  z.refine(
    (list) => new Set(list.map((f) => f.name.toLowerCase())).size === list.length,
    fieldMessages.duplicate,
  ),
);

/** PATCH /api/fields/{id}: rename, change options, show on cards (a type stays what it was made). */
export const UpdateFieldSchema = z
  .object({
    name: z.optional(name),
    options: z.optional(options),
    showOnCards: z.optional(z.boolean()),
  })
  .check(notEmptyUpdate());
export type UpdateField = z.infer<typeof UpdateFieldSchema>;

/** PUT /api/projects/{productId}/fields/order: every field id of the product, in its new order. */
export const FieldOrderSchema = z.object({
  ids: z.array(z.uuid(fieldMessages.orderMismatch)).check(z.maxLength(FIELDS_PER_PRODUCT_MAX)),
});
export type FieldOrder = z.infer<typeof FieldOrderSchema>;

export const FieldIdParamsSchema = z.object({ id: z.uuid(fieldMessages.notFound) });

export const FieldOptionSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type FieldOption = z.infer<typeof FieldOptionSchema>;

export const FieldSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  options: z.array(FieldOptionSchema),
  showOnCards: z.boolean(),
  position: z.number(),
});
export type Field = z.infer<typeof FieldSchema>;

/** A product's fields in their order, and whether the caller may manage them. */
export const FieldListSchema = z.object({ data: z.array(FieldSchema), canManage: z.boolean() });
export type FieldList = z.infer<typeof FieldListSchema>;

/** GET /api/fields: the fields of every product the caller sees (the /tasks filters, sort and grouping). */
export const FieldsInSightSchema = z.object({ data: z.array(FieldSchema) });
export type FieldsInSight = z.infer<typeof FieldsInSightSchema>;

/** A stored value: text, URL, date (YYYY-MM-DD), option id, person id; number; checkbox; option ids. */
export const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

/** A task's values by field id; a field without a value is absent. */
export const TaskFieldValuesSchema = z.record(z.string(), FieldValueSchema);
export type TaskFieldValues = z.infer<typeof TaskFieldValuesSchema>;

/**
 * What a create or an update sends: values by field id, `null` (or '' / []) clears one. Checked
 * against each field by the server (`checkFieldValue`), which answers the field's own message.
 */
export const SetFieldValuesSchema = z
  .record(z.string().check(z.regex(UUID, fieldMessages.notFound)), z.nullable(FieldValueSchema))
  .check(z.refine((v) => Object.keys(v).length <= FIELDS_PER_PRODUCT_MAX, fieldMessages.tooMany));
export type SetFieldValues = z.infer<typeof SetFieldValuesSchema>;

/** PUT /api/tasks/{id}/fields: some of the task's values (others stay). */
export const SetTaskFieldsSchema = z.object({ fields: SetFieldValuesSchema });

export const TaskFieldsSchema = z.object({ taskId: z.string(), fields: TaskFieldValuesSchema });
export type TaskFields = z.infer<typeof TaskFieldsSchema>;

type FieldDefinition = Pick<Field, 'name' | 'type' | 'options'>;

/** A value checked: `null` clears the field; `error` is the field's own message. */
export type CheckedValue = { ok: true; value: FieldValue | null } | { ok: false; error: string };

/** http(s)://host[…]: a scheme and a host, no spaces (the web app opens it in a new tab). */
const isHttpUrl = (s: string) => /^https?:\/\/[^\s/?#.:][^\s/?#]*(?:[/?#]\S*)?$/i.test(s);

/**
 * A value for a field: its type's shape and caps, an option of the field for selects. A person is
 * a user id here; whether they may see the product is the server's question.
 */
export function checkFieldValue(field: FieldDefinition, raw: unknown): CheckedValue {
  const refuse = (): CheckedValue => {
    const names = field.options.map((o) => o.name);
    const message =
      field.type === 'select' || field.type === 'multi_select'
        ? fieldValueMessages[field.type](field.name, names)
        : fieldValueMessages[field.type](field.name);
    return { ok: false, error: message };
  };
  if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) {
    return { ok: true, value: null };
  }
  const text = typeof raw === 'string' ? raw.trim() : undefined;
  switch (field.type) {
    case 'text':
      if (text === undefined || text.length > FIELD_TEXT_MAX || hasForbiddenCharacters(text)) return refuse();
      return { ok: true, value: text === '' ? null : text };
    case 'url':
      if (text === undefined || text.length > FIELD_URL_MAX || !isHttpUrl(text)) return refuse();
      return { ok: true, value: text };
    case 'number': {
      const n = typeof raw === 'number' ? raw : text !== undefined && text !== '' ? Number(text) : Number.NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : refuse();
    }
    case 'date':
      return text !== undefined && isCalendarDay(text) ? { ok: true, value: text } : refuse();
    case 'checkbox':
      if (raw === true || raw === 'true') return { ok: true, value: true };
      if (raw === false || raw === 'false') return { ok: true, value: null };
      return refuse();
    case 'person':
      return text !== undefined && UUID.test(text) ? { ok: true, value: text.toLowerCase() } : refuse();
    case 'select': {
      const option = text === undefined ? undefined : optionOf(field, text);
      return option ? { ok: true, value: option.id } : refuse();
    }
    case 'multi_select': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
      if (!list || list.length > FIELD_OPTIONS_MAX) return refuse();
      const ids: string[] = [];
      for (const item of list) {
        const option = typeof item === 'string' ? optionOf(field, item.trim()) : undefined;
        if (!option) return refuse();
        if (!ids.includes(option.id)) ids.push(option.id);
      }
      return { ok: true, value: ids.length === 0 ? null : ids };
    }
  }
}

/** An option by id, or by name ignoring case (an import, an API caller who knows the names). */
export function optionOf(field: Pick<Field, 'options'>, idOrName: string): FieldOption | undefined {
  const lower = idOrName.toLowerCase();
  return (
    field.options.find((o) => o.id === idOrName) ?? field.options.find((o) => o.name.toLowerCase() === lower)
  );
}

/** A value as plain text (CSV, search, webhooks' readers): option names, 'Yes' for a ticked box. */
export function fieldValueText(
  field: Pick<Field, 'type' | 'options'>,
  value: FieldValue | undefined,
): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'checkbox') return value === true ? 'Yes' : '';
  if (field.type === 'select') return optionOf(field, String(value))?.name ?? '';
  if (field.type === 'multi_select' && Array.isArray(value)) {
    return value
      .map((id) => optionOf(field, id)?.name)
      .filter((n) => n !== undefined)
      .join(', ');
  }
  return String(value);
}
