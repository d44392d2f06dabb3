import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

// How a test works a form, as a user would.

/** Opens the select labelled `label` and picks the option named `option`. */
export async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types by pasting: as the user would see it, without a keystroke per character (fast under load). */
export async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}
