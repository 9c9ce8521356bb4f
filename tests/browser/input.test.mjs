// The page's own platform layer (src/app/platform_web.cpp, web/glue.js's listeners): what it must
// keep of a browser's input that the other files do not check: the cursor shape, the wheel's
// step and when the browser (the host page) gets the wheel, and keys only for a focused canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, frames, widgetCenter } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rect = (page, name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
const drawn = (page) => page.evaluate(() => window.embeddingLab.frameStats().frames);

// Waits until the page draws nothing (an idle page stops a second after the last input).
async function idle(page) {
  for (let tries = 0; tries < 40; tries++) {
    const a = await drawn(page);
    await sleep(400);
    if ((await drawn(page)) === a) return a;
  }
  throw new Error('the page never went idle');
}

// Every wheel event the page sees, and whether the page kept it (preventDefault: the browser does
// not scroll) or left it to the browser (which scrolls the host page around an embed).
async function recordWheels(page) {
  await page.evaluate(() => {
    window.__wheels = [];
    window.addEventListener('wheel', (e) => window.__wheels.push(e.defaultPrevented));
  });
  return async (dy) => {
    const n = await page.evaluate(() => window.__wheels.length);
    await page.mouse.wheel(0, dy);
    await page.waitForFunction((k) => window.__wheels.length > k, n);
    await frames(page, 3);
    return page.evaluate(() => window.__wheels[window.__wheels.length - 1]);
  };
}

test('the cursor follows what is under the pointer: a text field gives the text cursor', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  const cursor = () => page.evaluate(() => document.getElementById('canvas').style.cursor || 'default');
  const field = await widgetCenter(page, 'ids');
  await page.mouse.move(field.x, field.y);
  await frames(page, 3);
  assert.equal(await cursor(), 'text', 'over the ids field');
  const button = await widgetCenter(page, 'fill:zeros');
  await page.mouse.move(button.x, button.y);
  await frames(page, 3);
  assert.equal(await cursor(), 'default', 'over a button');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('one wheel notch scrolls the page one step down; at the top, or on a page that fits, the browser gets the wheel', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  const wheel = await recordWheels(page);
  const field = await widgetCenter(page, 'ids');
  await page.mouse.move(field.x, field.y);
  const before = await rect(page, 'ids');
  assert.equal(await wheel(-100), false, 'a wheel up at the top of the page is left to the browser');
  assert.equal((await rect(page, 'ids')).y, before.y, 'a wheel up at the top does not move the page');
  assert.equal(await wheel(100), true, 'a wheel down on a page that can scroll is kept');
  const after = await rect(page, 'ids');
  const moved = before.y - after.y;
  // ImGui scrolls a window 5 lines (of a 15 px font) per notch: not a hundred notches, not backwards.
  assert.ok(moved > 20 && moved < 300, `one notch moved the page ${moved} CSS px`);
  await page.context().close();

  const small = await openPage(browser, server.url + '#v=1&embed=1&panels=ids', { width: 900, height: 700 });
  const smallWheel = await recordWheels(small);
  const box = await small.locator('#canvas').boundingBox();
  await small.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await smallWheel(100), false, 'a page that fits leaves the wheel to the host page');
  assert.equal(await smallWheel(-100), false);
  assert.deepEqual(small.problems, []);
  await small.context().close();
});

test('keys reach the app only while the canvas has the focus', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.focus('#canvas');
  await page.evaluate(() => document.getElementById('canvas').blur());
  const a = await idle(page);
  for (const key of ['ArrowDown', 'Enter', 'a', 'Escape']) await page.keyboard.press(key);  // not Tab: it would focus the canvas
  await sleep(600);
  assert.equal(await drawn(page), a, 'keys pressed with the canvas unfocused woke the app');

  await page.focus('#canvas');
  const b = await idle(page);
  await page.keyboard.press('Shift');
  await page.waitForFunction((n) => window.embeddingLab.frameStats().frames > n, b, { timeout: 5000 });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
