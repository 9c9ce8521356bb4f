// ctest: timed cases alone (timed() cases measure time: nothing runs beside them)
// The deeper tier in the real page (issue 16): the first page leaves it out and loads it on demand
// (the same link, in the deeper build); the parameter-budget experiment runs to the end at its
// defaults in frames under budget, its link reproduces the same numbers in a fresh page, Cancel
// stops it, and the activation and parameter-count panels draw. One browser for the file.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { serve, launch, openPage, closePage, frames, clickWidget, screenshot, coloursIn, timed, untimed } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const budget = (page) => page.evaluate(() => window.embeddingLab.budget());

/** Runs the budget experiment with the Run button and waits for the end; frame times watched in the page. */
async function runToEnd(page) {
  await page.evaluate(() => {
    const w = (window.__watch = { maxFrameMs: 0, times: [], seen: -1, on: true });
    const tick = () => {
      const st = window.embeddingLab.frameStats();
      if (st.frames !== w.seen) { w.seen = st.frames; w.times.push(st.lastFrameMs); w.maxFrameMs = Math.max(w.maxFrameMs, st.lastFrameMs); }
      if (w.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await clickWidget(page, 'budget:run');
  const started = await budget(page);
  assert.ok(started.running || started.finished, JSON.stringify(started).slice(0, 300));
  await page.waitForFunction(() => window.embeddingLab.budget().finished, null, { timeout: 180000, polling: 100 });
  const watch = await page.evaluate(() => { window.__watch.on = false; return window.__watch; });
  return { result: await budget(page), watch };
}

// What a run measured, for comparing two runs number for number.
const figures = (b) => b.variants.map((v) => ({ name: v.name, loss: v.loss, accuracy: v.accuracy, dataAccuracy: v.dataAccuracy, groupAccuracy: v.groupAccuracy }));

timed('budget experiment: runs to the end at its defaults in slices under the frame budget; its link reproduces the numbers', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&panels=budget&deeper=1');
  const { result: b, watch } = await runToEnd(page);
  const sorted = watch.times.slice().sort((x, y) => x - y);
  const median = sorted[sorted.length >> 1], p95 = sorted[Math.floor(sorted.length * 0.95)];
  console.log(`budget run at the defaults: V=${b.V}, ${b.stepsDone} steps, ${b.msSpent.toFixed(0)} ms of work; ` +
              `longest slice of work in one frame ${b.longestSliceMs.toFixed(1)} ms; app frame times during the run: ` +
              `median ${median} ms, p95 ${p95} ms, max ${watch.maxFrameMs} ms over ${sorted.length} frames`);
  for (const v of b.variants)
    console.log(`  ${v.name.padEnd(10)} table ${String(v.tableParameters).padStart(6)} parameters: accuracy ` +
                `${(100 * v.accuracy.at(-1)).toFixed(1)}%, head/middle/tail ` +
                v.groupAccuracy.map((a) => `${(100 * a).toFixed(1)}%`).join(' / '));
  for (const line of b.outcome) console.log(`  ${line}`);
  assert.deepEqual(b.settings, { V: 1000, d: 16, k: 64, r: 1, N: 32, shared: 32, zipf: 1.100000023841858, seed: 1, steps: 1000 });
  assert.equal(b.stepsDone, 1000);
  assert.ok(sorted.length > 10, `the page kept drawing (${sorted.length} frames)`);
  // A frame's share of the run is as long as the rest of the time since the last frame (drawing, the browser's
  // own work), at least 8 ms and at most 33 (FrameStats::run_slice_ms), plus at most one step: on an idle
  // machine frames stay near 60 Hz; on a busy one the slices grow with the frames around them, up to 33 ms,
  // so the run still advances while input is answered many times a second. So a median frame over the
  // ceiling (33 ms, and a few for building and drawing the UI) means the slicing broke. A single long frame
  // can still come from the machine descheduling the page mid-slice, which no budget prevents (load printed).
  console.log(`  load average ${os.loadavg().map((x) => x.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
  assert.ok(median < 40, `median frame ${median} ms`);
  assert.ok(p95 < 100, `95% of frames under 100 ms (p95 ${p95} ms)`);
  assert.ok(watch.maxFrameMs < 1000, `longest frame ${watch.maxFrameMs} ms`);
  assert.equal(b.outcome.length, 5);
  assert.ok(await page.evaluate(() => window.embeddingLab.widgetRect('budget:outcome')));
  for (const plot of ['budget:loss', 'budget:accuracy', 'budget:groups']) {
    const colours = await coloursIn(page, plot);
    assert.ok(colours > 4, `${plot} has ${colours} colours`);
  }
  await screenshot(page, 'budget-defaults-1280');

  // The same link in a fresh page gives the same run, number for number.
  const link = await page.evaluate(() => window.embeddingLab.getLink());
  const again = await openPage(browser, server.url + '#' + link);
  assert.deepEqual(await again.evaluate(() => window.embeddingLab.budget().settings), b.settings);
  const { result: b2 } = await runToEnd(again);
  assert.deepEqual(figures(b2), figures(b));
  assert.deepEqual(b2.outcome, b.outcome);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(again.problems, []);
  await again.context().close();
  await page.context().close();
});

untimed('budget experiment: settings travel in the link; startBudget refuses bad settings naming them; Cancel stops a run', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&panels=budget&deeper=1');
  const start = (s) => page.evaluate((x) => window.embeddingLab.startBudget(x), s);
  let r = await start({ k: 0 });
  assert.equal(r.ok, false);
  assert.match(r.error, /^bk: '0' is out of range/);
  r = await start({ V: 100, k: 200 });
  assert.equal(r.ok, false);
  assert.match(r.error, /buckets/);
  r = await start({ buckets: 3 });
  assert.equal(r.ok, false);
  assert.match(r.error, /unknown setting buckets/);
  assert.equal((await budget(page)).target, 0, 'a refused start runs nothing');

  r = await start({ V: 2000, d: 32, k: 128, r: 2, N: 64, shared: 64, seed: 5, steps: 10000 });
  assert.deepEqual(r, { ok: true, error: '' });
  await frames(page, 2);
  const link = await page.evaluate(() => window.embeddingLab.getLink());
  assert.match(link, /bV=2000&bd=32&bk=128&br=2&bN=64&bsk=64&bseed=5&bsteps=10000/);
  const round = await page.evaluate((l) => window.embeddingLab.setLink(l), link);
  assert.deepEqual(round, { ok: true, errors: [], notices: [] });
  assert.equal(await page.evaluate(() => window.embeddingLab.getLink()), link);
  await page.waitForFunction(() => window.embeddingLab.budget().stepsDone > 20);
  await clickWidget(page, 'budget:cancel');
  const b = await budget(page);
  assert.equal(b.running, false);
  assert.equal(b.cancelled, true);
  assert.ok(b.stepsDone < 10000, `${b.stepsDone} steps`);
  await frames(page, 5);
  assert.equal((await budget(page)).stepsDone, b.stepsDone);
  assert.match(b.outcome[0], new RegExp(`after ${b.stepsDone} of 10000 steps \\(cancelled\\)`));
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

untimed('the parameter counts, activation, compression and hashed-table views draw', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&panels=budget&deeper=1');
  await frames(page, 3);
  for (const name of ['budget:counts', 'activation:plot', 'compression:plot', 'compression:counts', 'variants:H', 'variants:product']) {
    const colours = await coloursIn(page, name);
    assert.ok(colours > 4, `${name} has ${colours} colours`);
  }
  await frames(page, 2);
  for (const name of ['compression:rank', 'variants:factorised', 'variants:collisions'])
    assert.ok(await page.evaluate((n) => window.embeddingLab.widgetRect(n), name), name);
  await screenshot(page, 'budget-variants-1280');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

untimed('the first page loads the deeper tier on demand: the button reloads the same state in the deeper build', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=4&d=2&init=example&ids=3,1&panels=table,budget');
  const builds = () => page.evaluate(() => [...document.scripts].map((s) => s.src.split('/').pop()).filter((n) => n.startsWith('embedding_lab')));
  assert.deepEqual(await builds(), ['embedding_lab.js']);
  const before = await budget(page);
  assert.equal(before.loaded, false);
  assert.match(before.error, /loadDeeperTier/);
  const refused = await page.evaluate(() => window.embeddingLab.startBudget({ steps: 10 }));
  assert.equal(refused.ok, false);
  assert.match(refused.error, /not loaded/);
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('budget:outcome')), null);
  // An edit before loading survives the reload: it is in the link.
  assert.equal((await page.evaluate(() => window.embeddingLab.setCell(2, 1, '0.25'))).ok, true);
  const W = (await page.evaluate(() => window.embeddingLab.snapshot())).W;
  await Promise.all([page.waitForNavigation(), clickWidget(page, 'budget:load')]);
  await page.waitForFunction(() => window.embeddingLab && window.embeddingLab.ready, null, { timeout: 30000 });
  await page.evaluate(() => window.embeddingLab.ready);
  assert.deepEqual(await builds(), ['embedding_lab_deeper.js']);
  assert.match(await page.evaluate(() => location.hash), /deeper=1/);
  assert.equal((await budget(page)).loaded, true);
  assert.deepEqual((await page.evaluate(() => window.embeddingLab.snapshot())).W, W);
  await frames(page, 2);
  assert.ok(await page.evaluate(() => window.embeddingLab.widgetRect('budget:run')), 'the experiment is drawn');
  // The keyboard was on the canvas (the button pressed there): it is again after the reload, not on
  // the page's top, where a keyboard user had to find the demo again.
  await page.waitForFunction(() => document.activeElement.id === 'canvas', null, { timeout: 5000 });
  // Its links keep deeper=1, so whoever opens them gets the experiments too.
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /(^|&)deeper=1(&|$)/);
  await closePage(page);

  // A preset of the deeper tier opens it from the first page directly.
  const other = await openPage(browser, server.url);
  assert.equal((await other.evaluate(() => window.embeddingLab.budget())).loaded, false);
  const presetLink = (await other.evaluate(() => window.embeddingLab.presets())).find((p) => p.name === 'budget4k').link;
  await Promise.all([other.waitForNavigation(), other.evaluate((l) => window.embeddingLab.setLink(l), presetLink)]);
  await other.waitForFunction(() => window.embeddingLab && window.embeddingLab.ready, null, { timeout: 30000 });
  await other.evaluate(() => window.embeddingLab.ready);
  const b = await other.evaluate(() => window.embeddingLab.budget());
  assert.equal(b.loaded, true);
  await frames(other, 3);
  assert.equal(await other.evaluate(() => document.activeElement.tagName), 'BODY', 'nobody was on the canvas: it takes no focus');
  assert.equal(b.settings.k, 256);
  await closePage(other);
});

// The deeper tour's step 8 needs the deeper build: Next reloads the page. A keyboard user was left
// on the page's top (the canvas: no focus on Next, Enter did nothing; the text view: the focus on
// the body, and the new step not read out).
untimed("the deeper tour's Next across the reload: the keyboard stays on Next, on the canvas and in the text view", async () => {
  const reloaded = async (page) => {
    await page.waitForFunction(() => window.embeddingLab?.ready && document.querySelector('script[src$="embedding_lab_deeper.js"]'), null, { timeout: 30000 });
    await page.evaluate(() => window.embeddingLab.ready);
    await frames(page, 4);
  };
  const canvas = await openPage(browser, server.url + '#tour=deeper&step=6', { width: 1440, height: 900 });
  const onNext = async () => (await canvas.evaluate(() => window.embeddingLab.widgetRect('tour-next'))).keyboardFocus;
  await clickWidget(canvas, 'tour-back');  // step 6, then Tab to Next and press it: step 7, and Enter again
  for (let i = 0; i < 4 && !(await onNext()); i++) await canvas.keyboard.press('Tab'), await frames(canvas, 2);
  await canvas.keyboard.press('Enter'), await frames(canvas, 3);
  assert.equal(await onNext(), true);
  await Promise.all([canvas.waitForNavigation(), canvas.keyboard.press('Enter')]);
  await reloaded(canvas);
  assert.equal(await canvas.evaluate(() => document.activeElement.id), 'canvas');
  assert.equal(await onNext(), true, 'the keyboard on Next again');
  const stepTitle = await canvas.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_text_view_json())).tour.title);
  await canvas.waitForFunction((t) => document.getElementById('live').textContent.includes(t), stepTitle, { timeout: 5000 });
  await canvas.keyboard.press('Enter'), await frames(canvas, 4);
  assert.equal((await canvas.evaluate(() => window.embeddingLab.snapshot())).tour.step, 8, 'and Enter goes on');
  assert.deepEqual(canvas.problems, []);
  await closePage(canvas);

  const view = await openPage(browser, server.url + '#tour=deeper&step=6&view=text', { width: 1440, height: 900 });
  await view.waitForSelector('#tv-tour-next');
  await view.focus('#tv-tour-next');
  await Promise.all([view.waitForNavigation(), view.keyboard.press('Enter')]);
  await reloaded(view);
  await view.waitForFunction(() => document.activeElement.id === 'tv-tour-next', null, { timeout: 5000 });
  const title = await view.$eval('#tv-tour-title', (e) => e.textContent);
  assert.match(title, /budget/);
  await view.waitForFunction((t) => document.getElementById('live').textContent.includes(t), title, { timeout: 5000 });
  assert.deepEqual(view.problems, []);
  await closePage(view);
});
