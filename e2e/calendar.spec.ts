import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Spec §2.13, §5 Event, §8.2 Event: a member adds an event through the dialog on a day of the
// current month, finds it on that day and in Upcoming Events, and a reload keeps it. The title
// carries a random suffix, so flows running beside this one never meet it. No login is spent
// (signInAs, e2e/README.md).

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The user's calendar day, 'YYYY-MM-DD' (the browser runs in the same zone as this test). */
const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test('a member adds an event through the dialog, finds it on its day and in Upcoming Events, and a reload keeps it', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const title = `Design review ${randomSuffix()}`;

  // Tomorrow when it is still in this month, else today: either way upcoming, and in this month's grid.
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  // (On a month's last day tomorrow is next month's: setting only the day of it gave next month's.)
  const day = tomorrow.getMonth() === now.getMonth() ? tomorrow : today;
  const dayLabel = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(day);
  const dayButton = page.getByRole('button', { name: new RegExp(`^(Today, )?${escapeRegExp(dayLabel)}`) });

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeVisible();

  // The dialog checks the form before anything is sent.
  await page.getByRole('button', { name: 'Add Event', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Meeting link').fill('zoom');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('Invalid URL')).toBeVisible();

  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Date', { exact: true }).fill(dayKey(day));
  await dialog.getByLabel('Start time (optional)').fill('15:30');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Review', exact: true }).click();
  await dialog.getByLabel('Description', { exact: true }).fill('Walk through the new onboarding.');
  await dialog.getByLabel('Meeting link').fill('https://meet.example.com/abc-defg');
  await dialog.getByLabel('Participants').fill('Grace@Example.com, linus@example.com');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(toast(page, 'Event created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  async function expectOnItsDay() {
    await dayButton.click();
    const panel = page.getByRole('region', { name: dayLabel, exact: true });
    await expect(panel.getByText(/^\d+ events? scheduled$/)).toBeVisible();
    const card = panel.getByRole('article', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText('Review', { exact: true })).toBeVisible();
    await expect(card.getByText('Planning', { exact: true })).toBeVisible();
    await expect(card.getByText('grace@example.com')).toBeVisible();
    const join = card.getByRole('link', { name: /Join Meeting/ });
    await expect(join).toHaveAttribute('href', 'https://meet.example.com/abc-defg');
    await expect(join).toHaveAttribute('target', '_blank');
    await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    // The day carries its dot.
    await expect(dayButton).toHaveAttribute('data-has-events', 'true');
    await expect(page.getByRole('region', { name: 'Upcoming Events' }).getByText(title)).toBeVisible();
  }

  await expectOnItsDay();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expectOnItsDay();

  // No serious accessibility violation on the page with its grid, cards and list, in either theme.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Loaded in that theme: colours caught mid-transition would read as poor contrast.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Upcoming Events' }).getByText(title)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
