import {
  CreateViewSchema,
  viewMessages as m,
  type Role,
  type TaskDisplay,
  VIEW_NAME_MAX,
} from '@shipyard/shared';
import { BookmarkPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NameDialog } from '../../../components/name-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form.tsx';
import { useTaskDisplayScope } from '../../../hooks/task-display-scope.tsx';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewWrites } from '../api/views.ts';

type SaveViewValues = {
  name: string;
  scope: 'personal' | 'shared';
  productId: string | null;
  query: string;
  display: TaskDisplay;
  pinned: boolean;
};

const FIELDS = ['name', 'scope', 'productId', 'pinned'] as const satisfies ReadonlyArray<
  keyof SaveViewValues
>;

const scopeOptions = [
  { value: 'personal', label: k('Personal: only me') },
  { value: 'shared', label: k('Shared with a product') },
];

/** A task list's query string as a view keeps it: no '?', no paging. */
export const currentQuery = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete('cursor');
  return params.toString();
};

/**
 * "Save view" on /tasks (issue 28): a name, personal or shared with a product; saves the URL's
 * filters, sort and grouping and the list's display options, then opens the view.
 */
export function SaveViewButton({ viewerRole }: { viewerRole: Role }) {
  const [open, setOpen] = useState(false);
  const { search } = useLocation();
  const navigate = useNavigate();
  const { display } = useTaskDisplayScope();
  const products = useProductOptions();
  const { create } = useViewWrites();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BookmarkPlusIcon aria-hidden="true" />
        {t('Save view')}
      </Button>
      <NameDialog
        subject={open}
        onClose={() => setOpen(false)}
        title={t('Save view')}
        description={t('Keep these filters, sort, grouping and display under a name.')}
        submitLabel={t('Save view')}
        pending={create.isPending}
        schema={CreateViewSchema}
        defaultValues={(): SaveViewValues => ({
          name: '',
          scope: 'personal',
          productId: null,
          query: currentQuery(search),
          display,
          pinned: true,
        })}
        prepare={(values) => ({
          ...values,
          productId: values.scope === 'shared' ? values.productId || null : null,
        })}
        fields={FIELDS}
        namePlaceholder={t('e.g. My overdue work')}
        nameMaxLength={VIEW_NAME_MAX}
        submit={(body) => create.mutateAsync(body)}
        onSaved={(view) => {
          toast.success(t(m.saved), { description: view.name });
          navigate(paths.view(view.id, view.query));
        }}
        failureTitle={t(m.saveFailed)}
      >
        {(form) => (
          <>
            {viewerRole === 'guest' ? null : (
              <SelectField
                control={form.control}
                name="scope"
                label={t('Who sees it')}
                placeholder={t('Choose')}
                options={scopeOptions.map((option) => ({ ...option, label: t(option.label) }))}
              />
            )}
            {form.watch('scope') === 'shared' ? (
              <SelectField
                control={form.control}
                name="productId"
                label={t('Product')}
                placeholder={products.isPending ? t('Loading...') : t('Select a product')}
                disabled={products.isPending}
                options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                description={t('Everyone who sees this product sees the view.')}
              />
            ) : null}
            <FormField
              control={form.control}
              name="pinned"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center gap-2">
                  <FormControl>
                    <Checkbox
                      checked={field.value}
                      onCheckedChange={(next) => field.onChange(next === true)}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">{t('Pin to the sidebar')}</FormLabel>
                </FormItem>
              )}
            />
          </>
        )}
      </NameDialog>
    </>
  );
}
