import type { ProductDetail } from '@shipyard/shared';
import { CalendarRange, History, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { ActivityEntryBody, ActivityEntryIcon } from './activity-entry.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StatusBadge } from './status-badge.tsx';

type ProductOverviewProps = {
  product: ProductDetail;
  currentUserId: string | undefined;
  /** Other features' cards (the route composes them in), shown before Recent Activity. */
  children?: ReactNode;
};

/** The newest entry of the product's activity log (the server sends them newest first). */
function newestActivity(product: ProductDetail) {
  return product.activity_log.reduce<ProductDetail['activity_log'][number] | undefined>(
    (newest, entry) =>
      !newest || Date.parse(entry.createdAt) > Date.parse(newest.createdAt) ? entry : newest,
    undefined,
  );
}

/** Spec §2.11 Overview: description, Status, Team Size, Timeline and the newest activity entry. */
export function ProductOverview({ product, currentUserId, children }: ProductOverviewProps) {
  const now = useNow();
  const latest = newestActivity(product);
  const description = product.description.trim();

  return (
    <div className="flex flex-col gap-4">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="text-base">{t('Description')}</CardTitle>
        </CardHeader>
        <CardContent>
          {description ? (
            <p className="whitespace-pre-line break-words text-sm leading-relaxed">{description}</p>
          ) : (
            <p className="text-muted-foreground text-sm">{t('No description provided.')}</p>
          )}
        </CardContent>
      </Card>

      <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
        <Card className="gap-3">
          <CardHeader className="px-4 sm:px-6">
            <CardDescription>{t('Status')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 px-4 sm:px-6">
            <StatusBadge status={product.status} />
            <ProgressBar value={product.progress} />
          </CardContent>
        </Card>

        <Card className="gap-3">
          <CardHeader className="px-4 sm:px-6">
            <CardDescription className="flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" />
              {t('Team Size')}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 px-4 sm:px-6">
            {/* The spec's team size ('N members'), with the people actually on its teams beside it. */}
            <p className="font-semibold text-2xl tabular-nums">
              {formatNumber(product.team_size)}{' '}
              <span className="font-normal text-base text-muted-foreground">
                {t('members', { count: product.team_size })}
              </span>
            </p>
            <p className="text-muted-foreground text-xs">
              {t('{{active}} active on its teams', {
                count: product.active_members,
                active: formatNumber(product.active_members),
              })}
            </p>
          </CardContent>
        </Card>

        <Card className="col-span-2 gap-3 md:col-span-1">
          <CardHeader className="px-4 sm:px-6">
            <CardDescription className="flex items-center gap-1.5">
              <CalendarRange className="size-4" aria-hidden="true" />
              {t('Timeline')}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 px-4 text-sm sm:px-6">
            <p className="text-muted-foreground">
              {t('Started:')}{' '}
              <time dateTime={product.start_date} className="font-medium text-foreground">
                {formatDate(product.start_date)}
              </time>
            </p>
            <p className="text-muted-foreground">
              {t('Target completion:')}{' '}
              <time dateTime={product.target_end_date} className="font-medium text-foreground">
                {formatDate(product.target_end_date)}
              </time>
            </p>
          </CardContent>
        </Card>
      </div>

      {children}

      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <History className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('Recent Activity')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {latest ? (
            <div className="flex gap-3">
              <ActivityEntryIcon actionType={latest.actionType} />
              <ActivityEntryBody activity={latest} now={now} currentUserId={currentUserId} />
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{t('No activity recorded yet')}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
