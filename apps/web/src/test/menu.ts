import { screen } from '@testing-library/react';

/** An element's words as a screen reader reads them: its text, less what is hidden from it. */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** The open menu's items by their names (a key's hint beside one is seen, not read: aria-keyshortcuts). */
export const menuItemNames = () => screen.getAllByRole('menuitem').map(spokenText);

/**
 * Opens a submenu of the open menu by its item's name ('Mark as') from the keyboard (a pointer
 * crossing to it would close it again in jsdom, which has no layout); its items are menu items
 * from then on.
 */
export async function openSubmenu(user: { keyboard: (keys: string) => Promise<void> }, name: string) {
  screen.getByRole('menuitem', { name }).focus();
  await user.keyboard('{ArrowRight}');
  await screen.findByRole('menu', { name });
}
