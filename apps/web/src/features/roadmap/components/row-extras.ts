import type { RoadmapProduct } from '@shipyard/shared';
import type { ReactNode } from 'react';

/**
 * Where a day is on a row of the timeline, for what another feature draws there: `x(day)` is the
 * offset of the day's start from the row's start (outside the window too), a day `dayWidth` wide.
 */
type RoadmapPlace = { from: string; to: string; dayWidth: number; x: (day: string) => number };

/**
 * What other features add to each product (the route composes them in, issue 32's forecast): on
 * its timeline row, over the bars; in the phone list, under its dates.
 */
export type RoadmapRowExtras = {
  timeline?: (product: RoadmapProduct, place: RoadmapPlace) => ReactNode;
  list?: (product: RoadmapProduct) => ReactNode;
};
