import { PRODUCT_STATUSES, type ProductStatus, type RoadmapProduct } from '@shipyard/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { type Delta, useDayDrag } from '../../../hooks/use-day-drag.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { DateChange } from '../api/change-dates.ts';
import type { RoadmapRowExtras } from './row-extras.ts';
import { type SegmentSpan, StageSegment } from './stage-segment.tsx';
import { stageName, stageTones } from './stage-tones.ts';
import { type Scale, shiftDay, spanOf, stageSpans, xOf } from './timeline-scale.ts';

/** What a move asks: the change, the one that takes it back, and what the toast and announcement say. */
export type RoadmapMove = { change: DateChange; undo: DateChange; title: string; description: string };

type Props = {
  product: RoadmapProduct;
  scale: Scale;
  helpId: string;
  onMove: (move: RoadmapMove) => void;
  announce: (text: string) => void;
  /** Another feature's marks on the row (the route's `rowExtras`). */
  extra?: RoadmapRowExtras['timeline'];
};

type Draft = { what: 'target' | ProductStatus; delta: Delta };

/** A stage's days once moved by `delta`, kept in order (an edge stops at the other one). */
export function movedSpan(span: SegmentSpan, delta: Delta): SegmentSpan {
  const start = shiftDay(span.start, delta.start);
  const end = shiftDay(span.end, delta.end);
  if (start <= end) return { start, end };
  return delta.start !== 0 && delta.end === 0 ? { start: span.end, end: span.end } : { start, end: start };
}

/** The target date once moved by `days`, never before the product's start. */
export function movedTarget(product: Pick<RoadmapProduct, 'start_date' | 'target_end_date'>, days: number) {
  const target = shiftDay(product.target_end_date, days);
  return target < product.start_date ? product.start_date : target;
}

