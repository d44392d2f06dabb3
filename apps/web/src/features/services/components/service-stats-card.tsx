import { serviceMessages as m, type ServiceStats } from '@shipyard/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { categoryLabels, statusLabels } from './service-texts.ts';

/** The share of the products that use any service, as a whole percent (spec §9's sample: 4 of 4 is 100%). */
const usageShare = (products: number, productsUsing: number) =>
  productsUsing > 0 ? Math.round((100 * products) / productsUsing) : 0;

/**
 * Spec §2.19 'Service Usage Statistics', computed by the server over every service: how many
 * there are by status, the most used (by how many products use them) and the count per category.
 */
export function ServiceStatsCard({ stats }: { stats: ServiceStats }) {
  const figures = [
    { label: t('Total'), value: stats.total },
    { label: t(statusLabels.Active), value: stats.active },
    { label: t(statusLabels.Inactive), value: stats.inactive },
    { label: t(statusLabels.Pending), value: stats.pending },
  ];
  return (
    <Card className="gap-5" role="region" aria-labelledby="service-stats-title">
      <CardHeader>
        <CardTitle id="service-stats-title">{t(m.statsTitle)}</CardTitle>
        <CardDescription>
          {stats.productsUsing === 0
            ? t('No product uses a service yet.')
            : t('{{number}} products use at least one service.', {
                count: stats.productsUsing,
                number: formatNumber(stats.productsUsing),
              })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="service-stats-status" className="grid content-start gap-3">
          <h3 id="service-stats-status" className="font-medium text-muted-foreground text-sm">
            {t('Services')}
          </h3>
          <dl className="grid grid-cols-2 gap-2">
            {figures.map((figure) => (
              <div key={figure.label} className="rounded-lg border px-3 py-2">
                <dt className="text-muted-foreground text-xs">{figure.label}</dt>
                <dd className="font-semibold text-xl tabular-nums">{formatNumber(figure.value)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="service-stats-used" className="grid content-start gap-3">
          <h3 id="service-stats-used" className="font-medium text-muted-foreground text-sm">
            {t('Most used')}
          </h3>
          {stats.mostUsed.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t(m.notInUse)}</p>
          ) : (
            <ul className="grid gap-3">
              {stats.mostUsed.map((service) => {
                const share = usageShare(service.products, stats.productsUsing);
                return (
                  <li key={service.id} className="grid gap-1.5">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="min-w-0 truncate font-medium" title={service.name}>
                        {service.name}
                      </span>
                      <span className="shrink-0 text-muted-foreground tabular-nums">
                        {t('{{number}} products', {
                          count: service.products,
                          number: formatNumber(service.products),
                        })}{' '}
                        · {share}%
                      </span>
                    </div>
                    <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                      <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="service-stats-category" className="grid content-start gap-3">
          <h3 id="service-stats-category" className="font-medium text-muted-foreground text-sm">
            {t('By category')}
          </h3>
          {stats.byCategory.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('No categories yet.')}</p>
          ) : (
            <dl className="grid gap-1.5 text-sm">
              {stats.byCategory.map((entry) => (
                <div key={entry.category} className="flex items-center justify-between gap-3">
                  <dt className="min-w-0 truncate">{t(categoryLabels[entry.category])}</dt>
                  <dd className="tabular-nums">{formatNumber(entry.count)}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

export function ServiceStatsSkeleton() {
  return (
    <div className="grid gap-5 rounded-xl border bg-card p-6" aria-hidden="true">
      <Skeleton className="h-5 w-56" />
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-14 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
