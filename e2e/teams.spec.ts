import type { Browser, Page } from '@playwright/test';
import { completeFirstLogin } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';

// Issue 6, spec §2.11 (Teams tab, members view), §2.21, §4, §8.2, with two people in two browser
// contexts: an admin creates a team and invites a new user B; B sees the invitation among their
// notifications, accepts it and can now open the product; the admin makes B lead, then removes
// B, and B can no longer open it. B is a fresh account (its first login is the one forced
// password change: 1 login, e2e/README.md "Rate limits").

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/projects', {
    data: {
      name,
      description: 'Created by the teams e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'planning',
      priority: 'medium',
      team_size: 2,
    },
  });
  expect(res.status(), `POST /api/projects: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const { baseURL } = runState();
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: 'sec-prd-token', value: token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);
  return context.newPage();
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test('an admin invites user B to a team; B accepts and sees the product; B is made lead, then removed, and loses it', async ({
  page,
  browser,
  signInAs,
  createUser,
}) => {
  await signInAs('admin');
  const suffix = randomSuffix();
  const productName = `Teams flow ${suffix}`;
  const teamName = `Platform ${suffix}`;
  const productId = await createProduct(page, productName);
  const bName = `Bea ${suffix}`;
  const b = await completeFirstLogin(
    runState().baseURL,
    await createUser('member', bName),
    'b-password-1234',
  );
  const bPage = await signedInPage(browser, b.token);

  // B cannot open the product yet.
  await bPage.goto(`/products/${productId}`);
  await expect(bPage.getByRole('heading', { name: 'Error Loading Product' })).toBeVisible();

  // The admin creates a team on the product's Team tab.
  await page.goto(`/products/${productId}?tab=teams`);
  await expect(page.getByRole('heading', { name: 'My Teams' })).toBeVisible();
  await expect(page.getByText('No team found. Add your first team to get started.')).toBeVisible();
  await page.getByRole('button', { name: 'Create New Team' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create New Team' });
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(create.getByText('Team name must be at least 2 characters.')).toBeVisible();
  await expect(create.getByText('Please select a team type.')).toBeVisible();
  await create.getByLabel('Team Name').fill(teamName);
  await create.getByRole('combobox', { name: 'Team Type' }).click();
  await page.getByRole('option', { name: 'Development' }).click();
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(toast(page, 'Team created')).toBeVisible();

  // … and invites B as a manager.
  await page.getByRole('button', { name: 'View Members' }).click();
  await expect(page.getByRole('button', { name: '← Back to Teams' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  const invite = page.getByRole('dialog', { name: 'Add Team Member' });
  await expect(invite.getByText('Invite an existing user to join your team.')).toBeVisible();
  await invite.getByRole('searchbox', { name: 'Search users' }).fill(b.email);
  await invite.getByText(bName, { exact: true }).click();
  await expect(invite.getByRole('radio', { name: new RegExp(bName) })).toBeChecked();
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await invite.getByRole('button', { name: 'Send Invite' }).click();
  await expect(toast(page, 'Team member invited successfully')).toBeVisible();
  const bRow = page.getByRole('row', { name: new RegExp(bName) });
  await expect(bRow.getByText('Invited', { exact: true })).toBeVisible();

  // B finds the invitation among their notifications and accepts it.
  await bPage.goto('/notifications');
  // In the inbox's list: at 1440 px the selected one shows again beside it (issue 30's split view).
  const invitation = bPage
    .getByRole('list', { name: 'Notifications', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `invited you to join the team "${teamName}"` });
  await expect(invitation).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(bPage, 'Invitation accepted successfully.')).toBeVisible();
  await bPage.goto(`/products/${productId}`);
  await expect(bPage.getByRole('heading', { name: productName })).toBeVisible();

  // The admin sees B active and makes B lead.
  await page.reload();
  await expect(bRow.getByText('Active', { exact: true })).toBeVisible();
  await bRow.getByRole('button', { name: `Actions for ${bName}` }).click();
  await page.getByRole('menuitem', { name: 'Make Team Lead' }).click();
  await expect(toast(page, 'Team lead updated successfully')).toBeVisible();
  await expect(bRow.getByText('Current Lead')).toBeVisible();

  // Then removes B, who can no longer open the product.
  await bRow.getByRole('button', { name: `Actions for ${bName}` }).click();
  await page.getByRole('menuitem', { name: 'Remove Member' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove Member' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toast(page, 'Member removed.')).toBeVisible();
  await expect(bRow).toBeHidden();
  await bPage.goto(`/products/${productId}`);
  await expect(bPage.getByRole('heading', { name: 'Error Loading Product' })).toBeVisible();
  await bPage.context().close();
});
