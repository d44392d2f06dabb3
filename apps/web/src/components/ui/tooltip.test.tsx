import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip.tsx';

// Radix opens a tooltip on a mouse pointermove over the trigger.
function hover(name: string) {
  fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
}

// Leaving, then moving well away from both trigger and tooltip (out of Radix's grace area).
function unhover(name: string) {
  fireEvent.pointerLeave(screen.getByRole('button', { name }), {
    pointerType: 'mouse',
    clientX: 0,
    clientY: 0,
  });
  fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 500, clientY: 500 });
}

function renderTooltips() {
  return render(
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger>Board</TooltipTrigger>
        <TooltipContent>Open the board</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger>Calendar</TooltipTrigger>
        <TooltipContent>Open the calendar</TooltipContent>
      </Tooltip>
    </TooltipProvider>,
  );
}

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after 700 ms, and the next one at once when moved to within 300 ms (spec §9)', () => {
    renderTooltips();

    hover('Board');
    act(() => vi.advanceTimersByTime(690));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Open the board');

    unhover('Board');
    hover('Calendar');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Open the calendar');
  });

  it('waits the full delay again once the skip window has passed', () => {
    renderTooltips();

    hover('Board');
    act(() => vi.advanceTimersByTime(700));
    unhover('Board');
    act(() => vi.advanceTimersByTime(310));
    hover('Calendar');

    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Open the calendar');
  });
});
