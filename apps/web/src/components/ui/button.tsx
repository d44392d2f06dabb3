import { cva, type VariantProps } from 'class-variance-authority';
import { Slot as SlotPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

const buttonClasses = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm outline-none transition-[color,background-color,border-color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive:
          'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/40',
        outline:
          'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
        // --primary is the same indigo in both themes; as text on the dark background it is too
        // dim (about 2.6:1), so dark links take the lighter indigo of the focus ring.
        link: 'text-primary underline-offset-4 hover:underline dark:text-ring',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 text-[13px] has-[>svg]:px-2.5',
        lg: 'h-10 px-6 has-[>svg]:px-4',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * The button classes, also for elements that look like a button but are not one (a router Link).
 * A `className` given here overrides the variant's conflicting classes (tailwind-merge).
 */
export function buttonVariants(props?: Parameters<typeof buttonClasses>[0]): string {
  return cn(buttonClasses(props));
}

type ButtonVariantProps = VariantProps<typeof buttonVariants>;
export type ButtonSize = NonNullable<ButtonVariantProps['size']>;

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the single child (a Link, an anchor) with the button's classes and props instead. */
    asChild?: boolean;
    /** A call is in flight: the button is disabled, busy, and shows a spinner before its label. */
    pending?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  pending,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? SlotPrimitive.Slot : 'button';
  return (
    <Comp
      data-slot="button"
      // A bare <button> submits its form; make that opt-in.
      type={asChild ? type : (type ?? 'button')}
      className={buttonVariants({ variant, size, className })}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && !asChild ? (
        <>
          <Spinner aria-hidden="true" />
          {children}
        </>
      ) : (
        children
      )}
    </Comp>
  );
}
