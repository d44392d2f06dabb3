import { addCalendarDays, CreateCycleSchema, type Cycle, cycleMessages } from '@shipyard/shared';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { browserZone, useSaveCycle } from '../api/cycles.ts';

type Values = { name: string; starts_on: string; ends_on: string };

type Props = {
  productId: string;
  /** The cycle to edit; `true` for a new one (starting where `after` ends); closed otherwise. */
  cycle: Cycle | true | null;
  /** The day a new cycle starts by default (the day after the last one, or today). */
  nextStart: string;
  onClose: () => void;
};

/**
 * Create or edit a cycle (issue 31): a name and its first and last days. The shared schema checks
 * start ≤ end and the length with the end field's message; the server's refusal (an overlap) lands
 * on the start field.
 */
export function CycleFormDialog({ productId, cycle, nextStart, onClose }: Props) {
  return (
    <FormDialog open={cycle !== null} onOpenChange={(open) => !open && onClose()} className="sm:max-w-md">
      {cycle !== null ? (
        <CycleForm
          productId={productId}
          cycle={cycle === true ? undefined : cycle}
          nextStart={nextStart}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

function CycleForm({
  productId,
  cycle,
  nextStart,
  onClose,
}: {
  productId: string;
  cycle: Cycle | undefined;
  nextStart: string;
  onClose: () => void;
}) {
  const save = useSaveCycle(productId);
  const { form, onSubmit } = useServerForm<Values>({
    schema: CreateCycleSchema,
    defaultValues: {
      name: cycle?.name ?? '',
      starts_on: cycle?.starts_on ?? nextStart,
      ends_on: cycle?.ends_on ?? addCalendarDays(nextStart, 13),
    },
    fields: ['name', 'starts_on', 'ends_on'],
    codeToField: { CYCLE_OVERLAPS: 'starts_on' },
    failureTitle: t(cycleMessages.saveFailed),
    submit: (values) =>
      save.mutateAsync(
        cycle
          ? {
              id: cycle.id,
              body: { name: values.name, starts_on: values.starts_on, ends_on: values.ends_on },
            }
          : { body: { ...values, time_zone: browserZone() } },
      ),
    onSuccess: () => {
      onClose();
      toast.success(cycle ? t('Cycle saved') : t('Cycle created'));
    },
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={cycle ? t('Edit cycle') : t('New cycle')}
      description={t('A time-box for the product’s work: its name, first and last day.')}
      pending={save.isPending}
      submitLabel={cycle ? t('Save') : t('Create cycle')}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('Name')}
        placeholder={t('e.g. Sprint 12')}
        autoComplete="off"
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="starts_on" label={t('Start date')} type="date" />
        <TextField control={form.control} name="ends_on" label={t('End date')} type="date" />
      </div>
    </FormDialogForm>
  );
}
