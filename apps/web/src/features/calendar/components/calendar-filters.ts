import { useCallback, useMemo } from 'react';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { personColour } from '../../../lib/person-colour.ts';

// The calendar's filters live in the address (?product=…&tasks=mine&hide=events), so a reload
// or a shared link shows the same calendar.

export const CALENDAR_KINDS = ['events', 'milestones', 'tasks'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export type CalendarFilters = {
  /** One product's items only ('' for all). */
  productId: string;
  /** Only the tasks assigned to the viewer. */
  mineOnly: boolean;
  /** The kinds shown. */
  shown: ReadonlySet<CalendarKind>;
};

const isKind = (value: string): value is CalendarKind =>
  (CALENDAR_KINDS as readonly string[]).includes(value);

/** The filters read from the address, and a setter per filter. */
export function useCalendarFilters() {
  const { values, set } = useUrlState({ product: '', tasks: 'all', hide: '' });
  const filters = useMemo<CalendarFilters>(() => {
    const hidden = new Set(values.hide.split(',').filter(isKind));
    return {
      productId: values.product,
      mineOnly: values.tasks === 'mine',
      shown: new Set(CALENDAR_KINDS.filter((kind) => !hidden.has(kind))),
    };
  }, [values]);

  const setProduct = useCallback((productId: string) => set({ product: productId }), [set]);
  const setMineOnly = useCallback((mine: boolean) => set({ tasks: mine ? 'mine' : 'all' }), [set]);
  const setShown = useCallback(
    (kind: CalendarKind, show: boolean) => {
      const hidden = CALENDAR_KINDS.filter((k) => (k === kind ? !show : !filters.shown.has(k)));
      set({ hide: hidden.join(',') });
    },
    [set, filters.shown],
  );
  return { filters, setProduct, setMineOnly, setShown };
}

/**
 * A product's colour on the calendar. Products store no colour: one is drawn from the id with
 * the palette and hash that give people their avatar colours (lib/person-colour.ts), so a
 * product keeps its colour on every screen and visit. Answers a background class.
 */
export const productColour = (productId: string): string => personColour(productId);
