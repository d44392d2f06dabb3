import { CreateTeamSchema, teamMessages as m, TEAM_TYPES } from '@shipyard/shared';
import { NameDialog } from '../../../components/name-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextareaField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n/index.ts';
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

/** Spec §2.11 and §5: 'Create New Team' with a name (2+ characters), a description and one of five types. */
export function CreateTeamDialog({ productId, open, onOpenChange }: CreateTeamDialogProps) {
  const create = useCreateTeam(productId);
  const typeOptions = TEAM_TYPES.map((type) => ({ value: type, label: teamTypeLabel(type) }));
  return (
    <NameDialog
      subject={open}
      onClose={() => onOpenChange(false)}
      className="sm:max-w-lg"
      title={t('Create New Team')}
      description={t('Add a team to this product, then invite its members.')}
      submitLabel={t('Create Team')}
      pending={create.isPending}
      schema={CreateTeamSchema}
      defaultValues={(): CreateTeamValues => ({ name: '', description: '', teamType: '' })}
      fields={FIELDS}
      nameLabel={t('Team Name')}
      namePlaceholder={t('e.g. Platform')}
      nameMaxLength={100}
      submit={(body) => create.mutateAsync(body)}
      onSaved={(team) => toast.success(t(m.created), { description: team.name })}
      failureTitle={t(m.createFailed)}
    >
      {(form) => (
        <>
          <TextareaField
            control={form.control}
            name="description"
            label={t('Description')}
            rows={3}
            maxLength={1000}
            placeholder={t('What does this team work on?')}
            className="max-h-40 min-h-20"
          />
          <SelectField
            control={form.control}
            name="teamType"
            label={t('Team Type')}
            placeholder={t('Select a team type')}
            options={typeOptions}
          />
        </>
      )}
    </NameDialog>
  );
}
