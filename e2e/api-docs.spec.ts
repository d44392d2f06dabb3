import { expect, test } from './support/test.ts';

// The API docs page (/api/docs, Scalar) under its own Content-Security-Policy (docs/security.md):
// it must render and answer a request with no CSP violation and no request to another origin.

test('the API docs render and send a request with no CSP violation and nothing from elsewhere', async ({
  page,
  baseURL,
}) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL ?? '') && !req.url().startsWith('data:')) foreign.push(req.url());
  });

  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
  await expect(page.getByRole('heading', { name: 'Shipyard API' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open Group - auth' }).first().click();
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  const health = page.waitForResponse((res) => res.url().endsWith('/api/health'));
  await page.getByRole('button', { name: /^Send/ }).first().click();
  expect((await health).status()).toBe(200);

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
