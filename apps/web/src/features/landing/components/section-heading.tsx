import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The container every landing section shares, so edges line up from header to footer. */
export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

type SectionHeadingProps = {
  /** The id of the h2, for the section's `aria-labelledby`. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
};

/** An eyebrow, the section's h2 and a short lead paragraph, centred. */
export function SectionHeading({ id, eyebrow, title, description, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="font-medium text-primary text-sm dark:text-indigo-400">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-balance font-semibold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {description && (
        <p className="mt-4 text-pretty text-base text-muted-foreground leading-7 sm:text-lg sm:leading-8">
          {description}
        </p>
      )}
    </div>
  );
}
