import { Avatar as AvatarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

/** Shown until the image loads, or instead of it (initials). */
export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full select-none items-center justify-center rounded-full bg-muted font-medium text-muted-foreground text-xs',
        className,
      )}
      {...props}
    />
  );
}

/**
 * An avatar without an image: the same elements and classes as `<Avatar><AvatarFallback>`, without
 * Radix's image-loading state (five components a row less in long lists; issue 28's scroll measure).
 */
export function InitialsAvatar({
  className,
  fallbackClassName,
  children,
}: {
  className?: string;
  fallbackClassName?: string;
  children: string;
}) {
  return (
    <span
      data-slot="avatar"
      className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}
    >
      <span
        data-slot="avatar-fallback"
        aria-hidden="true"
        className={cn(
          'flex size-full select-none items-center justify-center rounded-full bg-muted font-medium text-muted-foreground text-xs',
          fallbackClassName,
        )}
      >
        {children}
      </span>
    </span>
  );
}
