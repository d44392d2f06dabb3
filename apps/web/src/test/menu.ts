import { screen, within } from '@testing-library/react';

/** An element's words as a screen reader reads them: its text, less what is hidden from it. */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** The open menu's items by their names (a key's hint beside one is seen, not read: aria-keyshortcuts). */
export const menuItemNames = () => screen.getAllByRole('menuitem').map(spokenText);

/**
 * Opens a submenu of the open menu by its item's name ('Copy') from the keyboard (a pointer
 * crossing to it would close it again in jsdom, which has no layout); its items are menu items
 * from then on.
 */
type KeyboardUser = { keyboard: (keys: string) => Promise<void> };

export async function openSubmenu(user: KeyboardUser, name: string) {
  screen.getByRole('menuitem', { name }).focus();
  await user.keyboard('{ArrowRight}');
  await screen.findByRole('menu', { name });
}

/**
 * Every item of the open menu and of its submenus (each opened in turn, then closed), in order;
 * a submenu's own item stands for it no more: its items do.
 */
export async function everyMenuItem(user: KeyboardUser): Promise<HTMLElement[]> {
  const all: HTMLElement[] = [];
  for (const item of within(screen.getByRole('menu')).getAllByRole('menuitem')) {
    if (item.getAttribute('aria-haspopup') !== 'menu') {
      all.push(item);
      continue;
    }
    const name = spokenText(item);
    await openSubmenu(user, name);
    all.push(...within(screen.getByRole('menu', { name })).getAllByRole('menuitem'));
    await user.keyboard('{ArrowLeft}');
  }
  return all;
}
