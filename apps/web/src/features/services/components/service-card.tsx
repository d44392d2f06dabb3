import { serviceMessages as m, type Service } from '@shipyard/shared';
import { InfoIcon, PowerIcon, PowerOffIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { ServiceStatusBadge, UsedByChips } from './service-labels.tsx';
import { categoryLabels, integrationLabels } from './service-texts.ts';

export type ServiceCardProps = {
  service: Service;
  /** Admins enable and disable; everyone else reads. */
  canManage: boolean;
  /** The status change of this card is in flight. */
  toggling: boolean;
  onDetails: (service: Service) => void;
  onToggle: (service: Service) => void;
};

/**
 * Spec §2.19: one service: name, description, status badge, category, integration, last
 * updated, 'Used by' chips or 'Not in use', 'Details', and 'Disable' (Active) or 'Enable'.
 */
export function ServiceCard({ service, canManage, toggling, onDetails, onToggle }: ServiceCardProps) {
  const titleId = useId();
  const active = service.status === 'Active';
  return (
    <Card className="h-full gap-4 py-5" data-service-id={service.id}>
      <CardHeader className="px-5">
        <div className="flex min-w-0 items-start justify-between gap-3">
          <CardTitle as="h3" id={titleId} className="min-w-0 truncate text-base" title={service.name}>
            {service.name}
          </CardTitle>
          <ServiceStatusBadge status={service.status} />
        </div>
        <CardDescription className="line-clamp-2 min-h-10 break-words">
          {service.description || <span className="italic">{t('No description')}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 px-5">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t(m.categoryLabel)}</dt>
          <dd className="truncate">{t(categoryLabels[service.category])}</dd>
          <dt className="text-muted-foreground">{t('Integration')}</dt>
          <dd className="truncate">{t(integrationLabels[service.integration])}</dd>
          <dt className="text-muted-foreground">{t('Last updated')}</dt>
          <dd>
            <time dateTime={service.lastUpdated} title={formatDateTime(service.lastUpdated)}>
              {formatDate(service.lastUpdated)}
            </time>
          </dd>
        </dl>
        <div className="mt-auto grid gap-1.5">
          <p className="font-medium text-muted-foreground text-xs">{t(m.usedBy)}</p>
          <UsedByChips service={service} />
        </div>
      </CardContent>
      <CardFooter className="gap-2 px-5">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          aria-describedby={titleId}
          onClick={() => onDetails(service)}
        >
          <InfoIcon aria-hidden="true" />
          {t(m.details)}
        </Button>
        {canManage ? (
          <Button
            variant={active ? 'outline' : 'default'}
            size="sm"
            className="flex-1"
            aria-describedby={titleId}
            pending={toggling}
            onClick={() => onToggle(service)}
          >
            {toggling ? null : active ? (
              <PowerOffIcon aria-hidden="true" />
            ) : (
              <PowerIcon aria-hidden="true" />
            )}
            {active ? t(m.disable) : t(m.enable)}
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}

/** The grid's shape while the services load. */
export function ServiceGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="services-loading">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="grid gap-4 rounded-xl border bg-card p-5">
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-16" />
          </div>
          <Skeleton className="h-10 w-full" />
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-36" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-8 flex-1" />
            <Skeleton className="h-8 flex-1" />
          </div>
        </div>
      ))}
    </div>
  );
}
