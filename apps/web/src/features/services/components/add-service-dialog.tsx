import {
  type CreateService,
  CreateServiceSchema,
  serviceMessages as m,
  SERVICE_CATEGORIES,
  SERVICE_INTEGRATIONS,
  type ServiceWithSecret,
} from '@shipyard/shared';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField, FormItem, FormMessage } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateService } from '../api/save-service.ts';
import { ProductChecklist } from './product-checklist.tsx';
import { categoryLabels, integrationLabels } from './service-texts.ts';

export type AddServiceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** What the form holds: '' for a select not chosen yet and for empty fields. */
type ServiceFormValues = {
  name: string;
  category: string;
  description: string;
  integration: string;
  apiKey: string;
  webhookUrl: string;
  productIds: string[];
};

const FIELDS = [
  'name',
  'category',
  'description',
  'integration',
  'apiKey',
  'webhookUrl',
  'productIds',
] as const satisfies ReadonlyArray<keyof ServiceFormValues>;

const defaults: ServiceFormValues = {
  name: '',
  category: '',
  description: '',
  integration: '',
  apiKey: '',
  webhookUrl: '',
  productIds: [],
};

// A webhook URL typed before choosing another integration is dropped rather than checked (it
// is not sent either).
const prepare = (values: ServiceFormValues): ServiceFormValues => ({
  ...values,
  webhookUrl: values.integration === 'Webhook' ? values.webhookUrl : '',
});

const categoryOptions = () => SERVICE_CATEGORIES.map((c) => ({ value: c, label: t(categoryLabels[c]) }));
const integrationOptions = () =>
  SERVICE_INTEGRATIONS.map((i) => ({ value: i, label: t(integrationLabels[i]) }));

/**
 * Spec §2.19: 'Add Service' with Service Name, Category, Description, Integration Type, API Key
 * (masked), a Webhook URL for a Webhook service, and the products that use it. It saves; a
 * Webhook service's signing secret is then shown once, to copy.
 */
export function AddServiceDialog({ open, onOpenChange }: AddServiceDialogProps) {
  const [secret, setSecret] = useState<{ name: string; value: string } | undefined>();

  function close() {
    setSecret(undefined);
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
        else onOpenChange(true);
      }}
      layout="sections"
      // The secret is shown once: a stray click outside must not dismiss it.
      onInteractOutside={(event) => {
        if (secret) event.preventDefault();
      }}
    >
      {secret ? (
        <SigningSecretView name={secret.name} secret={secret.value} onDone={close} />
      ) : (
        <AddServiceForm
          onSaved={(service) => {
            if (service.signingSecret) setSecret({ name: service.name, value: service.signingSecret });
            else close();
          }}
        />
      )}
    </FormDialog>
  );
}

function AddServiceForm({ onSaved }: { onSaved: (service: ServiceWithSecret) => void }) {
  const create = useCreateService();

  const { form, onSubmit } = useServerForm<ServiceFormValues, CreateService, ServiceWithSecret>({
    schema: CreateServiceSchema,
    prepare,
    defaultValues: defaults,
    fields: FIELDS,
    codeToField: { WEBHOOK_URL_REFUSED: 'webhookUrl' },
    submit: ({ status: _status, ...values }) => create.mutateAsync(values),
    onSuccess: (service) => {
      toast.success(t(m.added), { description: service.name });
      onSaved(service);
    },
    failureTitle: t(m.addFailed),
    failureFallback: t(m.addFailed),
  });
  const integration = useWatch({ control: form.control, name: 'integration' });

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={t(m.addButton)}
      description={t(
        'Connect a third-party tool and the products that use it. The API key is stored encrypted.',
      )}
      pending={create.isPending}
      submitLabel={t(m.addButton)}
    >
      <TextField
        control={form.control}
        name="name"
        label={t(m.nameLabel)}
        placeholder={t('e.g. {{example}}', { example: 'Slack' })}
        autoComplete="off"
        maxLength={100}
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="category"
          label={t(m.categoryLabel)}
          placeholder={t('Select a category')}
          options={categoryOptions()}
        />
        <SelectField
          control={form.control}
          name="integration"
          label={t(m.integrationLabel)}
          placeholder={t('Select a type')}
          options={integrationOptions()}
        />
      </div>
      <TextareaField
        control={form.control}
        name="description"
        label={t(m.descriptionLabel)}
        rows={3}
        maxLength={1000}
        placeholder={t('What is it used for?')}
        className="max-h-40 min-h-20"
      />
      <TextField
        control={form.control}
        name="apiKey"
        label={t(m.apiKeyLabel)}
        description={t('Stored encrypted; only its last four characters are ever shown.')}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        maxLength={1000}
        placeholder={t('Optional')}
      />
      {integration === 'Webhook' ? (
        <TextField
          control={form.control}
          name="webhookUrl"
          label={t('Webhook URL')}
          description={t('Signed POSTs of product and task events go here.')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          placeholder="https://example.com/hooks/shipyard"
        />
      ) : null}
      <FormField
        control={form.control}
        name="productIds"
        render={({ field, fieldState }) => (
          <FormItem>
            <ProductChecklist
              legend={t('Used by products')}
              value={field.value}
              onChange={field.onChange}
              invalid={fieldState.invalid}
            />
            <FormMessage />
          </FormItem>
        )}
      />
    </FormDialogForm>
  );
}

/** The signing secret of a new Webhook service, shown this once with a copy button. */
function SigningSecretView({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast.error(t('Copy failed'), { description: t('Select the secret and copy it by hand.') });
    }
  }

  return (
    <div className="grid gap-5 p-6">
      <DialogHeader>
        <DialogTitle>{t(m.signingSecretTitle)}</DialogTitle>
        <DialogDescription>
          {t('{{name}} signs every webhook with this secret.', { name })} {t(m.signingSecretNote)}
        </DialogDescription>
      </DialogHeader>
      <div className="flex min-w-0 gap-2">
        <Input
          readOnly
          value={secret}
          aria-label={t(m.signingSecretTitle)}
          spellCheck={false}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? t('Copied') : t('Copy')}
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t('Done')}
        </Button>
      </DialogFooter>
    </div>
  );
}
