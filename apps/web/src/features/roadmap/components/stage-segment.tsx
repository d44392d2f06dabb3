import type { ProductStatus } from '@shipyard/shared';
import { DragEdges } from '../../../components/drag-edges.tsx';
import { type Delta, useDayDrag } from '../../../hooks/use-day-drag.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { stageName, stageTones } from './stage-tones.ts';
import { type Scale, spanOf } from './timeline-scale.ts';

export type SegmentSpan = { start: string; end: string };

type Props = {
  stage: ProductStatus;
  span: SegmentSpan;
  /** A stored plan (solid), or where the stage would lie (dashed): a first move plans it. */
  planned: boolean;
  current: boolean;
  scale: Scale;
  editable: boolean;
  /** Id of the text that says how to move it by keyboard. */
  helpId: string;
  onPreview: (delta: Delta | null) => void;
  onCommit: (delta: Delta) => void;
  onClear: () => void;
};

/** A stage's span on a product's bar: drag its body to move it, an edge to change that day. */
export function StageSegment({ stage, span, planned, current, scale, editable, helpId, ...moves }: Props) {
  const { pointer, onKeyDown, onBlur } = useDayDrag({
    dayWidth: scale.dayWidth,
    disabled: !editable,
    keyPart: 'move',
    altPart: 'end',
    onPreview: moves.onPreview,
    onCommit: moves.onCommit,
    onClear: planned ? moves.onClear : undefined,
  });
  const place = spanOf(scale, span.start, span.end);
  if (!place) return null;
  const tone = stageTones[stage];
  const name = stageName(stage);
  const label = t('{{stage}}: {{start}} – {{end}}', {
    stage: name,
    start: formatDate(span.start),
    end: formatDate(span.end),
  });
  const state = [planned ? t('planned') : t('not planned'), current ? t('current stage') : '']
    .filter(Boolean)
    .join(', ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a span of days moved by arrows, not a form control
    <div
      role="group"
      tabIndex={editable ? 0 : -1}
      aria-roledescription={t('stage span')}
      aria-label={`${label} (${state})`}
      aria-describedby={editable ? helpId : undefined}
      data-stage={stage}
      data-planned={planned || undefined}
      data-current={current || undefined}
      className={cn(
        'group/segment absolute inset-y-0 flex items-center overflow-hidden rounded-[3px] px-1.5 font-medium text-[10px] leading-none outline-none',
        'focus-visible:z-20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        planned ? tone.solid : cn('border border-dashed', tone.open),
        current && 'z-10 shadow-[inset_0_0_0_2px_var(--color-foreground)]',
        editable && 'cursor-grab touch-none active:cursor-grabbing',
      )}
      style={{ insetInlineStart: place.offset, width: place.width }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      {...pointer('move')}
    >
      {place.width > 56 ? <span className="pointer-events-none truncate">{name}</span> : null}
      {editable ? <DragEdges pointer={pointer} /> : null}
    </div>
  );
}
