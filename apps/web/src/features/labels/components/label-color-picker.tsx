import { LABEL_COLORS } from '@shipyard/shared';
import { CheckIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** The palette's colours as a radio group of swatches. */
export function LabelColorPicker({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (color: string) => void;
  label: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1">
      {LABEL_COLORS.map((color) => {
        const checked = color === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a swatch, not a form control with a text label
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={color}
            onClick={() => onChange(color)}
            className={cn(
              'flex size-6 items-center justify-center rounded-full outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring',
              checked && 'ring-2 ring-foreground/60',
            )}
            style={{ backgroundColor: color }}
          >
            {checked ? <CheckIcon aria-hidden="true" className="size-3.5 text-white" /> : null}
          </button>
        );
      })}
    </div>
  );
}

/** The colour a new label gets: the first of the palette no label uses yet. */
export function nextLabelColor(used: readonly string[]): string {
  return LABEL_COLORS.find((color) => !used.includes(color)) ?? LABEL_COLORS[0];
}
