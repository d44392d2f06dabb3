import { uniqueEmail } from './support/api.ts';
import { linkIn } from './support/mail.ts';
import { expect, logIn, test } from './support/test.ts';

// Flow (a), spec §2.4, §2.6, §4, §8.2: sign up, verify through the mailed link, log in, log out.

test('a visitor signs up, verifies the mailed link, logs in to /d and logs out to the public page', async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail('signup');
  const password = 'signup-pass-1';

  await page.goto('/auth');
  await expect(page.getByText('Sign in or create an account')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel(/name/i).filter({ visible: true }).fill('Grace Hopper');
  await page
    .getByLabel(/^email/i)
    .filter({ visible: true })
    .fill(email);
  await page
    .getByLabel(/^password/i)
    .filter({ visible: true })
    .fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByText('Verify your email to proceed.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const mail = await mailbox.waitFor({ to: email, subject: 'Verify' });
  await page.goto(linkIn(mail, '/verify'));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await expect(page.getByText('Thank you for verifying your email. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/d$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  // Inside the signed-in shell: its sidebar menu and its Logout button.
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  // Logout clears the token and performs a full navigation to / (spec §4).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // The session really ended: the signed-in area sends the visitor to /auth.
  await page.goto('/d');
  await expect(page).toHaveURL(/\/auth$/);
});
