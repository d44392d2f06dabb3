import { PRODUCT_STATUSES } from '@shipyard/shared';
import { cn } from '../../../lib/cn.ts';
import { statusLabel } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';

type StatusTone = { dot: string; badge: string };

// Spec §4 and ARCHITECTURE §6: planning blue, development amber, testing purple, production
// green, maintenance gray; other values light gray.
const tones: Record<string, StatusTone> = {
  planning: {
    dot: 'bg-blue-500',
    badge:
      'border-blue-200 bg-blue-50 text-blue-700 dark:border-blue-500/30 dark:bg-blue-500/15 dark:text-blue-300',
  },
  development: {
    dot: 'bg-amber-500',
    badge:
      'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300',
  },
  testing: {
    dot: 'bg-purple-500',
    badge:
      'border-purple-200 bg-purple-50 text-purple-700 dark:border-purple-500/30 dark:bg-purple-500/15 dark:text-purple-300',
  },
  production: {
    dot: 'bg-green-500',
    badge:
      'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  },
  maintenance: {
    dot: 'bg-zinc-500',
    badge:
      'border-zinc-200 bg-zinc-100 text-zinc-700 dark:border-zinc-500/30 dark:bg-zinc-500/15 dark:text-zinc-300',
  },
};

const otherTone: StatusTone = {
  dot: 'bg-zinc-300 dark:bg-zinc-600',
  badge:
    'border-zinc-200 bg-zinc-50 text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-400',
};

// The stages' names, translated where shown; a status outside them is shown as stored.
const stageNames: Record<string, string> = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
};

/** 'development' → 'Development' in the reader's language. */
export function stageLabel(status: string): string {
  const name = stageNames[status.toLowerCase()];
  return name ? t(name) : statusLabel(status);
}

function statusTone(status: string): StatusTone {
  return tones[status.toLowerCase()] ?? otherTone;
}

export function StatusDot({ status, className }: { status: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('size-1.5 shrink-0 rounded-full', statusTone(status).dot, className)}
    />
  );
}

/** The product stages as a select's options, each with its dot (built at render: labels are translated). */
export const productStatusOptions = () =>
  PRODUCT_STATUSES.map((status) => ({
    value: status,
    label: stageLabel(status),
    icon: <StatusDot status={status} className="size-2" />,
  }));

/** A product's status as a tinted badge with a coloured dot. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-slot="status-badge"
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border px-2 py-0.5 font-medium text-xs',
        statusTone(status).badge,
        className,
      )}
    >
      <StatusDot status={status} />
      {stageLabel(status)}
    </span>
  );
}
