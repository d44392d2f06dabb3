import { canCreateProduct, type Role } from '@shipyard/shared';
import { AlertTriangle, CheckCircle2, Clock, FolderKanban, type LucideIcon, Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { MyWorkCard } from './my-work-card.tsx';
import { RecentActivityCard } from './recent-activity-card.tsx';
import {
  activeProductsCaption,
  completedTasksCaption,
  emptySummary,
  pendingReviewsCaption,
  teamMembersCaption,
} from './stat-captions.ts';
import { TeamOverviewCard } from './team-overview-card.tsx';

type StatCardProps = {
  title: string;
  value: number;
  caption: string;
  icon: LucideIcon;
  loading: boolean;
  tone?: 'default' | 'attention';
};

function StatCard({ title, value, caption, icon: Icon, loading, tone = 'default' }: StatCardProps) {
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          {title}
        </CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4 sm:px-5">
        {loading ? (
          <>
            <Skeleton className="h-8 w-14" />
            <Skeleton className="h-3 w-28" />
          </>
        ) : (
          <>
            <p className="font-semibold text-2xl tabular-nums tracking-tight sm:text-3xl">
              {formatNumber(value)}
            </p>
            <p
              className={cn(
                'text-xs',
                tone === 'attention'
                  ? 'font-medium text-amber-700 dark:text-amber-400'
                  : 'text-muted-foreground',
              )}
            >
              {caption}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec §2.8: the dashboard. */
export function DashboardPage({ userRole }: { userRole: Role }) {
  const summary = useDashboardSummary();
  const figures = summary.data ?? emptySummary;
  const loading = summary.isPending;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={t('Dashboard')}
        description={t('Manage your product development lifecycle from planning to production.')}
        actions={
          // The page's one primary action (the top bar has none): New Product, for who may create.
          <>
            <Button asChild variant="outline">
              <Link to={paths.products()}>{t('View All Products')}</Link>
            </Button>
            {canCreateProduct(userRole) ? (
              <Button asChild>
                <Link to={paths.newProduct()}>
                  <Plus aria-hidden="true" />
                  {t('New Product')}
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      {summary.isError ? (
        <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {getErrorMessage(summary.error)}
        </p>
      ) : null}

      <section aria-label={t('Summary')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {loading ? (
          <span role="status" className="sr-only">
            {t('Loading summary')}
          </span>
        ) : null}
        <StatCard
          title={t('Active Products')}
          value={figures.activeProjects}
          caption={activeProductsCaption(figures.activeProjectsNew)}
          icon={FolderKanban}
          loading={loading}
        />
        <StatCard
          title={t('Team Members')}
          value={figures.teamMembers}
          caption={teamMembersCaption(figures.teams)}
          icon={Users}
          loading={loading}
        />
        <StatCard
          title={t('Completed Tasks')}
          value={figures.completedTasks}
          caption={completedTasksCaption(figures.completedThisWeek, figures.completedLastWeek)}
          icon={CheckCircle2}
          loading={loading}
        />
        <StatCard
          title={t('Pending Reviews')}
          value={figures.pendingReviews}
          caption={pendingReviewsCaption(figures.pendingReviews)}
          icon={Clock}
          loading={loading}
          tone={figures.pendingReviews > 0 ? 'attention' : 'default'}
        />
      </section>

      <MyWorkCard />

      {/* grid-cols-1 (minmax(0, 1fr)): a long team or product name never widens the column past a phone. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivityCard />
        </div>
        <TeamOverviewCard />
      </div>
    </div>
  );
}
