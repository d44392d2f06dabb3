import {
  type CreateProductInput,
  productMessages as m,
  type Product,
  ProductFormSchema,
} from '@shipyard/shared';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { StatusPriorityFields } from '../../../components/status-priority-fields.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/manage-product.ts';
import { productStatusOptions } from './status-badge.tsx';

const PRIORITY_CHOICES = ['high', 'medium', 'low'] as const;

const FIELDS = [
  'name',
  'description',
  'start_date',
  'target_end_date',
  'status',
  'priority',
  'team_size',
  'key',
] as const;

type FormInput = z.input<typeof ProductFormSchema>;
type FormValues = z.infer<typeof ProductFormSchema>;

const defaultValues: CreateProductInput = {
  name: '',
  description: '',
  start_date: '',
  target_end_date: '',
  status: '',
  priority: 'medium',
  team_size: '',
};

export type ProductFormProps =
  | {
      /** Called with the product the server created (the page then opens it). */
      onCreated: (product: Product) => void;
      /** Creates it another way than POST /projects (issue 29: from a product template). */
      createWith?: ((values: FormValues) => Promise<Product>) | undefined;
      product?: undefined;
      onSaved?: undefined;
      onCancel?: undefined;
    }
  | {
      onCreated?: undefined;
      createWith?: undefined;
      /** The product being edited: every field of the create form, filled in. */
      product: Product;
      onSaved: (product: Product) => void;
      onCancel: () => void;
    };

const valuesOf = (product: Product): FormInput => ({
  name: product.name,
  key: product.key,
  description: product.description,
  start_date: product.start_date,
  target_end_date: product.target_end_date,
  status: product.status,
  priority: product.priority,
  team_size: String(product.team_size),
});

/**
 * Spec §2.10 and §5 'Create Product': every field required, team size at least 1. With a
 * `product`, the same form edits it (PATCH /api/projects/{id}).
 */
export function ProductForm({ onCreated, createWith, product, onSaved, onCancel }: ProductFormProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { form, onSubmit } = useServerForm<FormInput, FormValues, Product>({
    schema: ProductFormSchema,
    defaultValues: product ? valuesOf(product) : defaultValues,
    fields: FIELDS,
    submit: (values) =>
      product
        ? update.mutateAsync({ id: product.id, ...values })
        : createWith
          ? createWith(values)
          : create.mutateAsync(values),
    onSuccess: (answer) => {
      if (product) {
        toast.success(t(m.updated));
        onSaved?.(answer);
      } else {
        toast.success(t(m.created), {
          description: t('{{name}} has been created successfully.', { name: answer.name }),
        });
        onCreated?.(answer);
      }
    },
    failureTitle: t('Error'),
    failureFallback: t(product ? m.updateFailed : m.createFailed),
  });
  const startDate = useWatch({ control: form.control, name: 'start_date' });
  const key = useWatch({ control: form.control, name: 'key' });
  const pending = create.isPending || update.isPending;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {product ? (
          <div className="grid items-start gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <TextField
              control={form.control}
              name="name"
              label={t('Name')}
              placeholder={t('e.g. Mobile checkout')}
            />
            <TextField
              control={form.control}
              name="key"
              label={t('Key')}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={6}
              className="font-mono uppercase"
              description={t('Its tasks are {{key}}-1, -2, …', {
                key: typeof key === 'string' && key ? key.toUpperCase() : product.key,
              })}
            />
          </div>
        ) : (
          <TextField
            control={form.control}
            name="name"
            label={t('Name')}
            placeholder={t('e.g. Mobile checkout')}
          />
        )}
        <TextareaField
          control={form.control}
          name="description"
          label={t('Description')}
          rows={4}
          placeholder={t('What is this product, and who is it for?')}
          className="min-h-24"
        />
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField control={form.control} name="start_date" label={t('Start Date')} type="date" />
          <TextField
            control={form.control}
            name="target_end_date"
            label={t('Target End Date')}
            type="date"
            min={typeof startDate === 'string' && startDate ? startDate : undefined}
          />
        </div>
        <div className="grid items-start gap-5 sm:grid-cols-3">
          <StatusPriorityFields
            control={form.control}
            statuses={productStatusOptions()}
            priorities={PRIORITY_CHOICES}
          />
          <TextField
            control={form.control}
            name="team_size"
            label={t('Team Size')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={t('e.g. 5')}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
              {t('Cancel')}
            </Button>
          ) : (
            <Link to={paths.products()} className={buttonVariants({ variant: 'outline' })}>
              {t('Cancel')}
            </Link>
          )}
          <Button type="submit" pending={pending}>
            {product ? t('Save Changes') : t('Create Product')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
