import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type Account, adminCreateUser, type Role, type SignedInAccount, uniqueEmail } from './api.ts';
import { type MailQuery, type StoredMail, waitForMail } from './mail.ts';
import { runState } from './run-state.ts';

// The e2e test object: baseURL of the server started by global-setup, the mailbox, and helpers
// that arrange accounts and sessions through the API.

type Fixtures = {
  /** Waits for a mail in the run's SMTP receiver. */
  mailbox: { waitFor: (query: MailQuery) => Promise<StoredMail> };
  /** Creates a fresh account (admin API, as the seeded super admin) with its mailed temporary password. */
  createUser: (role: Role, name: string) => Promise<Account>;
  /** Puts the seeded account of that role's session cookie in the browser context. */
  signInAs: (role: Role) => Promise<SignedInAccount>;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    await use(runState().baseURL);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  mailbox: async ({}, use) => {
    await use({ waitFor: (query) => waitForMail(runState().mailDir, query) });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  createUser: async ({}, use) => {
    const { baseURL, mailDir, accounts } = runState();
    await use((role, name) =>
      adminCreateUser(baseURL, mailDir, accounts['super admin'].token, {
        role,
        name,
        email: uniqueEmail(role.replace(' ', '-')),
      }),
    );
  },
  signInAs: async ({ context }, use) => {
    await use(async (role) => {
      const account = runState().accounts[role];
      await addSessionCookie(context, account.token);
      return account;
    });
  },
});

export { expect };

async function addSessionCookie(context: BrowserContext, token: string) {
  await context.addCookies([
    { name: 'sec-prd-token', value: token, url: runState().baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);
}

/** The Login tab of /auth (spec §2.4): email, password, Login. */
export async function logIn(page: Page, email: string, password: string) {
  // `visible`: a tab panel kept mounted while hidden must not make the label ambiguous.
  await page
    .getByLabel(/^email/i)
    .filter({ visible: true })
    .fill(email);
  await page
    .getByLabel(/^password/i)
    .filter({ visible: true })
    .fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Horizontal overflow of the document in CSS pixels (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
