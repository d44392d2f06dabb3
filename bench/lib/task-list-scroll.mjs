import { median, ms } from './stats.mjs';

// bench/browser.mjs (d), issue 28: /tasks over every task of the seed (2,000: the list is
// virtualized and loads page by page by cursor), its scroll area scrolled from its top to the
// 2,000th row at a steady 7,200 px/s (a fling), then once at 1,800 px/s (reading), compact and
// comfortable rows, counting the animation frames that came late (dropped: an interval over 1.5
// frames of 60 Hz) and the long tasks (> 50 ms) meanwhile. Those scrolls are driven by a script on
// the main thread, so any late main-thread frame is a late scroll; a person's wheel or finger
// scrolls on the compositor thread. Since stop 53 each density is also flung by the mouse wheel
// (`wheelFling`) and judged by Chromium's own scroll-jank verdict. No target is enforced here: the
// figures go in bench/README.md.

const DISPLAY_KEY = 'shipyard.tasks.display';
/** A fast fling: 7,200 px/s. The rows it brings into view draw light until it rests (decision 062). */
const SCROLL_PX_PER_FRAME = 120;
/** A steady reading scroll: 1,800 px/s (50 compact rows a second), every row drawn whole. */
const READ_PX_PER_FRAME = 30;

/** /tasks at 1440×900 in a fresh context signed in with `token`, rows of `density`, its first row drawn. */
async function openList(browser, origin, token, density) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([
    { name: 'sec-prd-token', value: token, url: origin, httpOnly: true, sameSite: 'Strict' },
  ]);
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [DISPLAY_KEY, JSON.stringify({ density, preview: false })],
  );
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/tasks`, { waitUntil: 'networkidle' });
    await page.locator('[data-scroll-area] tr[data-task-id]').first().waitFor();
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** `key` summed over a density's runs. */
const sumOf = (list, key) => list.reduce((n, r) => n + r[key], 0);

/** `measure(density)` `min(runs, 3)` times for each density, alternating: its results by density. */
async function eachDensity(runs, measure) {
  const results = { compact: [], comfortable: [] };
  for (let i = 0; i < Math.min(runs, 3); i++) {
    for (const density of Object.keys(results)) results[density].push(await measure(density));
  }
  return results;
}

/** The last task row the list has drawn (its index from 1), and how tall a row is. */
const drawn = (page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll('[data-scroll-area] tr[data-task-id]')];
    return {
      last: Math.max(0, ...rows.map((tr) => Number(tr.getAttribute('aria-rowindex')) - 1)),
      rowPx: rows[0]?.getBoundingClientRect().height ?? 36,
    };
  });

/**
 * The list flung as a person flings it (stop 53): mouse-wheel input at the list's middle, from
 * the browser (`Input.synthesizeScrollGesture`, 7,200 px/s), so that the scroll runs on
 * Chromium's compositor thread as a user's does, not from a script on the main thread. Judged by
 * Chromium's own verdict on each frame of a scroll (`ScrollJankV4` trace events, category
 * `input.scrolling`: a frame is janky when it presented its scroll later than the vsyncs allowed).
 * One gesture over the rows' height; another for what is left if a page was still on its way.
 */
async function wheelFling(browser, origin, token, total, density) {
  const { context, page } = await openList(browser, origin, token, density);
  try {
    const box = await page.locator('[data-scroll-area]').boundingBox();
    if (!box) throw new Error('no scroll area');
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['input.scrolling'] },
      transferMode: 'ReportEvents',
    });
    const t0 = performance.now();
    let rows = await drawn(page);
    for (let gesture = 0; rows.last < total && gesture < 4; gesture++) {
      await cdp.send('Input.synthesizeScrollGesture', {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
        yDistance: -Math.ceil((total - rows.last + 30) * rows.rowPx),
        speed: SCROLL_PX_PER_FRAME * 60,
        gestureSourceType: 'mouse',
      });
      rows = await drawn(page);
    }
    const ms = performance.now() - t0;
    await cdp.send('Tracing.end');
    await complete;
    if (rows.last < total) throw new Error(`the wheel did not bring row ${total} (at ${rows.last})`);
    const frames = events.flatMap((e) =>
      e.name === 'ScrollJankV4' && e.args?.scroll_jank_v4 ? [e.args.scroll_jank_v4] : [],
    );
    const janky = frames.filter((f) => f.is_janky);
    return {
      ms,
      frames: frames.length,
      jankyFrames: janky.length,
      // A janky frame's reasons each count the vsyncs it missed; the largest is how many it lost.
      missedVsyncs: janky.reduce(
        (n, f) => n + Math.max(0, ...(f.missed_vsyncs_per_jank_reason ?? []).map((r) => r.missed_vsyncs)),
        0,
      ),
    };
  } finally {
    await context.close();
  }
}

/**
 * /tasks in a fresh signed-in context with the given row density, then its list scrolled from the
 * top to its last row (2,000), the next pages loading on the way. Frames and long tasks counted
 * from the first scroll to the last row drawn.
 */
async function scrollList(browser, origin, token, total, density, step = SCROLL_PX_PER_FRAME) {
  const { context, page } = await openList(browser, origin, token, density);
  try {
    return await page.evaluate(
      ({ total, step }) =>
        new Promise((resolve, reject) => {
          const area = document.querySelector('[data-scroll-area]');
          if (!area) return reject(new Error('no scroll area'));
          const longTasks = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longTasks.push(entry.duration);
          });
          observer.observe({ type: 'longtask' });
          const frames = [];
          const lastRow = () =>
            Math.max(
              0,
              ...[...area.querySelectorAll('tr[data-task-id]')].map(
                (tr) => Number(tr.getAttribute('aria-rowindex')) - 1,
              ),
            );
          // 120 s at a fling's speed, longer in proportion at a slower one.
          const limitMs = 120_000 * Math.max(1, 120 / step);
          const t0 = performance.now();
          let before = t0;
          const tick = (now) => {
            frames.push(now - before);
            before = now;
            area.scrollTop += step;
            if (lastRow() >= total) {
              observer.disconnect();
              const FRAME = 1000 / 60;
              const late = frames.slice(1).filter((f) => f > FRAME * 1.5);
              resolve({
                ms: performance.now() - t0,
                frames: frames.length,
                droppedFrames: late.reduce((n, f) => n + Math.round(f / FRAME) - 1, 0),
                lateFrames: late.length,
                worstFrameMs: Math.max(...frames.slice(1)),
                longTasks: longTasks.length,
                longTaskMs: longTasks.reduce((a, b) => a + b, 0),
                rowsInDom: area.querySelectorAll('tr[data-task-id]').length,
              });
            } else if (now - t0 > limitMs) {
              observer.disconnect();
              reject(
                new Error(`the list did not reach row ${total} within ${limitMs / 1000} s (at ${lastRow()})`),
              );
            } else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { total, step },
    );
  } finally {
    await context.close();
  }
}

/** Every scroll of (d): `runs` (at most 3) flings per density, then one reading scroll each. */
export async function measureListScroll({ browser, origin, token, total, runs }) {
  const scrolls = await eachDensity(runs, (density) => scrollList(browser, origin, token, total, density));
  const wheel = await eachDensity(runs, (density) => wheelFling(browser, origin, token, total, density));
  // One run each at reading speed: 2,400 (compact) to 8,000 (comfortable) frames a run.
  const reads = await eachDensity(1, (density) =>
    scrollList(browser, origin, token, total, density, READ_PX_PER_FRAME),
  );
  const lines = [
    ...Object.entries(scrolls).map(([density, list]) => [density, list, SCROLL_PX_PER_FRAME]),
    ...Object.entries(reads).map(([density, list]) => [density, list, READ_PX_PER_FRAME]),
  ].map(([density, list, step]) => {
    const sum = (key) => sumOf(list, key);
    return (
      `/tasks list of ${total} tasks, ${density} rows, scrolled top to bottom at ${step * 60} px/s (${list.length} runs): ` +
      `${sum('frames')} frames, ${sum('droppedFrames')} dropped (${sum('lateFrames')} late), worst frame ` +
      `${ms(Math.max(...list.map((r) => r.worstFrameMs)))} ms; ${sum('longTasks')} long tasks (${ms(sum('longTaskMs'))} ms); ` +
      `median ${ms(median(list.map((r) => r.ms)))} ms to the last row; ${list[0]?.rowsInDom} rows in the DOM at the end`
    );
  });
  for (const [density, list] of Object.entries(wheel)) {
    lines.push(
      `/tasks list of ${total} tasks, ${density} rows, flung by the mouse wheel at ${SCROLL_PX_PER_FRAME * 60} px/s (${list.length} runs): ` +
        `${sumOf(list, 'frames')} scroll frames, ${sumOf(list, 'jankyFrames')} janky by Chromium (${sumOf(list, 'missedVsyncs')} vsyncs missed); ` +
        `median ${ms(median(list.map((r) => r.ms)))} ms to the last row`,
    );
  }
  return {
    report: {
      tasks: total,
      pxPerFrame: SCROLL_PX_PER_FRAME,
      ...scrolls,
      reading: { pxPerFrame: READ_PX_PER_FRAME, ...reads },
      wheel,
    },
    summary: lines.join('\n'),
  };
}
