import { chromium } from '@playwright/test';

const [base, email, password, productId] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [w, h] of [[1440, 900], [390, 844]]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
    const page = await context.newPage();
    const login = await page.request.post(`${base}/api/auth/login`, { data: { email, password } });
    if (!login.ok()) throw new Error(`login ${login.status()} ${await login.text()}`);
    await page.addInitScript((s) => localStorage.setItem('shipyard-theme', s), scheme);
    await page.goto(`${base}/products/${productId}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Workflow' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.shots-tmp/settings-${w}-${scheme}.png`, fullPage: true });
    await page.goto(`${base}/tasks?view=board&product=${productId}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `.shots-tmp/board-${w}-${scheme}.png` });
    await context.close();
  }
}
await browser.close();
