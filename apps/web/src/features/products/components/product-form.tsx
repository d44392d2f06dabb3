import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateProduct,
  type CreateProductInput,
  CreateProductSchema,
  productMessages as m,
  PRODUCT_STATUSES,
  type Product,
} from '@shipyard/shared';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { PriorityDot } from '../../../components/priority-badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { applyServerFieldErrors, serverMessage } from '../../../lib/form-errors.ts';
import { statusLabel } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { StatusDot } from './status-badge.tsx';

const PRIORITY_CHOICES = ['high', 'medium', 'low'] as const;

const FIELDS = [
  'name',
  'description',
  'start_date',
  'target_end_date',
  'status',
  'priority',
  'team_size',
] as const;

const defaultValues: CreateProductInput = {
  name: '',
  description: '',
  start_date: '',
  target_end_date: '',
  status: '',
  priority: 'medium',
  team_size: '',
};

const statusOptions = PRODUCT_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
  icon: <StatusDot status={status} className="size-2" />,
}));
const priorityOptions = PRIORITY_CHOICES.map((priority) => ({
  value: priority,
  label: statusLabel(priority),
  icon: <PriorityDot priority={priority} className="size-2" />,
}));

export type ProductFormProps = {
  /** Called with the product the server created (the page then opens it). */
  onCreated: (product: Product) => void;
};

/** Spec §2.10 and §5 'Create Product': every field required, team size at least 1. */
export function ProductForm({ onCreated }: ProductFormProps) {
  const create = useCreateProduct();
  const form = useForm<CreateProductInput, unknown, CreateProduct>({
    resolver: zodResolver(CreateProductSchema),
    defaultValues,
  });
  const startDate = useWatch({ control: form.control, name: 'start_date' });

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (product) => {
        toast.success(m.created, { description: m.createdDescription(product.name) });
        onCreated(product);
      },
      (error: unknown) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) {
          toast.error('Error', { description: serverMessage(error, m.createFailed) });
        }
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <TextField control={form.control} name="name" label="Name" placeholder="e.g. Mobile checkout" />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={4}
                  placeholder="What is this product, and who is it for?"
                  className="min-h-24"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField control={form.control} name="start_date" label="Start Date" type="date" />
          <TextField
            control={form.control}
            name="target_end_date"
            label="Target End Date"
            type="date"
            min={typeof startDate === 'string' && startDate ? startDate : undefined}
          />
        </div>
        <div className="grid items-start gap-5 sm:grid-cols-3">
          <SelectField
            control={form.control}
            name="status"
            label="Status"
            placeholder="Select status"
            options={statusOptions}
          />
          <SelectField
            control={form.control}
            name="priority"
            label="Priority"
            placeholder="Select priority"
            options={priorityOptions}
          />
          <TextField
            control={form.control}
            name="team_size"
            label="Team Size"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="e.g. 5"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
          <Link to="/products" className={buttonVariants({ variant: 'outline' })}>
            Cancel
          </Link>
          <Button type="submit" pending={create.isPending}>
            Create Product
          </Button>
        </div>
      </form>
    </Form>
  );
}
