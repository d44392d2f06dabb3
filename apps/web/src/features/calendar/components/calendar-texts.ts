import type { EventStatus } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

/** Spec §2.13 'N event(s) scheduled' (eventMessages.scheduled), in the reader's language. */
export const scheduledText = (n: number) => t('{{count}} events scheduled', { count: n });

/** The event statuses' names, translated where shown (the stored value stays English). */
export const eventStatusNames = {
  Planning: k('Planning'),
  Development: k('Development'),
  Testing: k('Testing'),
  Production: k('Production'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
  Cancelled: k('Cancelled'),
} as const satisfies Record<EventStatus, EventStatus>;
