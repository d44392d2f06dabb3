// What the browser benches that time "until drawn" share (issue 31: the month calendar, the
// Gantt): a signed-in page at 1440×900 whose init script defines `window[drawn](arg)` — false
// until the screen holds what is waited for, then a summary of it — and the two ways of timing it.

/** A fresh context signed in by the session cookie (nothing cached), with `init` run first. */
export async function signedInPage(browser, origin, token, init) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addCookies([
    { name: 'sec-prd-token', value: token, url: origin, httpOnly: true, sameSite: 'Strict' },
  ]);
  await context.addInitScript(init);
  return { context, page: await context.newPage() };
}

/**
 * A click on `selector` (pointer down, mouse down, click: Radix tabs switch on the first) to the
 * frame after the one in which `window[drawn](arg)` holds; with each file and call fetched since.
 */
export function clickUntilDrawn(page, selector, drawn, arg, what) {
  return page.evaluate(
    ({ selector, drawn, arg, what }) =>
      new Promise((resolve, reject) => {
        const target = document.querySelector(selector);
        const t0 = performance.now();
        target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
        target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
        target.click();
        const check = () => {
          const done = window[drawn](arg);
          if (done) {
            requestAnimationFrame(() => {
              const requests = performance
                .getEntriesByType('resource')
                .filter((e) => e.startTime >= t0)
                .map(
                  (e) =>
                    `${new URL(e.name).pathname} ${Math.round(e.startTime - t0)}–${Math.round(e.responseEnd - t0)}`,
                );
              resolve({ ms: performance.now() - t0, ...done, requests });
            });
          } else if (performance.now() - t0 > 20_000) reject(new Error(`${what} did not draw within 20 s`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { selector, drawn, arg, what },
  );
}

/** `url` loaded afresh: navigation start to the frame in which `window[drawn](arg)` holds. */
export async function loadUntilDrawn(page, url, drawn, arg) {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ drawn, arg }) => (window[drawn](arg) ? performance.now() : false),
    { drawn, arg },
    { polling: 'raf', timeout: 20_000 },
  );
  return { ms: await handle.jsonValue() };
}
