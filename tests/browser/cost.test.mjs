// ctest: timed cases alone (timed() cases measure time: nothing runs beside them)
// The cost-at-scale panel as a learner meets it: Run on the real canvas, a
// progress bar that moves, frames that stay short while the benchmark works,
// and a page that goes idle afterwards; embeddingLab.benchmark() resolves with
// the same figures. Also runs the lesson's 50,000 x 128 x 256 once and prints it.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { serve, launch, openPage, closePage, clickWidget, frames, screenshot, typeInto, snapshot, widgetCenter, timed, untimed } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FRAME_LIMIT_MS = 50;

// Frame times are wall-clock: on a machine running several times more work than it
// has cores, the page is descheduled mid-frame and no budget can hold. Then the
// longest frame is printed, not asserted. Otherwise every frame of the run stays under
// the limit but one, which may reach twice it: a 2-core machine at load 3-4 deschedules
// the page now and then (one frame of 54 ms among 136 in a fresh clone, the run's next
// longest 32 ms; alternate runs of the builds before and after the change then under test
// gave the same spread), while a stage that stopped slicing its work would make one frame
// of a whole sample (150-250 ms for the lesson shape's dense routes) or many long frames.
function assertFrameLimit(t, frameMs, what) {
  const load = os.loadavg()[0], cores = os.cpus().length;
  const [longest = 0, next = 0] = [...frameMs].sort((a, b) => b - a);
  if (longest >= FRAME_LIMIT_MS && load > 2 * cores) {
    t.diagnostic(`${what}: longest frame ${longest.toFixed(1)} ms, not asserted (load ${load.toFixed(1)} on ${cores} cores)`);
    console.log(`NOT ASSERTED: ${what} longest frame ${longest.toFixed(1)} ms at load ${load.toFixed(1)} on ${cores} cores`);
    return;
  }
  const why = `${what}: frames of ${longest.toFixed(1)} and ${next.toFixed(1)} ms (load ${load.toFixed(1)} on ${cores} cores)`;
  assert.ok(next < FRAME_LIMIT_MS, why);
  assert.ok(longest < 2 * FRAME_LIMIT_MS, why);
}
const status = (page) => page.evaluate(() => window.embeddingLab.benchmarkStatus());
const frameCount = (page) => page.evaluate(() => window.embeddingLab.frameStats().frames);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : 0; };

// A desktop window: the screen is larger than the page's viewport. (With the
// harness's default, screen == viewport, main.cpp's SyncCanvasSize shortens the
// canvas by a pixel to dodge 3.1.6's fullscreen switch and then sees a size
// change in every frame, so the page never idles: see the idle test marked todo.)
async function openDesktopPage(browser, url, { width = 1280, height = 800 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, screen: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  return page;
}

// Samples the benchmark's status once per animation frame until it stops running.
async function watchRun(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const samples = [];
    const tick = () => {
      const s = window.embeddingLab.benchmarkStatus();
      samples.push({ progress: s.progress, lastFrameMs: window.embeddingLab.frameStats().lastFrameMs });
      if (s.running) requestAnimationFrame(tick);
      else resolve({ samples, status: s });
    };
    requestAnimationFrame(tick);
  }));
}

async function idleStops(page) {
  await sleep(2200);  // 2 s without input
  const a = await frameCount(page);
  await sleep(1200);
  const b = await frameCount(page);
  return { a, b };
}

