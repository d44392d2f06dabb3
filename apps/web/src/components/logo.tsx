import { cn } from '../lib/cn.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M8 19.5h16l-2.6 4.5H10.6L8 19.5Z" className="fill-primary-foreground" />
      <path d="M15 8v9.5H9.5L15 8Zm2 2.5 5 7H17v-7Z" className="fill-primary-foreground/85" />
    </svg>
  );
}

/** The product mark and name; pass `className` to size or colour the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      Shipyard
    </span>
  );
}
