import { Secret, TOTP } from 'otpauth';
import { completeFirstLogin } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, logIn, test } from './support/test.ts';

// Issue 18: enrol in two-factor sign-in from Settings → Account, sign out, and sign in again with
// a code computed here from the secret the page showed (as an authenticator app would).

/** The code an authenticator app shows `offsetSteps` × 30 s from now. */
function codeFor(secret: string, offsetSteps = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test('enrol in two-factor sign-in, sign out, and sign in with a code', async ({
  page,
  context,
  createUser,
}) => {
  const { baseURL } = runState();
  const created = await createUser('member', 'Tia Totp');
  const account = await completeFirstLogin(baseURL, created, 'totp-e2e-pass-1');
  await context.addCookies([
    { name: 'sec-prd-token', value: account.token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);

  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await dialog.getByLabel('Authentication code').fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  await page.goto('/auth');

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // A wrong code keeps the step and says so.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  // The code used to turn it on cannot be replayed: the app's next code signs in.
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/d$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});