function printFigures(label, f) {
  const rows = Object.values(f.routes).map((r) =>
    `  ${r.name.padEnd(22)} median ${r.medianMs.toPrecision(4).padStart(10)} ms  (${r.minMs.toPrecision(3)}-` +
    `${r.maxMs.toPrecision(3)}) x${r.callsPerSample} calls/sample`);
  console.log(`${label}: V=${f.V} d=${f.d} B=${f.B}, ${f.repeats} repeats, ${f.frames} frames, ` +
    `wall ${Math.round(f.wallMs)} ms, longest frame ${f.longestFrameMs.toFixed(1)} ms, load ` +
    `${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores\n${rows.join('\n')}\n` +
    `  one-hot route / gather ${Math.round(f.forwardRatio)}x; dense backward / scatter-add ` +
    `${Math.round(f.backwardRatio)}x; ${f.checkText}\n  heap ${(f.heapBeforeBytes / 1e6).toFixed(1)} -> ` +
    `${(f.heapAfterBytes / 1e6).toFixed(1)} MB, buffers ${(f.bufferBytes / 1e6).toFixed(1)} MB released: ${f.buffersReleased}` +
    `\n  frames during the run: median ${median(f.frameMs).toFixed(1)} ms; longest five at (index: ms) ` +
    [...f.frameMs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([i, ms]) => `${i}: ${ms.toFixed(0)}`).join(', '));
}

