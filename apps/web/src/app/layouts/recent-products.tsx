import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '../../components/ui/sidebar.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRecentProducts } from '../../features/products/api/get-recent-products.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { t } from '../../lib/i18n/index.ts';
import { paths } from '../../lib/paths.ts';

// Spec §4: the status dot colours; other values light gray.
const statusDot: Record<string, string> = {
  planning: 'bg-blue-500',
  development: 'bg-amber-500',
  testing: 'bg-purple-500',
  production: 'bg-green-500',
  maintenance: 'bg-zinc-400',
};

const line = 'px-2 py-1.5 text-xs';

/** Spec §2.3: the sidebar's 'Recent Products' list (hidden while collapsed to icons). */
export function RecentProducts({ onNavigate }: { onNavigate?: () => void }) {
  const products = useRecentProducts();
  const { pathname } = useLocation();

  let body: ReactNode;
  if (products.isPending) {
    body = (
      <div role="status" className={cn(line, 'flex items-center gap-2 text-muted-foreground')}>
        <Skeleton className="size-2 rounded-full" />
        {t('Loading...')}
      </div>
    );
  } else if (products.isError) {
    body = (
      <p role="alert" className={cn(line, 'break-words text-destructive')}>
        {t('Error: {{message}}', { message: getErrorMessage(products.error) })}
      </p>
    );
  } else if (products.data.length === 0) {
    body = <p className={cn(line, 'text-muted-foreground')}>{t('No products yet')}</p>;
  } else {
    body = (
      <SidebarMenu>
        {products.data.map((product) => {
          const to = paths.product(product.id);
          const current = pathname === to;
          return (
            <SidebarMenuItem key={product.id}>
              <SidebarMenuButton asChild size="sm" isActive={current}>
                <Link to={to} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-2 shrink-0 rounded-full',
                      statusDot[product.status.toLowerCase()] ?? 'bg-zinc-300',
                    )}
                  />
                  <span>{product.name}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          );
        })}
      </SidebarMenu>
    );
  }

  return (
    <SidebarGroup className="group-data-[collapsible=icon]:hidden">
      <SidebarGroupLabel>{t('Recent Products')}</SidebarGroupLabel>
      <SidebarGroupContent>{body}</SidebarGroupContent>
    </SidebarGroup>
  );
}
