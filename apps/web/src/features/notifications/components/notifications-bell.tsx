import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { unreadBadgeText, unreadLinkLabel } from './unread-badge.tsx';

const label = k('Notifications');

/**
 * The bell in the top bar (issue 30): on every screen, a phone's too, with the unread count
 * (the same query the sidebar reads, kept live by the realtime changes).
 */
export function NotificationsBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link
      to={paths.notifications()}
      aria-label={unreadLinkLabel(t(label), unread) ?? t(label)}
      title={t(label)}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative size-8')}
    >
      <BellIcon aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-slot="bell-count"
          className="absolute -top-0.5 -end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 font-medium text-[10px] text-primary-foreground tabular-nums"
        >
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
