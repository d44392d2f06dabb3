import type { RoadmapProduct } from '@shipyard/shared';
import { useLayoutEffect, useRef } from 'react';
import { currentLanguage, t } from '../../../lib/i18n/index.ts';
import { type RoadmapMove, RoadmapRow } from './roadmap-row.tsx';
import type { RoadmapRowExtras } from './row-extras.ts';
import { type Scale, ticksOf, toDay, xOf, type Zoom } from './timeline-scale.ts';

type Props = {
  products: RoadmapProduct[];
  scale: Scale;
  zoom: Zoom;
  today: Date;
  helpId: string;
  onMove: (move: RoadmapMove) => void;
  announce: (text: string) => void;
  extra?: RoadmapRowExtras['timeline'];
};

const tickLabel = (zoom: Zoom) => {
  const month = new Intl.DateTimeFormat(currentLanguage(), { month: 'short', year: 'numeric' });
  const year = new Intl.DateTimeFormat(currentLanguage(), { year: 'numeric' });
  return (start: Date) =>
    zoom === 'month' ? month.format(start) : `Q${Math.floor(start.getMonth() / 3) + 1} ${year.format(start)}`;
};

/**
 * The roadmap's timeline: a sticky column of product names, a header of months or quarters, a
 * line at today, one row per product; it scrolls sideways and opens on today.
 */
export function RoadmapTimeline({ products, scale, zoom, today, helpId, onMove, announce, extra }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const todayDay = toDay(today);
  const todayX = todayDay >= scale.from && todayDay <= scale.to ? xOf(scale, todayDay) : undefined;
  const ticks = ticksOf(scale, zoom, tickLabel(zoom));

  // Opens with today a little in from the start of the visible timeline, and again on a new zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled on a new zoom or window only
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || todayX === undefined) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const left = Math.max(0, todayX - 120);
    el.scrollLeft = rtl ? -left : left;
  }, [zoom, scale.from]);

  return (
    <div
      ref={scroller}
      className="relative overflow-x-auto rounded-lg border bg-background"
      data-testid="roadmap-scroller"
    >
      <div className="relative" style={{ width: scale.width + 224 }}>
        <div className="sticky top-0 z-40 flex h-9 border-b bg-muted/40">
          <div className="sticky start-0 z-30 flex w-56 shrink-0 items-center border-e bg-muted px-3 font-medium text-muted-foreground text-xs">
            {t('Product')}
          </div>
          <div className="relative shrink-0" style={{ width: scale.width }}>
            {ticks.map((tick) => (
              <div
                key={tick.key}
                aria-hidden="true"
                className="absolute inset-y-0 flex items-center border-s px-2 text-muted-foreground text-xs"
                style={{ insetInlineStart: tick.offset, width: tick.width }}
              >
                <span className="truncate">{tick.label}</span>
              </div>
            ))}
          </div>
        </div>
        <div className="relative">
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-56 end-0">
            {ticks.map((tick) => (
              <div
                key={tick.key}
                className="absolute inset-y-0 border-s border-border/60"
                style={{ insetInlineStart: tick.offset }}
              />
            ))}
            {todayX !== undefined ? (
              <div
                className="absolute inset-y-0 z-20 w-px bg-red-500"
                style={{ insetInlineStart: todayX + scale.dayWidth / 2 }}
                data-testid="roadmap-today"
              />
            ) : null}
          </div>
          <ol aria-label={t('Roadmap')}>
            {products.map((product) => (
              <RoadmapRow
                key={product.id}
                product={product}
                scale={scale}
                helpId={helpId}
                onMove={onMove}
                announce={announce}
                extra={extra}
              />
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}
