import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block in the shape of the content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
