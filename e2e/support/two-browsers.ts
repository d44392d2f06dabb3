import { type Browser, expect, type Page } from '@playwright/test';
import { call } from './api.ts';
import { runState } from './run-state.ts';

// What the specs with two people at once share: a browser context of its own for each, signed in
// by a session cookie (no extra login: e2e/README.md "Rate limits"), and API calls that must work.

/** A page in a fresh browser context holding `token` as its session cookie. */
export async function contextPage(browser: Browser, token: string): Promise<Page> {
  const { baseURL } = runState();
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: 'sec-prd-token', value: token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);
  return context.newPage();
}

/** An API call as `token` that must succeed; its body. */
export async function api(method: string, path: string, body: unknown, token: string) {
  const res = await call(runState().baseURL, method, path, body, token);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as { id: string };
}

/** A board column by its title. */
export const boardColumn = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });
