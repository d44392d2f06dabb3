import type { DirectoryMember } from '@shipyard/shared';
import { memo } from 'react';
import { FixedTableHead } from '../../../components/fixed-table-head.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { TeamMemberActionsMenu, type TeamMemberActionsMenuProps } from './team-member-actions-menu.tsx';
import { Chips, MemberDepartment, MemberIdentity, MemberRole } from './team-member-fields.tsx';

/** A list or grid of members: each with its menu (Edit, Delete) for the viewer. */
export type TeamMembersViewProps = Omit<TeamMemberActionsMenuProps, 'member'> & {
  members: readonly DirectoryMember[];
};

const HEADERS = [k('Name'), k('Department'), k('Role'), k('Projects'), k('Skills')] as const;
// From md on a table of fixed columns; below it each row folds into a small card.
const COLUMN_WIDTHS = ['auto', '8rem', '9rem', '22%', '22%', '3.5rem'];
const fold = 'max-md:block';
const cell = 'px-3 py-3 align-middle max-md:block max-md:content-start max-md:p-0';

/** A visible label for a cell once the row folds into a card (below md). */
function FoldLabel({ children }: { children: string }) {
  return <span className="text-muted-foreground text-xs md:sr-only">{t(children)}</span>;
}

/** Spec §2.12 List View: Name, Department, Role, Projects, Skills, and each row's menu. */
export function TeamMemberList({ members, viewer, onEdit }: TeamMembersViewProps) {
  return (
    <table aria-label={t('Team members')} className={cn('w-full table-fixed border-collapse text-sm', fold)}>
      <FixedTableHead
        headers={HEADERS.map((header) => t(header))}
        widths={COLUMN_WIDTHS}
        cellClassName="px-3"
        className="bg-muted/50 max-md:hidden"
      />
      <tbody className={fold}>
        {members.map((member) => (
          <MemberRow key={member.id} member={member} viewer={viewer} onEdit={onEdit} />
        ))}
      </tbody>
    </table>
  );
}

const MemberRow = memo(function MemberRow({ member, viewer, onEdit }: TeamMemberActionsMenuProps) {
  return (
    <tr
      data-member-id={member.id}
      className={cn(
        'border-b transition-colors last:border-b-0 hover:bg-muted/40',
        'max-md:relative max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:px-4 max-md:py-3',
        member.disabled && 'text-muted-foreground',
      )}
    >
      <td className={cn(cell, 'ps-4 max-md:col-span-2 max-md:pe-10')}>
        <MemberIdentity member={member} />
      </td>
      <td className={cn(cell, 'max-md:grid max-md:gap-1')}>
        <FoldLabel>Department</FoldLabel>
        <MemberDepartment department={member.department} />
      </td>
      <td className={cn(cell, 'max-md:grid max-md:gap-1')}>
        <FoldLabel>Role</FoldLabel>
        <MemberRole member={member} />
      </td>
      <td className={cn(cell, 'max-md:col-span-2 max-md:grid max-md:gap-1')}>
        <FoldLabel>Projects</FoldLabel>
        <Chips
          label={t('Projects of {{name}}', { name: member.name })}
          items={member.projects}
          total={member.projectCount}
        />
      </td>
      <td className={cn(cell, 'max-md:col-span-2 max-md:grid max-md:gap-1')}>
        <FoldLabel>Skills</FoldLabel>
        <Chips label={t('Skills of {{name}}', { name: member.name })} items={member.skills} />
      </td>
      <td className={cn(cell, 'pe-4 text-end max-md:absolute max-md:top-3 max-md:end-3')}>
        <TeamMemberActionsMenu member={member} viewer={viewer} onEdit={onEdit} />
      </td>
    </tr>
  );
});

export function TeamMemberListSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      {Array.from({ length: 6 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <div key={row} className="flex items-center gap-4 border-b px-4 py-3 last:border-b-0">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-2/5 max-w-48" />
            <Skeleton className="h-3 w-3/5 max-w-64" />
          </div>
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-5 w-16 md:block" />
          <Skeleton className="hidden h-5 w-28 lg:block" />
          <Skeleton className="hidden h-5 w-28 lg:block" />
          <Skeleton className="size-7 rounded-md" />
        </div>
      ))}
    </div>
  );
}
