// ctest: timed cases alone (timed() cases measure time: nothing runs beside them)
// Page performance, measured in headless Chromium (SwiftShader) and printed:
// first frame after navigation, CPU time per frame on the default page and with
// a 100,000-row table in view, and an idle page that stops drawing. Medians over
// several samples, because this machine is shared and noisy.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { serve, launch, openPage, closePage, widgetCenter, timed, untimed } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadText = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

// Times here are wall-clock. On a machine running several times more work than it
// has cores the page is descheduled mid-frame: then the figure is printed, not asserted.
function assertAtMost(t, value, bound, what) {
  const load = os.loadavg()[0], cores = os.cpus().length;
  if (value > bound && load > 2 * cores) {
    t.diagnostic(`${what}: ${value.toFixed(2)} ms, not asserted (${loadText()})`);
    console.log(`NOT ASSERTED: ${what} ${value.toFixed(2)} ms > ${bound} ms? (${loadText()})`);
    return;
  }
  assert.ok(value <= bound, `${what}: ${value.toFixed(2)} ms > ${bound} ms (${loadText()})`);
}

// A desktop window: the screen is larger than the page's viewport. (The harness's
// default, screen == viewport, is the other idle test: with Emscripten 3.1.6's GLFW a
// window the screen's size switched to fullscreen; the page's own platform layer has no such
// case, and the test keeps it from coming back.)
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
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const stats = (page) => page.evaluate(() => window.embeddingLab.frameStats());

// Moves the pointer in circles over (x, y) (page coordinates), one mousemove per
// animation frame from inside the page, until the app has drawn `n` frames; returns
// the median and largest CPU time of those frames.
async function frameCostWhileMoving(page, x, y, n = 90) {
  return page.evaluate(({ x, y, n }) => new Promise((resolve, reject) => {
    const canvas = document.getElementById('canvas');
    const times = [];
    let last = window.embeddingLab.frameStats().frames, i = 0;
    const deadline = performance.now() + 60000;
    const tick = () => {
      const s = window.embeddingLab.frameStats();
      if (s.frames === last + 1) times.push(s.lastFrameMs);  // exactly one new frame: its time
      last = s.frames;
      if (times.length >= n) {
        const sorted = [...times].sort((a, b) => a - b);
        resolve({ medianFrameMs: sorted[Math.floor(n / 2)], maxFrameMs: sorted[n - 1], frames: n });
        return;
      }
      if (performance.now() > deadline) { reject(new Error(`only ${times.length} frames in 60 s`)); return; }
      const a = (i++ % 36) * Math.PI / 18;
      canvas.dispatchEvent(new MouseEvent('mousemove', {
        clientX: x + 60 * Math.cos(a), clientY: y + 40 * Math.sin(a), bubbles: true, cancelable: true, view: window }));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), { x, y, n });
}

timed('first frame: median at most 800 ms from navigation start', async (t) => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // glue.js hides #status in the first frame's callback: note the time then.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const s = document.getElementById('status');
        if (s && s.className === 'hidden') { window.__firstFrameMs = performance.now(); observer.disconnect(); }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.goto(server.url);
    await page.waitForFunction(() => window.__firstFrameMs !== undefined, null, { timeout: 30000 });
    times.push(await page.evaluate(() => window.__firstFrameMs));
    await context.close();
  }
  const m = median(times);
  console.log(`first frame after navigation start: median ${m.toFixed(0)} ms of ${times.map((x) => x.toFixed(0)).join(', ')} (${loadText()})`);
  assertAtMost(t, m, 800, 'first frame median');
});

timed('frame cost: median at most 4 ms on the default page', async (t) => {
  const page = await openPage(browser, server.url);
  const box = await page.locator('#canvas').boundingBox();
  const s = await frameCostWhileMoving(page, box.x + box.width / 2, box.y + box.height / 2);
  console.log(`default page: median frame ${s.medianFrameMs.toFixed(2)} ms over ${s.frames} frames while the pointer moves (max ${s.maxFrameMs.toFixed(1)} ms; ${loadText()})`);
  assertAtMost(t, s.medianFrameMs, 4, 'default page median frame');
  await page.context().close();
});

