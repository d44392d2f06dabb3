import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';

// Issue 32, the forecast: a product with weeks of completed work shows when its open tasks will be
// done (P50, P85) and how far off the same method was at past weekly cut-offs, on its Overview and
// as a band on its roadmap row.
//
// No API sets when a task was created or completed (the server's clock does), so the history is
// written straight into the run's bundled PostgreSQL (global-setup.ts puts DATA_DIR beside the mail
// directory; the server keeps its port in postmaster.pid and its password beside it).

const DAY_MS = 86_400_000;
const isoDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

async function database() {
  const dataDir = path.join(path.dirname(runState().mailDir), 'data');
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]?.trim());
  const password = (await fs.readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'shipyard' });
  await client.connect();
  return client;
}

/**
 * A steady flow: a task created every other day for 100 days, each completed ten days later — so
 * about five are open at any time, the last five now.
 */
async function writeHistory(productId: string) {
  const client = await database();
  try {
    await client.query(
      `insert into tasks (product_id, title, status, created_at, completed_at)
       select $1::uuid, 'History ' || g,
         case when g * 2 >= 12 then 'Completed' else 'Pending' end,
         now() - (g * 2) * interval '1 day',
         case when g * 2 >= 12 then now() - (g * 2 - 10) * interval '1 day' end
       from generate_series(1, 50) g`,
      [productId],
    );
  } finally {
    await client.end();
  }
}

test('a product with weeks of history shows its forecast dates and backtest error, and a band on the roadmap', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const today = new Date();
  const product = await createProduct(page, {
    name: `Forecast ${randomSuffix()}`,
    status: 'development',
    start_date: isoDay(new Date(today.getTime() - 110 * DAY_MS)),
    target_end_date: isoDay(new Date(today.getTime() + 60 * DAY_MS)),
  });
  await writeHistory(product.id);

  await page.goto(`/products/${product.id}`);
  const card = page.locator('[data-forecast]');
  await expect(card.getByText('Forecast', { exact: true })).toBeVisible();
  const date = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
  const figure = (label: string) =>
    card.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('50 % likely by').locator('dd').first()).toHaveText(date);
  await expect(figure('85 % likely by').locator('dd').first()).toHaveText(date);
  await expect(figure('Open tasks').locator('dd').first()).toHaveText('5');
  await expect(card.locator('[data-forecast-backtest]')).toHaveText(
    /^Backtest: off by ±[\d.]+ days on average over \d+ past weeks\. Done by the 85 % date in \d+ % of them\.$/,
  );
  await card.getByText(/^Backtest samples \(\d+\)$/).click();
  await expect(card.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, 'the Overview with its forecast');

  await page.goto('/roadmap');
  const marker = page.getByRole('button', { name: new RegExp(`^Forecast for ${product.name}: 50 % by `) });
  await marker.scrollIntoViewIfNeeded();
  await expect(marker).toBeVisible();
});
