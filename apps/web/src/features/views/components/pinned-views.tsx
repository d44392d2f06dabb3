import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '../../../components/ui/sidebar.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useViews } from '../api/views.ts';

const line = 'px-2 py-1.5 text-xs';

/** The sidebar's "Views" (issue 28): the views I pinned, each with how many tasks match for me. */
export function PinnedViews({ onNavigate }: { onNavigate?: () => void }) {
  const views = useViews();
  const { pathname } = useLocation();

  let body: ReactNode;
  if (views.isPending) {
    body = (
      <p role="status" className={cn(line, 'text-muted-foreground')}>
        {t('Loading views...')}
      </p>
    );
  } else if (views.isError) {
    body = (
      <p role="alert" className={cn(line, 'break-words text-destructive')}>
        {t('Error: {{message}}', { message: getErrorMessage(views.error) })}
      </p>
    );
  } else {
    const pinned = views.data.data.filter((view) => view.pinned);
    body = (
      <SidebarMenu>
        {pinned.map((view) => {
          const to = paths.view(view.id);
          const current = pathname === to;
          return (
            <SidebarMenuItem key={view.id}>
              <SidebarMenuButton asChild size="sm" isActive={current}>
                <Link
                  to={paths.view(view.id, view.query)}
                  aria-current={current ? 'page' : undefined}
                  aria-label={t('{{name}}, {{count}} tasks', { name: view.name, count: view.count })}
                  onClick={onNavigate}
                >
                  <span className="min-w-0 flex-1 truncate">{view.name}</span>
                  <span aria-hidden="true" className="ms-auto text-muted-foreground text-xs tabular-nums">
                    {view.count}
                  </span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          );
        })}
        <SidebarMenuItem>
          <SidebarMenuButton asChild size="sm" isActive={pathname === paths.views()}>
            <Link to={paths.views()} onClick={onNavigate} className="text-muted-foreground">
              <span>{pinned.length === 0 ? t('All views (none pinned)') : t('All views')}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    );
  }

  return (
    <SidebarGroup className="group-data-[collapsible=icon]:hidden">
      <SidebarGroupLabel>{t('Views')}</SidebarGroupLabel>
      <SidebarGroupContent>{body}</SidebarGroupContent>
    </SidebarGroup>
  );
}
