import { linkIn } from './support/mail.ts';
import { expect, logIn, test } from './support/test.ts';

// Flow (c), spec §2.4, §5, §8.2: forgot password → mailed link → set a new password → log in.

test('forgot password mails a reset link whose new password then logs in', async ({
  page,
  createUser,
  mailbox,
}) => {
  const user = await createUser('member', 'Rita Reset');
  const newPassword = 'brand-new-pass-1';

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Enter your email to receive a reset link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  await page.getByLabel(/email/i).filter({ visible: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  await expect(page.getByText('Email sent')).toBeVisible();
  await expect(page.getByText('Check your email for a password reset link')).toBeVisible();
  // After a send attempt the view returns to the tabs.
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();

  const mail = await mailbox.waitFor({ to: user.email, subject: 'Reset' });
  const link = linkIn(mail, '/auth');
  expect(new URL(link).searchParams.get('reset_token')).toBeTruthy();
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await expect(page.getByText('Enter your new password below')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill('something-else-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();
  await expect(page.getByText('Your password has been updated successfully')).toBeVisible();

  await page.goto('/auth');
  await logIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/d$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});
