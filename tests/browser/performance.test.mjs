// Page performance, measured in headless Chromium (SwiftShader) and printed:
// first frame after navigation, CPU time per frame on the default page and with
// a 100,000-row table in view, and an idle page that stops drawing. Medians over
// several samples, because this machine is shared and noisy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, widgetCenter } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const stats = (page) => page.evaluate(() => window.embeddingLab.frameStats());

// Moves the mouse in circles over (x, y) until the app has drawn `n` frames;
// returns the median CPU time of those frames (FrameStats keeps the last 240).
async function frameCostWhileMoving(page, x, y, n = 240) {
  const start = (await stats(page)).frames;
  for (let i = 0; ; i++) {
    const a = (i % 36) * Math.PI / 18;
    await page.mouse.move(x + 60 * Math.cos(a), y + 40 * Math.sin(a));
    const s = await stats(page);
    if (s.frames - start >= n) return s;
    if (i > 6000) throw new Error(`only ${s.frames - start} frames while moving the mouse`);
  }
}

test('first frame: median at most 800 ms from navigation start', async () => {
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
  console.log(`first frame after navigation start: median ${m.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`);
  assert.ok(m <= 800, `first frame median ${m.toFixed(0)} ms > 800 ms`);
});

test('frame cost: median at most 4 ms on the default page', async () => {
  const page = await openPage(browser, server.url);
  const box = await page.locator('#canvas').boundingBox();
  const s = await frameCostWhileMoving(page, box.x + box.width / 2, box.y + box.height / 2);
  console.log(`default page: median frame ${s.medianFrameMs.toFixed(2)} ms over the last 240 frames (max ${s.maxFrameMs.toFixed(1)} ms since load)`);
  assert.ok(s.medianFrameMs <= 4, `median frame ${s.medianFrameMs} ms > 4 ms`);
  await page.context().close();
});

test('frame cost: median at most 8 ms with a 100,000-row table in view', async () => {
  const page = await openPage(browser, server.url);
  const large = (await page.evaluate(() => window.embeddingLab.presets())).find((p) => p.name === 'large');
  assert.ok(large, 'no "large" preset');
  await page.evaluate((link) => window.embeddingLab.setLink(link), large.link);
  await page.waitForFunction(() => window.embeddingLab.snapshot().V === 100000);
  // Over the table's cells, so the heatmap is what redraws.
  const { x, y } = await widgetCenter(page, 'cell:W:0:0').catch(async () => {
    const box = await page.locator('#canvas').boundingBox();
    return { x: box.x + box.width / 4, y: box.y + box.height / 2 };
  });
  const s = await frameCostWhileMoving(page, x + 60, y + 80);
  console.log(`100,000 x 16 table in view: median frame ${s.medianFrameMs.toFixed(2)} ms over the last 240 frames`);
  assert.ok(s.medianFrameMs <= 8, `median frame ${s.medianFrameMs} ms > 8 ms`);
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

test('idle: no frames after 2 s without input', async () => {
  const page = await openDesktopPage(browser, server.url);
  const { a, b } = await idleFrames(page);
  console.log(`idle page (screen 1920 x 1080, viewport 1280 x 800): ${a} frames at 2 s after the last input, ${b} at 3.5 s`);
  assert.equal(b, a, 'the idle page kept drawing');
  await page.context().close();
});

test('idle: no frames after 2 s when the canvas is exactly the screen\'s size', {
  todo: 'main.cpp SyncCanvasSize reports a change every frame when css size == screen size (it asks for h - 1)',
}, async () => {
  const page = await openPage(browser, server.url);  // screen == viewport == canvas
  const { a, b } = await idleFrames(page);
  console.log(`idle page (screen == viewport 1280 x 800): ${a} frames at 2 s after the last input, ${b} at 3.5 s`);
  assert.equal(b, a, 'the idle page kept drawing');
  await page.context().close();
});
