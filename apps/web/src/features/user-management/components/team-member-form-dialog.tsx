import {
  canAssignRole,
  canChangeRoleAndStatus,
  canManageAccess,
  type DirectoryMember,
  userManagementMessages as m,
  ROLES,
  type Role,
  type TeamMemberForm,
  TeamMemberFormSchema,
} from '@shipyard/shared';
import { useState } from 'react';
import { FormDialog, FormDialogForm } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateTeamMember, useUpdateTeamMember } from '../api/save-team-member.ts';
import { SkillsInput } from './skills-input.tsx';
import type { Viewer } from './team-member-actions-menu.tsx';
import { departmentOptions, roleLabel } from './team-member-fields.tsx';

export type TeamMemberFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member being edited; undefined to add one. */
  member?: DirectoryMember | undefined;
  viewer: Viewer;
};

/** What the form holds: '' for a department or role not chosen yet. */
type TeamMemberFormValues = {
  name: string;
  email: string;
  department: string;
  role: '' | Role;
  position: string;
  skills: string[];
};

const FIELDS = ['name', 'email', 'department', 'role', 'position', 'skills'] as const satisfies ReadonlyArray<
  keyof TeamMemberFormValues
>;

function defaultsFor(member: DirectoryMember | undefined): TeamMemberFormValues {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    department: member?.department ?? '',
    role: member?.role ?? '',
    position: member?.position ?? '',
    skills: member?.skills ?? [],
  };
}

/**
 * Spec §2.12 and §5: 'Add New Team Member' or 'Edit Team Member'. Name at least 2, a valid
 * e-mail, a department; the role is a system role the viewer may grant ('' is member); the job
 * title and skills are optional. A new member gets a temporary password by e-mail.
 */
export function TeamMemberFormDialog({ open, onOpenChange, member, viewer }: TeamMemberFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} layout="sections">
      <TeamMemberFormBody member={member} viewer={viewer} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type BodyProps = { member: DirectoryMember | undefined; viewer: Viewer; onSaved: () => void };

function TeamMemberFormBody({ member, viewer, onSaved }: BodyProps) {
  const create = useCreateTeamMember();
  const update = useUpdateTeamMember();
  const editing = member !== undefined;
  // Your own role is not yours to change here: the server would let you lock yourself out.
  const ownAccount = member?.id === viewer.id;
  // E-mail and role are changed only from a higher rank, and never one's own e-mail (decision 010);
  // the owner also changes another super admin's role (issue 27 #2).
  const emailLocked = member !== undefined && (ownAccount || !canManageAccess(viewer.role, member.role));
  const roleLocked = member !== undefined && (ownAccount || !canChangeRoleAndStatus(viewer, member.role));
  const [defaults] = useState(() => defaultsFor(member));
  const { form, onSubmit } = useServerForm<TeamMemberFormValues, TeamMemberForm>({
    schema: TeamMemberFormSchema,
    defaultValues: defaults,
    fields: FIELDS,
    codeToField: { EMAIL_TAKEN: 'email' },
    submit: (values) => {
      if (!member) return create.mutateAsync(values);
      const { role, email, ...rest } = values;
      return update.mutateAsync({
        id: member.id,
        ...(emailLocked ? {} : { email }),
        ...(roleLocked ? {} : { role }),
        ...rest,
      });
    },
    onSuccess: () => {
      toast.success(editing ? t(m.updated) : t(m.added));
      onSaved();
    },
    failureTitle: t(m.errorTitle),
    failureFallback: t(m.fallback),
  });
  const roles = ROLES.filter((role) => canAssignRole(viewer.role, role) || role === member?.role);

  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={editing ? t(m.editTitle) : t(m.addTitle)}
      description={
        editing
          ? t('Change their details, department, role and skills.')
          : t('They receive an e-mail with a temporary password to change at first login.')
      }
      pending={create.isPending || update.isPending}
      submitLabel={editing ? t('Save Changes') : t('Add Team Member')}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('Name')}
        placeholder={t('e.g. {{example}}', { example: 'Ada Lovelace' })}
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        control={form.control}
        name="email"
        label={t('Email')}
        type="email"
        placeholder="name@example.com"
        autoComplete="off"
        maxLength={254}
        readOnly={emailLocked}
        description={
          !editing
            ? undefined
            : ownAccount
              ? t('You cannot change your own email here.')
              : emailLocked
                ? t('Only someone with a higher role can change this email.')
                : t('A new email signs them out until they confirm it from their inbox.')
        }
      />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="department"
          label={t('Department')}
          placeholder={t('Select a department')}
          options={departmentOptions()}
        />
        <SelectField
          control={form.control}
          name="role"
          label={t('Role')}
          placeholder={t('Member (default)')}
          options={roles.map((role) => ({ value: role, label: roleLabel(role) }))}
          readOnly={roleLocked}
          description={
            ownAccount
              ? t('You cannot change your own role.')
              : roleLocked
                ? t('Only someone with a higher role can change this role.')
                : undefined
          }
        />
      </div>
      <TextField
        control={form.control}
        name="position"
        label={t('Position')}
        placeholder={t('e.g. {{example}}', { example: t('Developer, Product manager') })}
        autoComplete="off"
        maxLength={100}
      />
      <FormField
        control={form.control}
        name="skills"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('Skills')}</FormLabel>
            <FormControl>
              <SkillsInput
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={t('e.g. {{example}}', { example: 'React, SQL' })}
              />
            </FormControl>
            <FormDescription>{t('Press Enter or type a comma after each skill.')}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </FormDialogForm>
  );
}
