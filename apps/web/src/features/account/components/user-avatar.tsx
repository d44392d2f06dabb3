import type { User } from '@shipyard/shared';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';

type AvatarUser = Pick<User, 'full_name' | 'email' | 'avatar_url'>;

/** Spec §2.18: the first letter of the full name, else of the email, else 'U'. */
export function userInitial(user: Partial<Pick<User, 'full_name' | 'email'>> | null | undefined): string {
  const source = user?.full_name?.trim() || user?.email?.trim() || '';
  return (source.charAt(0) || 'U').toUpperCase();
}

/** The user's picture, or their initial until (or instead of) it loading. */
export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  return (
    <Avatar className={cn('size-8', className)}>
      {user.avatar_url ? <AvatarImage src={user.avatar_url} alt={user.full_name || user.email} /> : null}
      <AvatarFallback className="bg-primary/10 font-semibold text-primary dark:bg-primary/25 dark:text-foreground">
        {userInitial(user)}
      </AvatarFallback>
    </Avatar>
  );
}
