import { vi } from 'vitest';

/**
 * happy-dom lays nothing out, so a virtualized list (@tanstack/react-virtual) would see a scroll
 * area of height 0 and render no row. This gives every `[data-scroll-area]` a viewport of
 * `viewport` px and every row (`[data-index]`) a height of `row` px, as a browser would measure.
 */
export function layOutScrollAreas({ viewport = 800, row = 80 }: { viewport?: number; row?: number } = {}) {
  const isArea = (el: HTMLElement) => el.hasAttribute('data-scroll-area');
  const isRow = (el: HTMLElement) => el.hasAttribute('data-index');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isArea(this) ? viewport : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isArea(this) ? 1024 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isRow(this) ? row : isArea(this) ? viewport : 0;
  });
}
