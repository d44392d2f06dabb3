import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

// Driving a Kanban board (components/kanban) in happy-dom: a geometry for its columns and cards,
// and a drag by keyboard, as a browser and a user would give them.

/**
 * happy-dom lays nothing out, so give the board a geometry: its columns 280 px wide side by side
 * (in the order of `columnIds`), a column's scroll area under its header, each card
 * (`li[data-<noun>-id]`) 80 px high in its column, and the drag overlay where its card is.
 */
export function layOutBoard(columnIds: readonly string[], noun: string) {
  const rect = (x: number, y: number, width: number, height: number) =>
    DOMRect.fromRect({ x, y, width, height });
  const card = `li[data-${noun}-id]`;
  const columnLeft = (columnEl: HTMLElement) => columnIds.indexOf(columnEl.dataset.column ?? '') * 300;
  const cardRect = (cardEl: HTMLElement) => {
    const columnEl = cardEl.closest<HTMLElement>('[data-column]');
    if (!columnEl) return rect(0, 0, 0, 0);
    // A virtualized card knows its index; a card of a plain list is its list's n-th.
    const position = cardEl.dataset.index
      ? Number(cardEl.dataset.index)
      : [...(cardEl.parentElement?.children ?? [])].indexOf(cardEl);
    return rect(columnLeft(columnEl) + 10, 50 + position * 90, 260, 80);
  };
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const columnEl = this.closest<HTMLElement>('[data-column]');
    if (columnEl === this) return rect(columnLeft(columnEl), 0, 280, 800);
    if (columnEl && this.hasAttribute('data-scroll-area')) return rect(columnLeft(columnEl), 40, 280, 760);
    const cardEl = this.closest<HTMLElement>(card);
    if (cardEl) return cardRect(cardEl);
    // The drag overlay: where the card it copies sits in its column.
    const copied = (this.querySelector<HTMLElement>('[data-card]') ?? this).dataset.card;
    const original = copied
      ? document.querySelector<HTMLElement>(`${card}[data-${noun}-id="${copied}"]`)
      : null;
    return original ? cardRect(original) : rect(0, 0, 0, 0);
  });
}

export async function pressKey(target: Element | Document, code: string) {
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    // The keyboard sensor listens on the window from the next tick on; let measuring settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Picks up `name`'s card by its handle, presses the arrows, then drops it, all with the keyboard. */
export async function dragWithKeyboard(name: string, arrows: string[]) {
  const handle = screen.getByRole('button', { name: `Move ${name}` });
  handle.focus();
  await pressKey(handle, 'Space');
  for (const arrow of arrows) await pressKey(document, arrow);
  await pressKey(document, 'Space');
}

/** The PATCH requests a stubbed fetch received, with their JSON bodies. */
export const patches = (fetchMock: { mock: { calls: Array<[RequestInfo | URL, RequestInit?]> } }) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

/** A board's column: a region named by its heading. */
export const boardColumn = (name: string) => screen.getByRole('region', { name });
