import { type CreateTeam, CreateTeamSchema, teamMessages as m, TEAM_TYPES } from '@shipyard/shared';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextareaField, TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { teamTypeLabel } from './team-labels.tsx';

export type CreateTeamDialogProps = {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type CreateTeamValues = { name: string; description: string; teamType: string };

const FIELDS = ['name', 'description', 'teamType'] as const satisfies ReadonlyArray<keyof CreateTeamValues>;

const typeOptions = TEAM_TYPES.map((type) => ({ value: type, label: teamTypeLabel(type) }));

/** Spec §2.11 and §5: 'Create New Team' with a name (2+ characters), a description and one of five types. */
export function CreateTeamDialog({ productId, open, onOpenChange }: CreateTeamDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-lg">
      <CreateTeamForm productId={productId} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateTeamForm({ productId, onSaved }: { productId: string; onSaved: () => void }) {
  const create = useCreateTeam(productId);
  const { form, onSubmit } = useServerForm<CreateTeamValues, CreateTeam, { name: string }>({
    schema: CreateTeamSchema,
    defaultValues: { name: '', description: '', teamType: '' },
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    onSuccess: (team) => {
      toast.success(m.created, { description: team.name });
      onSaved();
    },
    failureTitle: m.createFailed,
  });

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title="Create New Team"
      description="Add a team to this product, then invite its members."
      pending={create.isPending}
      submitLabel="Create Team"
    >
      <TextField
        control={form.control}
        name="name"
        label="Team Name"
        placeholder="e.g. Platform"
        autoComplete="off"
        maxLength={100}
      />
      <TextareaField
        control={form.control}
        name="description"
        label="Description"
        rows={3}
        maxLength={1000}
        placeholder="What does this team work on?"
        className="max-h-40 min-h-20"
      />
      <SelectField
        control={form.control}
        name="teamType"
        label="Team Type"
        placeholder="Select a team type"
        options={typeOptions}
      />
    </FormDialogForm>
  );
}
