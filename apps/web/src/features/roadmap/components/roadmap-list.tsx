import type { RoadmapProduct } from '@shipyard/shared';
import { DiamondIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { RoadmapRowExtras } from './row-extras.ts';
import { stageName, stageTones } from './stage-tones.ts';

/**
 * The roadmap on a phone: each product with its span, current stage, planned stages and milestones
 * as a list (a timeline a few hundred pixels wide would show none of it legibly). Dates are moved on
 * a wider screen.
 */
export function RoadmapList({
  products,
  extra,
}: {
  products: RoadmapProduct[];
  extra?: RoadmapRowExtras['list'];
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label={t('Roadmap')}>
      {products.map((product) => (
        <li key={product.id} className="grid grid-cols-[minmax(0,1fr)] gap-2 p-3" data-product={product.id}>
          <div className="flex items-start justify-between gap-2">
            <Link
              to={paths.product(product.id)}
              className="min-w-0 truncate font-medium text-sm hover:underline"
            >
              {product.name}
            </Link>
            <span className="flex shrink-0 items-center gap-1.5 text-muted-foreground text-xs">
              <span
                aria-hidden="true"
                className={cn('size-1.5 rounded-full', stageTones[product.status].dot)}
              />
              {stageName(product.status)}
            </span>
          </div>
          <p className="text-muted-foreground text-xs">
            {t('{{start}} – target {{end}}', {
              start: formatDate(product.start_date),
              end: formatDate(product.target_end_date),
            })}
          </p>
          {extra?.(product)}
          {product.stages.length > 0 ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              {product.stages.map((plan) => (
                <div key={plan.stage} className="contents">
                  <dt className="flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className={cn('size-1.5 rounded-full', stageTones[plan.stage].dot)}
                    />
                    {stageName(plan.stage)}
                  </dt>
                  <dd className="text-muted-foreground">
                    {formatDate(plan.starts_on)} – {formatDate(plan.ends_on)}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-muted-foreground text-xs">{t('No stage dates planned yet')}</p>
          )}
          {product.milestones.length > 0 ? (
            <ul className="grid gap-1 text-xs">
              {product.milestones.map((m) => (
                <li key={m.id} className="flex items-center gap-1.5">
                  <DiamondIcon aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
                  <span className="truncate">{m.title}</span>
                  <span className="ms-auto shrink-0 text-muted-foreground">{formatDate(m.date)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
