import type { EventStatus, EventType } from '@shipyard/shared';
import {
  CircleDotIcon,
  ClipboardCheckIcon,
  FlagIcon,
  type LucideIcon,
  PresentationIcon,
  UsersIcon,
} from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { eventStatusNames } from './calendar-texts.ts';

const badge =
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-1.5 py-px font-medium text-[11px] leading-4';

// Spec §4: the product palette for the four creation statuses (planning blue, development amber,
// testing purple, production green), and three more for the edit-only ones.
const statusTones: Record<EventStatus, { badge: string; dot: string }> = {
  Planning: {
    dot: 'bg-blue-500',
    badge:
      'border-blue-200 bg-blue-50 text-blue-700 dark:border-blue-500/30 dark:bg-blue-500/15 dark:text-blue-300',
  },
  Development: {
    dot: 'bg-amber-500',
    badge:
      'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300',
  },
  Testing: {
    dot: 'bg-purple-500',
    badge:
      'border-purple-200 bg-purple-50 text-purple-700 dark:border-purple-500/30 dark:bg-purple-500/15 dark:text-purple-300',
  },
  Production: {
    dot: 'bg-green-500',
    badge:
      'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  },
  'In Progress': {
    dot: 'bg-sky-500',
    badge:
      'border-sky-200 bg-sky-50 text-sky-700 dark:border-sky-500/30 dark:bg-sky-500/15 dark:text-sky-300',
  },
  Completed: {
    dot: 'bg-emerald-600',
    badge:
      'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  Cancelled: {
    dot: 'bg-rose-500',
    badge:
      'border-rose-200 bg-rose-50 text-rose-700 line-through decoration-rose-400/70 dark:border-rose-500/30 dark:bg-rose-500/15 dark:text-rose-300',
  },
};

export function EventStatusDot({ status, className }: { status: EventStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('size-1.5 shrink-0 rounded-full', statusTones[status].dot, className)}
    />
  );
}

export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return (
    <span data-slot="event-status-badge" className={cn(badge, statusTones[status].badge, className)}>
      <EventStatusDot status={status} />
      {t(eventStatusNames[status])}
    </span>
  );
}

export const eventTypeLabels: Record<EventType, string> = {
  meeting: k('Meeting'),
  milestone: k('Milestone'),
  review: k('Review'),
  workshop: k('Workshop'),
  other: k('Other'),
};

export const eventTypeIcons: Record<EventType, LucideIcon> = {
  meeting: UsersIcon,
  milestone: FlagIcon,
  review: ClipboardCheckIcon,
  workshop: PresentationIcon,
  other: CircleDotIcon,
};

/** The type as a neutral badge with its icon: the status carries the colour. */
export function EventTypeBadge({ type, className }: { type: EventType; className?: string }) {
  const Icon = eventTypeIcons[type];
  return (
    <span
      data-slot="event-type-badge"
      className={cn(badge, 'border-border bg-secondary text-secondary-foreground', className)}
    >
      <Icon aria-hidden="true" className="size-3" />
      {t(eventTypeLabels[type])}
    </span>
  );
}