timed('Run on the canvas measures a small shape across frames; the progress bar moves; the page idles after', async (t) => {
  const link = 'v=1&V=3&d=3&init=example&ids=1&costV=20000&costd=64&costB=128&reps=3&panels=cost';
  const page = await openDesktopPage(browser, `${server.url}#${link}`);
  const before = await status(page);
  assert.deepEqual(before.shape, { V: 20000, d: 64, B: 128, repeats: 3 });
  assert.equal(before.running, false);

  await clickWidget(page, 'cost:run');
  const { samples, status: end } = await watchRun(page);
  assert.equal(end.done, true, `the run ended without figures: ${end.error}`);
  const progress = samples.map((s) => s.progress);
  const middle = progress.filter((p) => p > 0 && p < 1);
  assert.ok(middle.length >= 3, `progress seen between 0 and 1 only ${middle.length} times: ${progress.join(', ')}`);
  for (let i = 1; i < progress.length; i++) assert.ok(progress[i] >= progress[i - 1], 'progress went back');

  await frames(page, 3);  // the frame that finished the run is timed after it
  const f = (await status(page)).figures;
  printFigures('small run from the Run button', f);
  assert.ok(f.frames >= 5, `the run took only ${f.frames} frames: not sliced`);
  assertFrameLimit(t, f.frameMs, 'small run');
  assert.equal(f.forwardEqual, true);
  assert.equal(f.backwardEqual, true);
  assert.equal(f.buffersReleased, true);

  // The results are on the canvas, with names the tests (and a reader) can find.
  for (const name of ['cost:table', 'cost:bars', 'cost:ratio', 'cost:check', 'cost:heap']) {
    assert.ok(await page.evaluate((n) => window.embeddingLab.widgetRect(n), name), `${name} is not drawn`);
  }
  await screenshot(page, 'cost-small-run');

  const idle = await idleStops(page);
  assert.equal(idle.b, idle.a, `frames kept coming after the run: ${idle.a} -> ${idle.b}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

timed('embeddingLab.benchmark() resolves with sensible figures and refuses a block that is too large', async () => {
  const page = await openPage(browser, server.url);
  const f = await page.evaluate(() => window.embeddingLab.benchmark({ V: 3000, d: 16, B: 32, repeats: 3 }));
  assert.equal(f.V, 3000);
  assert.equal(f.repeats, 3);
  assert.equal(f.tableBytes, 3000 * 16 * 4);
  assert.equal(f.oneHotBytes, 32 * 3000 * 4);
  assert.equal(f.routes.denseForward.multiplyAdds, 32 * 3000 * 16);
  assert.equal(f.routes.gather.multiplyAdds, 0);
  // The browser's clock moves in 0.1 ms steps: a route shorter than 2 ms repeats until a sample
  // lasts that long (the gather and scatter-add always; a small shape's one-hot block and dense
  // routes too, which timed as 0), so no sample is 0.
  for (const r of Object.values(f.routes)) {
    assert.equal(r.samplesMs.length, 3, r.name);
    assert.ok(r.minMs > 0 && r.minMs <= r.medianMs && r.medianMs <= r.maxMs, `${r.name}: ${JSON.stringify(r)}`);
  }
  assert.ok(f.forwardRatio > 1 && f.backwardRatio > 1, `ratios ${f.forwardRatio}, ${f.backwardRatio}`);
  assert.equal(f.forwardEqual, true);
  assert.equal(f.backwardEqual, true);
  assert.match(f.checkText, /all 512 outputs equal.*all 48,000 numbers of dW equal/);
  // In the page's language when it is read: a switch to German after the run (it stayed English).
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink() + '&lang=de'));
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
  assert.match((await status(page)).figures.checkText, /alle 512 Ausgaben gleich.*alle 48\.000 Zahlen von dW gleich/);
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink().replace('&lang=de', '') + '&lang=en'));
  assert.equal(f.buffersReleased, true);
  // The panel shows the same shape the API ran.
  assert.deepEqual((await status(page)).shape, { V: 3000, d: 16, B: 32, repeats: 3 });

  const refused = await page.evaluate(() =>
    window.embeddingLab.benchmark({ V: 100000, d: 8, B: 1024, repeats: 1 }).then(() => 'resolved', (e) => e.message));
  assert.match(refused, /409\.6 MB/);
  // What is not a shape is named, never truncated, read as 0 or replaced by the last shape.
  for (const [given, says] of [[{ V: 'abc' }, /whole numbers, or nothing; not \{"V":"abc"\}/], [{ d: 16, V: 1.5 }, /not \{"V":1\.5\}/],
    [null, /not null$/], ['x', /not "x"$/], [[5], /not \{"0":5\}/], [{ v: 3 }, /not \{"v":3\}/]]) {
    const message = await page.evaluate((g) => window.embeddingLab.benchmark(g).then(() => 'resolved', (e) => e.message), given);
    assert.match(message, says, JSON.stringify(given));
  }
  assert.equal((await status(page)).running, false, 'none of them started a run');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The sizes were kept as any whole number: V = 0 went into the address as costV=0, a link that
// then opened with "costV: '0' is out of range". They now take their text through the link's fields.
// A field takes each keystroke's text as it comes, so no refused text here starts with a good number
// other than the value in use ('1e' would set d = 1 when its '1' reached a frame of its own).
untimed('the sizes typed on the canvas are refused as a link refuses them, and the address keeps the last good one', async () => {
  const page = await openDesktopPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1&costV=20000&panels=cost`);
  for (const [name, text, error] of [['cost:V', '0', "V: '0' is out of range (1 to 100,000)"],
    ['cost:repeats', '51', "repeats: '51' is out of range (1 to 50)"], ['cost:d', 'e1', "d: 'e1' is not a whole number"]]) {
    await typeInto(page, name, text);
    const s = await snapshot(page);
    assert.ok(s.errors.fields.split('\n').includes(error), `${name}: ${s.errors.fields}`);  // (the refused text stays, with its line)
    assert.match(s.link, /(^|&)costV=20000(&|$)/);
    assert.doesNotMatch(s.link, /(^|&)(costV=0|reps=51|costd=)/);
    assert.deepEqual((await status(page)).shape, { V: 20000, d: 128, B: 256, repeats: 5 });
  }
  for (const [name, text] of [['cost:V', '30000'], ['cost:repeats', '5'], ['cost:d', '64']]) await typeInto(page, name, text);
  assert.equal((await snapshot(page)).errors.fields, '');
  assert.match((await snapshot(page)).link, /(^|&)costV=30000(&|$)/);
  assert.match((await snapshot(page)).link, /(^|&)costd=64(&|$)/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

untimed('Cancel on the canvas stops a run and rejects its promise', async () => {
  const link = 'v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256&reps=5&panels=cost';
  const page = await openDesktopPage(browser, `${server.url}#${link}`);
  const outcome = page.evaluate(() => window.embeddingLab.benchmark().then(() => 'resolved', (e) => e.message));
  await page.waitForFunction(() => window.embeddingLab.benchmarkStatus().progress > 0.05);
  await clickWidget(page, 'cost:cancel');
  assert.equal(await outcome, 'the benchmark was cancelled', 'the promise of the cancelled run');
  const s = await status(page);
  assert.equal(s.running, false, JSON.stringify(s));
  assert.equal(s.cancelled, true, JSON.stringify(s));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

untimed('cancelBenchmark() stops a run as the panel\'s Cancel does', async () => {
  const page = await openDesktopPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256&reps=5&panels=cost`);
  const outcome = page.evaluate(() => window.embeddingLab.benchmark().then(() => 'resolved', (e) => e.message));
  await page.waitForFunction(() => window.embeddingLab.benchmarkStatus().progress > 0.02);
  await page.evaluate(() => window.embeddingLab.cancelBenchmark());
  assert.equal(await outcome, 'the benchmark was cancelled');
  const s = await status(page);
  assert.deepEqual([s.running, s.cancelled, s.done], [false, true, false], JSON.stringify(s));
  await page.evaluate(() => window.embeddingLab.cancelBenchmark());  // nothing running: nothing happens
  assert.equal((await status(page)).cancelled, true);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

timed('the lesson\'s 50,000 x 128 x 256 runs in the browser without long frames', async (t) => {
  const page = await openPage(browser, server.url);
  const t0 = Date.now();
  const f = await page.evaluate(() => window.embeddingLab.benchmark({ V: 50000, d: 128, B: 256, repeats: 3 }));
  await frames(page, 3);
  const g = (await status(page)).figures;
  printFigures(`lesson shape (${Date.now() - t0} ms in the test)`, g);
  await screenshot(page, 'cost-lesson-shape');
  assert.equal(f.oneHotBytes, 51.2e6);
  assert.equal(g.forwardEqual && g.backwardEqual, true);
  assert.ok(g.forwardRatio > 100, `one-hot route only ${g.forwardRatio}x the gather`);
  assertFrameLimit(t, g.frameMs, 'lesson shape');
  await page.context().close();
});

// On a German phone the table's route column and the range ran off the panel's edge, clipped
// ("Scatter-Add-Backw"), and "Wiederholungen" beside its field lost its last letters: the table now
// scrolls sideways and a field goes to a line of its own when it and its label do not fit.
untimed('on a narrow German phone the results table scrolls sideways and the fields keep their labels', async () => {
  const page = await openPage(browser, server.url + '#v=1&lang=de&panels=cost', { width: 360, height: 740, dpr: 2, mobile: true });
  const f = await page.evaluate(() => window.embeddingLab.benchmark({ V: 1000, d: 16, B: 8, repeats: 1 }));
  // A shape this small used to time its one-hot route as 0 ns, and say it took "0 times as long"
  // as the gather: every route is timed over enough calls for the clock. (Quiet, the one-hot route
  // takes 200-1,300x the gather here; one repeat's gather slowed by a busy machine made it 9x once.)
  for (const r of Object.values(f.routes)) assert.ok(r.medianMs > 0, `${r.name}: ${JSON.stringify(r)}`);
  assert.ok(f.forwardRatio > 1 && f.backwardRatio > 1, `ratios ${f.forwardRatio}, ${f.backwardRatio}`);
  const box = await page.locator('#canvas').boundingBox();
  const repeats = await page.evaluate(() => window.embeddingLab.widgetRect('cost:repeats'));
  assert.ok(repeats.x < 100, `the repeats field starts a line of its own (x ${repeats.x})`);
  const { x, y } = await widgetCenter(page, 'cost:table');
  const r = await page.evaluate(() => window.embeddingLab.widgetRect('cost:table'));
  assert.ok(r.x + r.width <= box.width, 'the table fits the panel');
  const pixels = () => page.screenshot({ clip: { x: box.x + r.x, y: box.y + r.y, width: r.width, height: r.height } });
  await page.mouse.move(2, 2);
  await frames(page, 3);
  const before = await pixels();
  await page.mouse.move(x, y);
  await page.mouse.wheel(120, 0);
  await frames(page, 3);  // (moved away at once, the wheel was sometimes taken where the pointer had gone)
  await page.mouse.move(2, 2);
  await frames(page, 3);
  assert.ok(!(await pixels()).equals(before), 'a sideways wheel over the table shows its other columns');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});
