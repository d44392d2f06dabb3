import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Fling, REST_MS, useFling, useSketched } from './use-fling.ts';

function Row({ name, fling }: { name: string; fling: Fling }) {
  const sketched = useSketched(fling);
  return <li data-sketch={sketched || undefined}>{name}</li>;
}

/** A scroll area whose rows are the names given; `enabled` as useFling's. */
function List({ names, enabled = true }: { names: string[]; enabled?: boolean }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const fling = useFling(ref, enabled);
  return (
    <div ref={ref} data-testid="area">
      <ul>
        {names.map((name) => (
          <Row key={name} name={name} fling={fling} />
        ))}
      </ul>
    </div>
  );
}

function Harness({ enabled }: { enabled?: boolean }) {
  const [names, setNames] = useState(['Row 1']);
  return (
    <>
      <button type="button" onClick={() => setNames((all) => [...all, `Row ${all.length + 1}`])}>
        Add
      </button>
      <List names={names} enabled={enabled} />
    </>
  );
}

const sketched = (name: string) => screen.getByText(name).hasAttribute('data-sketch');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Scroll events `px` apart, `gapMs` apart in time. */
async function scrollBy(area: HTMLElement, steps: number, px: number, gapMs = 0) {
  for (let i = 0; i < steps; i++) {
    area.scrollTop += px;
    fireEvent.scroll(area);
    if (gapMs) await act(() => pause(gapMs));
  }
}

describe('useFling and useSketched', () => {
  it('draws a row mounted during a fling light until the list rests, leaving rows drawn before as they are', async () => {
    render(<Harness />);
    const area = screen.getByTestId('area');
    await scrollBy(area, 2, 400);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(sketched('Row 2')).toBe(true);
    expect(sketched('Row 1')).toBe(false);
    // Resting: filled in.
    await waitFor(() => expect(sketched('Row 2')).toBe(false), { timeout: REST_MS * 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sketched('Row 3')).toBe(false);
  });

  it('keeps a row full when the list scrolls slowly or jumps once', async () => {
    render(<Harness />);
    const area = screen.getByTestId('area');
    // About 500 px/s: read as it goes.
    await scrollBy(area, 3, 10, 20);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sketched('Row 2')).toBe(false);

    // One jump after a pause (a key's scroll to a row) is no fling.
    await act(() => pause(120));
    await scrollBy(area, 1, 5000);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sketched('Row 3')).toBe(false);
  });

  it('never draws light when disabled (a phone’s folded rows)', async () => {
    render(<Harness enabled={false} />);
    await scrollBy(screen.getByTestId('area'), 3, 400);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sketched('Row 2')).toBe(false);
  });

  it('fills in a light row when the list goes away mid-fling', async () => {
    const { rerender } = render(<Harness />);
    await scrollBy(screen.getByTestId('area'), 2, 400);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sketched('Row 2')).toBe(true);
    // The scroll listener ends (the feature turned off): the waiting rows are told the list rests.
    rerender(<Harness enabled={false} />);
    await waitFor(() => expect(sketched('Row 2')).toBe(false));
  });
});
