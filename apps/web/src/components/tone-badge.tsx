import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

// A status in words with a coloured dot (a service's status, a delivery's), light and dark.

const toneClasses = {
  green:
    'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  gray: 'border-zinc-200 bg-zinc-100 text-zinc-700 dark:border-zinc-500/30 dark:bg-zinc-500/15 dark:text-zinc-300',
  amber:
    'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300',
  red: 'border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/15 dark:text-red-300',
} as const;

const dotClasses = {
  green: 'bg-green-500',
  gray: 'bg-zinc-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
} as const;

export type Tone = keyof typeof toneClasses;

export function ToneBadge({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border px-2 py-0.5 font-medium text-xs',
        toneClasses[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', dotClasses[tone])} />
      {children}
    </span>
  );
}
