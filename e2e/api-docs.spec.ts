import { expect, test } from './support/test.ts';

// The API docs page (/api/docs, Scalar) under its own Content-Security-Policy (docs/security.md):
// it must render and answer a request with no CSP violation and no request to another origin.

test('the API docs fetch and render the OpenAPI document with no CSP violation but the eval probe, and nothing from elsewhere', async ({
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

  // The page fetches the OpenAPI document itself (connect-src 'self') and renders it (its scripts ran).
  const openapi = page.waitForResponse((res) => res.url().endsWith('/api/openapi.json'));
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
  expect((await openapi).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Shipyard API' }).first()).toBeVisible();
  await expect(page.getByText('Liveness and readiness').first()).toBeVisible();
  await expect(page.getByText('auth', { exact: true }).first()).toBeVisible();

  // The one refusal expected: zod's probe for eval, caught by zod itself (lib/docs-csp.ts).
  expect(violations.filter((v) => !v.startsWith('script-src eval '))).toEqual([]);
  expect(foreign).toEqual([]);
});
