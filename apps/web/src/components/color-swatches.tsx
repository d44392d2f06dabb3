import { CheckIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** A palette's colours as a radio group of swatches (labels, workflow states). */
export function ColorSwatches({
  colors,
  value,
  onChange,
  label,
}: {
  colors: readonly string[];
  value: string;
  onChange: (color: string) => void;
  label: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1">
      {colors.map((color) => {
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
            className="group flex size-10 items-center justify-center rounded-full outline-none sm:size-6"
          >
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full ring-offset-2 ring-offset-background group-focus-visible:ring-2 group-focus-visible:ring-ring sm:size-6',
                checked && 'ring-2 ring-foreground/60',
              )}
              style={{ backgroundColor: color }}
            >
              {checked ? <CheckIcon aria-hidden="true" className="size-3.5 text-white" /> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The colour a new item gets: the first of the palette none uses yet. */
export function nextColor(colors: readonly [string, ...string[]], used: readonly string[]): string {
  return colors.find((color) => !used.includes(color)) ?? colors[0];
}