/** One product's row: its name, and on the timeline its span, stages, milestones and target handle. */
export function RoadmapRow({ product, scale, helpId, onMove, announce, extra }: Props) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const editable = product.canEdit;
  const target = draft?.what === 'target' ? movedTarget(product, draft.delta.end) : product.target_end_date;
  const plans = new Map(product.stages.map((s) => [s.stage, { start: s.starts_on, end: s.ends_on }]));
  const spans = stageSpans(
    product.start_date,
    target,
    PRODUCT_STATUSES.map((stage) => plans.get(stage)),
  );
  const bar = spanOf(scale, product.start_date, target);

  const targetDrag = useDayDrag({
    dayWidth: scale.dayWidth,
    disabled: !editable,
    keyPart: 'end',
    onPreview: (delta) => {
      setDraft(delta ? { what: 'target', delta } : null);
      announce(
        delta
          ? t('Target date {{date}}. Enter saves, Escape cancels.', {
              date: formatDate(movedTarget(product, delta.end)),
            })
          : t('Target date {{date}}', { date: formatDate(product.target_end_date) }),
      );
    },
    onCommit: (delta) => {
      setDraft(null);
      const next = movedTarget(product, delta.end);
      if (next === product.target_end_date) return;
      onMove({
        change: { kind: 'target', productId: product.id, target: next },
        undo: { kind: 'target', productId: product.id, target: product.target_end_date },
        title: t('Target date moved'),
        description: t('{{product}}: {{date}}', { product: product.name, date: formatDate(next) }),
      });
    },
  });

  const segment = (stage: ProductStatus, index: number) => {
    const stored = plans.get(stage);
    const base = spans[index] ?? { start: product.start_date, end: target };
    const span = draft?.what === stage ? movedSpan(base, draft.delta) : base;
    const describe = (s: SegmentSpan) =>
      t('{{stage}}: {{start}} – {{end}}', {
        stage: stageName(stage),
        start: formatDate(s.start),
        end: formatDate(s.end),
      });
    return (
      <StageSegment
        key={stage}
        stage={stage}
        span={{ start: span.start, end: span.end }}
        planned={Boolean(stored)}
        current={product.status === stage}
        scale={scale}
        editable={editable}
        helpId={helpId}
        onPreview={(delta) => {
          setDraft(delta ? { what: stage, delta } : null);
          announce(
            delta
              ? `${describe(movedSpan(base, delta))}. ${t('Enter saves, Escape cancels.')}`
              : describe(base),
          );
        }}
        onCommit={(delta) => {
          setDraft(null);
          const next = movedSpan(base, delta);
          if (stored && next.start === stored.start && next.end === stored.end) return;
          const plan = (s: SegmentSpan | undefined) => (s ? { starts_on: s.start, ends_on: s.end } : null);
          onMove({
            change: { kind: 'plan', productId: product.id, stage, span: plan(next) },
            undo: { kind: 'plan', productId: product.id, stage, span: plan(stored) },
            title: t('Stage dates saved'),
            description: `${product.name} · ${describe(next)}`,
          });
        }}
        onClear={() => {
          if (!stored) return;
          onMove({
            change: { kind: 'plan', productId: product.id, stage, span: null },
            undo: {
              kind: 'plan',
              productId: product.id,
              stage,
              span: { starts_on: stored.start, ends_on: stored.end },
            },
            title: t('Stage dates cleared'),
            description: `${product.name} · ${stageName(stage)}`,
          });
        }}
      />
    );
  };

  const targetX = xOf(scale, target) + scale.dayWidth;
  const targetShown = target >= scale.from && target <= scale.to;

  return (
    <li className="flex h-12 border-b last:border-b-0" data-product={product.id}>
      <div className="sticky start-0 z-30 flex w-56 shrink-0 flex-col justify-center gap-0.5 border-e bg-background px-3">
        <Link to={paths.product(product.id)} className="truncate font-medium text-sm hover:underline">
          {product.name}
        </Link>
        <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <span aria-hidden="true" className={cn('size-1.5 rounded-full', stageTones[product.status].dot)} />
          <span className="truncate">
            {stageName(product.status)} · {formatDate(target)}
          </span>
        </span>
      </div>
      <div className="relative shrink-0" style={{ width: scale.width }}>
        {bar ? (
          <div
            aria-hidden="true"
            className="absolute top-3 h-6 rounded-sm bg-muted ring-1 ring-border"
            style={{ insetInlineStart: bar.offset, width: bar.width }}
          />
        ) : null}
        <div className="absolute inset-x-0 top-3 h-6">{PRODUCT_STATUSES.map(segment)}</div>
        {product.milestones.map((m) => {
          if (m.date < scale.from || m.date > scale.to) return null;
          return (
            <Tooltip key={m.id}>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  aria-label={t('Milestone {{title}}, {{date}}', {
                    title: m.title,
                    date: formatDate(m.date),
                  })}
                  className="absolute top-[19px] z-20 size-2.5 -translate-x-1/2 rotate-45 rounded-[1px] bg-foreground ring-2 ring-background outline-none focus-visible:ring-ring rtl:translate-x-1/2"
                  style={{ insetInlineStart: xOf(scale, m.date) + scale.dayWidth / 2 }}
                />
              </TooltipTrigger>
              <TooltipContent>
                {m.title} · {formatDate(m.date)}
              </TooltipContent>
            </Tooltip>
          );
        })}
        {extra?.(product, {
          from: scale.from,
          to: scale.to,
          dayWidth: scale.dayWidth,
          x: (day) => xOf(scale, day),
        })}
        {targetShown ? (
          <div
            role="slider"
            tabIndex={editable ? 0 : -1}
            aria-label={t('Target date of {{product}}', { product: product.name })}
            aria-valuemin={0}
            aria-valuemax={scale.days}
            aria-valuenow={Math.round(xOf(scale, target) / scale.dayWidth)}
            aria-valuetext={formatDate(target)}
            aria-readonly={!editable || undefined}
            aria-describedby={editable ? helpId : undefined}
            data-handle="target"
            className={cn(
              'absolute top-2 z-20 flex h-8 w-3 -translate-x-1/2 items-center justify-center rounded-sm outline-none rtl:translate-x-1/2',
              'focus-visible:ring-2 focus-visible:ring-ring',
              editable ? 'cursor-ew-resize touch-none' : 'pointer-events-none',
            )}
            style={{ insetInlineStart: targetX }}
            onKeyDown={targetDrag.onKeyDown}
            onBlur={targetDrag.onBlur}
            {...targetDrag.pointer('end')}
          >
            <span aria-hidden="true" className="h-full w-1 rounded-full bg-foreground" />
            {draft?.what === 'target' ? (
              <span className="absolute -top-5 whitespace-nowrap rounded bg-foreground px-1.5 py-0.5 font-medium text-[10px] text-background">
                {formatDate(target)}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
