import {
  type Candidate,
  INVITE_ROLES,
  type InviteMember,
  InviteMemberSchema,
  teamMessages as m,
  PEOPLE_SEARCH_NAME_MIN,
  peopleSearchKind,
} from '@shipyard/shared';
import { Check, Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Form, FormField, FormItem, FormMessage, useFormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useServerForm } from '../../../hooks/use-server-form.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useCandidates } from '../api/get-candidates.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { roleLabel } from './team-labels.tsx';

const inviteMessages = {
  searchLabel: k('Search users'),
  searchPlaceholder: k('Search by name or email...'),
  noMatches: (search: string) => t('No users match “{{search}}”.', { search }),
  noCandidates: k('Everyone is already in this team.'),
  loadFailed: k('Failed to load users'),
} as const;

/** peopleSearchHint in the reader's language (a test checks the English is the same). */
export const searchHintText = () =>
  t('Type a full e-mail address or at least {{min}} letters of a name.', { min: PEOPLE_SEARCH_NAME_MIN });

/** How long the search box waits for typing to stop before it asks the server. */
const CANDIDATE_SEARCH_DELAY_MS = 300;

export type InviteMemberDialogProps = {
  teamId: string;
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type InviteValues = { userId: string; role: string };

const FIELDS = ['userId', 'role'] as const satisfies ReadonlyArray<keyof InviteValues>;

/** Spec §2.11 and §5: 'Add Team Member' invites an existing user, found by name or e-mail, with a role. */
export function InviteMemberDialog({ teamId, productId, open, onOpenChange }: InviteMemberDialogProps) {
  const invite = useInviteMember(teamId, productId);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} pending={invite.isPending} className="sm:max-w-lg">
      {/* Mounted only while open: every opening starts with a fresh search. */}
      <InviteForm
        teamId={teamId}
        pending={invite.isPending}
        onSave={(body) => invite.mutateAsync(body)}
        onSaved={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

type InviteFormProps = {
  teamId: string;
  pending: boolean;
  onSave: (body: InviteMember) => Promise<unknown>;
  onSaved: () => void;
};

function InviteForm({ teamId, pending, onSave, onSaved }: InviteFormProps) {
  const { form, onSubmit } = useServerForm<InviteValues, InviteMember>({
    schema: InviteMemberSchema,
    defaultValues: { userId: '', role: '' },
    fields: FIELDS,
    submit: onSave,
    onSuccess: () => {
      toast.success(t(m.invited));
      onSaved();
    },
    failureTitle: t(m.inviteFailed),
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-5">
        <DialogHeader>
          <DialogTitle>{t('Add Team Member')}</DialogTitle>
          <DialogDescription>{t(m.addMemberDescription)}</DialogDescription>
        </DialogHeader>
        <FormField
          control={form.control}
          name="userId"
          render={({ field }) => (
            <FormItem>
              <CandidatePicker
                teamId={teamId}
                value={field.value}
                onChange={field.onChange}
                searchRef={field.ref}
                onBlur={field.onBlur}
              />
              <FormMessage />
            </FormItem>
          )}
        />
        <SelectField
          control={form.control}
          name="role"
          label={t('Role')}
          placeholder={t('Select a role')}
          options={INVITE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        />
        <FormDialogFooter pending={pending} submitLabel={t('Send Invite')} />
      </form>
    </Form>
  );
}

type CandidatePickerProps = {
  teamId: string;
  value: string;
  onChange: (userId: string) => void;
  onBlur: () => void;
  /** The search box takes the focus when the form asks for a user. */
  searchRef: (element: HTMLInputElement | null) => void;
};

/**
 * A search box over the users who are not yet in the team, and the matches as a radio group
 * (arrow keys move the choice). The chosen user stays listed while the search changes.
 */
function CandidatePicker({ teamId, value, onChange, onBlur, searchRef }: CandidatePickerProps) {
  const { error, formItemId, formMessageId } = useFormField();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Candidate | undefined>();
  const settled = useDebouncedValue(search.trim(), CANDIDATE_SEARCH_DELAY_MS);
  // Once the server said the caller's search is restricted (decision 010), a search it would
  // answer with nobody is not sent: the box says what to type instead.
  const [restricted, setRestricted] = useState(false);
  const qualifies = peopleSearchKind(settled) !== undefined;
  const candidates = useCandidates(teamId, settled, !restricted || qualifies);
  if (candidates.data?.restricted && !restricted) setRestricted(true);
  const hint = (restricted || candidates.data?.restricted === true) && !qualifies;

  const found = hint ? [] : (candidates.data?.data ?? []);
  const shown =
    picked && picked.id === value && !found.some((c) => c.id === picked.id) ? [picked, ...found] : found;
  const searching = candidates.isFetching && candidates.isPlaceholderData;

  let list: ReactNode;
  if (candidates.isPending && !hint) {
    list = (
      <div className="flex flex-col gap-1 p-1">
        <span role="status" className="sr-only">
          {t('Loading users')}
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3 px-2 py-1.5">
            <Skeleton className="size-7 rounded-full" />
            <div className="flex flex-1 flex-col gap-1">
              <Skeleton className="h-3.5 w-32" />
              <Skeleton className="h-3 w-44" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (candidates.isError && !hint) {
    list = (
      <p role="alert" className="px-3 py-4 text-center text-sm">
        <span className="font-medium">{t(inviteMessages.loadFailed)}</span>
        <span className="block text-muted-foreground">{getErrorMessage(candidates.error)}</span>
      </p>
    );
  } else if (shown.length === 0) {
    list = (
      <p className="px-3 py-6 text-center text-muted-foreground text-sm">
        {hint
          ? searchHintText()
          : settled
            ? inviteMessages.noMatches(settled)
            : t(inviteMessages.noCandidates)}
      </p>
    );
  } else {
    list = (
      <ul className={cn('flex flex-col gap-0.5 p-1 transition-opacity', searching && 'opacity-60')}>
        {shown.map((candidate) => {
          const checked = candidate.id === value;
          return (
            <li key={candidate.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  checked && 'bg-accent',
                )}
              >
                <input
                  type="radio"
                  name="userId"
                  value={candidate.id}
                  checked={checked}
                  onChange={() => {
                    setPicked(candidate);
                    onChange(candidate.id);
                  }}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? formMessageId : undefined}
                  className="sr-only"
                />
                <Avatar className="size-7" aria-hidden="true">
                  {candidate.avatar ? <AvatarImage src={candidate.avatar} alt="" /> : null}
                  <AvatarFallback className="text-[11px]">{initials(candidate.name)}</AvatarFallback>
                </Avatar>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{candidate.name}</span>
                  <span className="truncate text-muted-foreground text-xs">{candidate.email}</span>
                </span>
                <Check
                  className={cn('size-4 shrink-0 text-primary', checked ? 'visible' : 'invisible')}
                  aria-hidden="true"
                />
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend
        data-error={Boolean(error)}
        className="mb-2 font-medium text-sm data-[error=true]:text-destructive"
      >
        {t('User')}
      </legend>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 start-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={formItemId}
          ref={searchRef}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the search box searches; it does not send the form.
            if (event.key === 'Enter') event.preventDefault();
          }}
          aria-label={t(inviteMessages.searchLabel)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? formMessageId : undefined}
          placeholder={t(inviteMessages.searchPlaceholder)}
          autoComplete="off"
          className="ps-8"
        />
      </div>
      <div className="max-h-56 min-h-24 overflow-y-auto rounded-md border">{list}</div>
    </fieldset>
  );
}
