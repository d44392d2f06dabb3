import { Popover } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A popover's panel, in a portal: the card look every popover of the app shares, 4 px from its
 * trigger, aligned to its start unless told otherwise. Width, padding and layout come from
 * `className`.
 */
export function PopoverContent({
  className,
  align = 'start',
  sideOffset = 4,
  ...props
}: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        align={align}
        sideOffset={sideOffset}
        className={cn('z-50 rounded-md border bg-popover text-popover-foreground shadow-md', className)}
        {...props}
      />
    </Popover.Portal>
  );
}