timed('frame cost: median at most 8 ms with a 100,000-row table in view', async (t) => {
  const page = await openPage(browser, server.url);
  const large = (await page.evaluate(() => window.embeddingLab.presets())).find((p) => p.name === 'large');
  assert.ok(large, 'no "large" preset');
  await page.evaluate((link) => window.embeddingLab.setLink(link), large.link);
  await page.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).V === 100000);
  // Over the table's cells, so the heatmap is what redraws.
  const { x, y } = await widgetCenter(page, 'cell:W:0:0').catch(async () => {
    const box = await page.locator('#canvas').boundingBox();
    return { x: box.x + box.width / 4, y: box.y + box.height / 2 };
  });
  const s = await frameCostWhileMoving(page, x + 60, y + 80);
  console.log(`100,000 x 16 table in view: median frame ${s.medianFrameMs.toFixed(2)} ms over ${s.frames} frames while the pointer moves (max ${s.maxFrameMs.toFixed(1)} ms; ${loadText()})`);
  assertAtMost(t, s.medianFrameMs, 8, '100,000-row table median frame');
  await page.context().close();
});

async function idleFrames(page) {
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + 100, box.y + 100);
  await sleep(2000);
  const a = (await stats(page)).frames;
  await sleep(1500);
  const b = (await stats(page)).frames;
  return { a, b };
}

untimed('idle: no frames after 2 s without input', async () => {
  const page = await openDesktopPage(browser, server.url);
  const { a, b } = await idleFrames(page);
  console.log(`idle page (screen 1920 x 1080, viewport 1280 x 800): ${a} frames at 2 s after the last input, ${b} at 3.5 s`);
  assert.equal(b, a, 'the idle page kept drawing');
  await page.context().close();
});

// The idle page drew nothing, but glue.js still asked for an animation frame at every vsync to find
// that out (300 callbacks in 5 s: /tmp/review-m, defect 4). Now it asks for none until woken.
untimed('idle: no animation frames asked for either; a pointer move, a key and an edit each wake the page', async () => {
  const page = await openPage(browser, server.url);
  await page.evaluate(() => {
    const ask = window.requestAnimationFrame;
    window.asked = 0;
    window.requestAnimationFrame = (f) => (window.asked++, ask.call(window, f));
  });
  const asked = () => page.evaluate(() => window.asked);
  const idleFor = async (ms) => { await sleep(ms); const a = await asked(); await sleep(1500); return [a, await asked()]; };
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.focus('#canvas');  // (a key goes to the canvas)
  let [a, b] = await idleFor(2000);
  console.log(`idle page: ${a} animation frames asked for in the 2 s after the last input, ${b - a} in the 1.5 s after`);
  assert.equal(b, a, 'the idle page kept asking for animation frames');
  for (const [what, wake] of [
    ['a pointer move', () => page.mouse.move(box.x + 300, box.y + 200)],
    ['a key', () => page.keyboard.press('Tab')],
    ['an edit through the API', () => page.evaluate(() => window.embeddingLab.setIds('2, 0'))],
  ]) {
    const before = (await stats(page)).frames;
    await wake();
    await page.waitForFunction((n) => window.embeddingLab.frameStats().frames > n, before, { timeout: 5000 });
    [a, b] = await idleFor(2000);
    assert.equal(b, a, `asleep again after ${what}`);
  }
  assert.deepEqual((await page.evaluate(() => window.embeddingLab.snapshot())).ids, [2, 0]);
  await page.context().close();
});

untimed('idle: no frames after 2 s when the canvas is exactly the screen\'s size', async () => {
  const page = await openPage(browser, server.url);  // screen == viewport == canvas
  const { a, b } = await idleFrames(page);
  console.log(`idle page (screen == viewport 1280 x 800): ${a} frames at 2 s after the last input, ${b} at 3.5 s`);
  assert.equal(b, a, 'the idle page kept drawing');
  await closePage(page);
});
