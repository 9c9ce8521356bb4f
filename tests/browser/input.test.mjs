// The page's own platform layer (src/app/platform_web.cpp, web/glue.js's listeners): what it must
// keep of a browser's input that the other files do not check: the cursor shape, the wheel's
// step and when the browser (the host page) gets the wheel, and keys only for a focused canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { serve, launch, openPage, closePage, frames, widgetCenter, snapshot, clickWidget } from './harness.mjs';

let server, host, hostDir, browser;
before(async () => {
  server = await serve();
  hostDir = await mkdtemp(path.join(os.tmpdir(), 'input-test-'));
  host = await serve(hostDir);  // another origin: a course page embedding the demo
  await writeFile(path.join(hostDir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0"><div style="height:150px">course text</div>
<iframe id="demo" src="${server.url}#v=1&embed=1&panels=table" width="900" height="560" title="demo"></iframe>
<div style="height:400px">more course text</div></body></html>`);
  // A demo below the fold that can scroll (the forward panel is taller than 300 px).
  await writeFile(path.join(hostDir, 'below.html'), `<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0"><div style="height:700px">course text</div>
<iframe id="demo" src="${server.url}#v=1&embed=1&panels=forward" width="600" height="300" title="demo"></iframe>
<div style="height:1500px">more course text</div></body></html>`);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await host?.close();
  if (hostDir) await rm(hostDir, { recursive: true, force: true });
});

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

// A course page of the host's (another origin) in a new window, with its demo loaded and ready.
async function coursePage(file, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(host.url + file);
  let frame;
  for (let i = 0; i < 100 && !frame; i++, await sleep(50)) frame = page.frames().find((f) => f.url().startsWith(server.url));
  assert.ok(frame, 'the embed did not load');
  await frame.waitForFunction(() => window.embeddingLab !== undefined);
  await frame.evaluate(() => window.embeddingLab.ready);
  return { context, page, frame };
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
  await closePage(page);
});

test('one wheel notch scrolls the page one step down; at the top, or on a page that fits (over its grids too), the browser gets the wheel', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  const wheel = await recordWheels(page);
  const field = await widgetCenter(page, 'ids');
  await page.mouse.move(field.x, field.y);
  // A shorter panel stays in view while its row's tallest scrolls on (ui.cpp, StickyOffset): a
  // widget in each of the first row's columns, the tallest of which moves.
  const probes = ['ids', 'picture:W:row:1', 'cell:dW:0:0'];
  const tops = async () => Promise.all(probes.map(async (name) => (await rect(page, name)).y));
  const before = await tops();
  assert.equal(await wheel(-100), false, 'a wheel up at the top of the page is left to the browser');
  assert.deepEqual(await tops(), before, 'a wheel up at the top does not move the page');
  assert.equal(await wheel(100), true, 'a wheel down on a page that can scroll is kept');
  const after = await tops();
  const moved = Math.max(...before.map((y, i) => y - after[i]));
  // ImGui scrolls a window 5 lines (of a 15 px font) per notch: not a hundred notches, not backwards.
  assert.ok(moved > 20 && moved < 300, `one notch moved the page ${moved} CSS px`);
  await closePage(page);

  const small = await openPage(browser, server.url + '#v=1&embed=1&panels=ids', { width: 900, height: 700 });
  const smallWheel = await recordWheels(small);
  const box = await small.locator('#canvas').boundingBox();
  await small.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await smallWheel(100), false, 'a page that fits leaves the wheel to the host page');
  assert.equal(await smallWheel(-100), false);
  assert.deepEqual(small.problems, []);
  await closePage(small);

  // Over a grid of numbers too (ImGui draws each as a child window of the page): one whose rows all
  // show cannot scroll, so the wheel goes on to the page, and past a page that fits to the host.
  const grids = await openPage(browser, server.url + '#v=1&embed=1&panels=table,forward', { width: 900, height: 1000 });
  const gridWheel = await recordWheels(grids);
  for (const name of ['cell:W:0:0', 'picture:W:row:1']) {
    const at = await widgetCenter(grids, name);
    await grids.mouse.move(at.x, at.y);
    assert.equal(await gridWheel(100), false, `a wheel down over ${name} on a page that fits is left to the host page`);
    assert.equal(await gridWheel(-100), false, `a wheel up over ${name}`);
  }
  assert.deepEqual(grids.problems, []);
  await closePage(grids);
});

// A shorter panel is held in view while its row's tallest scrolls on (ui.cpp): typing fewer ids into the
// held Ids field shrank the row, and the held panel, field and all, went up out of view mid-typing.
test('a field typed in stays in view when its edit shrinks the row that holds its panel', async () => {
  const ids = Array.from({ length: 24 }, (_, i) => i % 3).join(',');
  const page = await openPage(browser, server.url + '#v=1&ids=' + ids, { width: 1440, height: 900 });
  await page.mouse.move(720, 600);
  for (let i = 0; i < 7; i++) await page.mouse.wheel(0, 100), await frames(page, 2);
  const held = await rect(page, 'ids');
  assert.ok(held.visible && held.y >= 0, `the Ids field is held in view: ${JSON.stringify(held)}`);
  await clickWidget(page, 'ids');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1', { delay: 5 });
  await frames(page, 6);
  const typing = await rect(page, 'ids');
  assert.ok(typing.visible && typing.y >= 0 && typing.y + typing.height <= 900, `the field being typed in left the view: ${JSON.stringify(typing)}`);
  await page.keyboard.type(',2', { delay: 5 });
  await page.keyboard.press('Enter');
  await frames(page, 8);
  assert.deepEqual((await snapshot(page)).ids, [1, 2]);
  const after = await rect(page, 'ids');
  assert.ok(after.visible && Math.abs(after.y - typing.y) < 2, `the field stays where it was once left: ${JSON.stringify(after)} (was at ${typing.y})`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
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
  await closePage(page);
});

// A course page scrolled under a still pointer: the demo arrives under it and gets the wheel with no
// mouse move before it. The page knew no pointer position then, so it left every such wheel to the
// host page, and the demo scrolled only after the mouse had moved.
test('a wheel over an embed that the host page scrolled under a still pointer scrolls the demo', async () => {
  const { context, page, frame } = await coursePage('below.html', { width: 1000, height: 600 });
  await frame.evaluate(() => {
    window.__wheels = [];
    window.addEventListener('wheel', (e) => window.__wheels.push(e.defaultPrevented));
  });
  await page.mouse.move(300, 450);  // over the course text: the demo is below the fold (and draws nothing)
  await sleep(200);
  await page.evaluate(() => window.scrollTo(0, 400));  // now the demo is under the pointer (its y 50-350)
  await frames(frame, 3);
  const box = await page.locator('#demo').boundingBox();
  assert.ok(box.y < 450 && box.y + box.height > 450, `the demo is under the pointer (${box.y})`);
  const inner = () => frame.evaluate(() => window.embeddingLab.widgetRect('walk:start')?.y);
  const before = await inner();
  await page.mouse.wheel(0, 100);
  await frame.waitForFunction(() => window.__wheels.length > 0);
  await frames(frame, 3);
  assert.deepEqual(await frame.evaluate(() => window.__wheels), [true], 'the demo kept the wheel');
  assert.equal(await page.evaluate(() => window.scrollY), 400, 'the course page did not scroll');
  assert.ok((await inner()) < before, 'the demo scrolled');
  await context.close();
});

test('a drag released outside an embed ends there: the canvas keeps the pointer while the button is held', async () => {
  const { context, page, frame } = await coursePage('host.html', { width: 1100, height: 800 });
  const cellValue = async () => (await frame.evaluate(() => window.embeddingLab.snapshot())).table[0][0];
  // Chromium keeps a drag on the frame it started in by itself; other browsers need the capture.
  await frame.evaluate(() => {
    window.__captures = 0;
    document.getElementById('canvas').addEventListener('gotpointercapture', () => window.__captures++);
  });
  const start = await cellValue();
  const box = await page.locator('#demo').boundingBox();
  const r = await frame.evaluate(() => window.embeddingLab.widgetRect('cell:W:0:0'));
  assert.ok(r && r.visible, 'cell W[0][0] is on screen');
  const x = box.x + r.x + r.width / 2, y = box.y + r.y + r.height / 2;
  await page.mouse.move(x, y);
  await frames(frame, 2);
  await page.mouse.down();
  await frames(frame, 2);
  for (let dy = 10; dy <= 40; dy += 10) { await page.mouse.move(x, y - dy); await frames(frame, 1); }
  // (the capture takes effect, and is announced, at the pointer's next event)
  assert.equal(await frame.evaluate(() => window.__captures), 1, 'the canvas took the pointer on the press');
  await page.mouse.move(x, box.y - 100, { steps: 4 });  // up out of the iframe, over the course text
  await frames(frame, 2);
  await page.mouse.up();
  await frames(frame, 3);
  const released = await cellValue();
  assert.notEqual(released, start, 'the drag changed the cell');
  // Back over the cell with no button held: moving must not drag it any further.
  await page.mouse.move(x, y, { steps: 4 });
  for (let dy = 10; dy <= 40; dy += 10) { await page.mouse.move(x, y - dy); await frames(frame, 1); }
  await frames(frame, 3);
  assert.equal(await cellValue(), released, 'the button stayed held after a release outside the embed');
  await context.close();
});

test('a drag inside a text field selects its text (the focus moving to the text entry drops no press)', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.evaluate(() => window.embeddingLab.setLink('v=1&ids=1,1,2'));
  await widgetCenter(page, 'ids');
  const box = await page.locator('#canvas').boundingBox();
  const r = await rect(page, 'ids');
  const y = box.y + r.y + r.height / 2;
  await page.mouse.move(box.x + r.x + 2, y);  // before the first character
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 3);
  for (let i = 1; i <= 4; i++) { await page.mouse.move(box.x + r.x + (r.width - 4) * i / 4, y); await frames(page, 2); }
  await page.mouse.up();
  await frames(page, 2);
  await page.keyboard.type('0', { delay: 5 });  // replaces the selection: the whole text
  await page.keyboard.press('Enter');
  await frames(page, 6);
  assert.deepEqual((await page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }))).ids, [0]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The <input> that takes the keyboard's text lies over the field being typed in: a click there went to it,
// not to the field, so the caret stayed where the first click had put it.
test('a click inside the field being typed in places the caret there', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,1,2', { width: 1280, height: 800 });
  await clickWidget(page, 'ids');  // past the text's end: the caret after "2"
  await frames(page, 3);
  const box = await page.locator('#canvas').boundingBox();
  const r = await rect(page, 'ids');
  await page.mouse.click(box.x + r.x + 2, box.y + r.y + r.height / 2);  // before the first id
  await frames(page, 3);
  await page.keyboard.type('0, ', { delay: 5 });
  await page.keyboard.press('Enter');
  await frames(page, 6);
  assert.deepEqual((await page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }))).ids, [0, 1, 1, 2]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A right click on the field being typed in opens the browser's menu for it (Cut, Copy, Paste), not the
// canvas's image menu.
test('a right click on the field being typed in reaches its <input>: the browser\'s own Paste', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { width: 1280, height: 800 });
  await clickWidget(page, 'cell:W:1:1');
  await frames(page, 3);
  await page.evaluate(() => { window.menus = []; document.addEventListener('contextmenu', (e) => { window.menus.push(e.target.id); e.preventDefault(); }, true); });
  const box = await page.locator('#canvas').boundingBox();
  const r = await rect(page, 'cell:W:1:1');
  await page.mouse.click(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2, { button: 'right' });
  await frames(page, 3);
  assert.deepEqual(await page.evaluate(() => window.menus), ['text-entry']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'text-entry', 'the field is still being typed in');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A page whose clipboard the test may write, and a canvas cell given a text from it as a learner does
// (click, select all, Ctrl+V, Enter).
async function pastingPage() {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { width: 1280, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
  return page;
}
async function pasteIntoCell(page, name, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await clickWidget(page, name);
  await frames(page, 3);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await frames(page, 4);
  await page.keyboard.press('Enter');
  await frames(page, 4);
}

// Ctrl+V's Ctrl is held in ImGui (the page reports the modifiers with each key) when the paste event
// brings the text, and a field drops characters typed with Ctrl down: the pasted text was lost.
test('Ctrl+V pastes the clipboard into a canvas field, with Ctrl held', async () => {
  const page = await pastingPage();
  await pasteIntoCell(page, 'cell:W:0:0', '0.75');
  assert.equal((await snapshot(page)).table[0][0], 0.75, 'W[0][0] takes the pasted 0.75');
  await page.evaluate(() => navigator.clipboard.writeText('2 0 '));
  await clickWidget(page, 'ids');
  await frames(page, 3);
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+V');
  await frames(page, 3);
  await page.keyboard.press('Control+V');  // twice
  await frames(page, 4);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.deepEqual((await snapshot(page)).ids, [1, 2, 0, 2, 0]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Numbers copied from a formatted page or slide carry a typeset minus (U+2212), which was "not a number".
test('a typeset minus sign (U+2212), pasted, typed or set through the API, is read as a minus', async () => {
  const page = await pastingPage();
  await pasteIntoCell(page, 'cell:W:0:0', '\u22120.75');
  await clickWidget(page, 'cell:W:0:1');
  await frames(page, 3);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('\u22122.5');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal((await page.evaluate(() => window.embeddingLab.setCell(0, 2, '\u22121.25'))).ok, true);
  assert.deepEqual((await snapshot(page)).table[0], [-0.75, -2.5, -1.25], 'pasted, typed, set');
  assert.deepEqual(Object.values((await snapshot(page)).errors).filter(Boolean), [], 'nothing refused');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A row copied from a spreadsheet (tab-separated) or a printed vector, pasted into one cell, was "not a
// number": the message now says what it is, and the cell keeps its value (a German learner's review, B13).
test('a copied row pasted into one cell: the message says it is several numbers; the cell keeps its value', async () => {
  const page = await pastingPage();
  await pasteIntoCell(page, 'cell:W:0:0', '0.7\t0.8\t0.9');
  let s = await snapshot(page);
  assert.equal(s.errors.table, "W[0][0]: '0.7 0.8 0.9' is 3 numbers: a cell takes one (the cell keeps 0.1)");
  assert.equal(s.table[0][0], Math.fround(0.1));
  await pasteIntoCell(page, 'cell:W:0:1', '[0.5, -0.25]');
  s = await snapshot(page);
  assert.equal(s.errors.table, "W[0][1]: '[0.5, -0.25]' is 2 numbers: a cell takes one (the cell keeps 0.2)");
  await pasteIntoCell(page, 'cell:W:0:1', '0,5');  // one text that is not a number, in English
  assert.equal((await snapshot(page)).errors.table, "W[0][1]: '0,5' is not a number (the cell keeps 0.2)");
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a pasted emoji stays in the field as typed, and the message names it by its code point', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { width: 1280, height: 800 });
  await page.evaluate(() => { window.embeddingLabHost.copyText = (text) => { window.__copied = text; }; });
  const paste = async (text) => {
    const { x, y } = await widgetCenter(page, 'ids');
    await page.mouse.click(x, y);
    await frames(page, 2);
    await page.keyboard.press('Control+A');
    await page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text', t);
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, text);
    await frames(page, 6);
  };
  // What the field holds, read back as a learner would: select all, copy.
  const fieldText = async () => {
    await page.evaluate(() => { window.__copied = null; });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    await frames(page, 4);
    return page.evaluate(() => window.__copied);
  };
  const errors = async () => (await page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }))).errors;
  // U+1F600 is two UTF-16 units, a surrogate pair: ImGui's 16-bit characters turned it into one U+FFFD,
  // which the field kept and the font drew as '?'.
  await paste('3\u{1F600}');
  assert.equal(await fieldText(), '3\u{1F600}', 'the field keeps the emoji');
  assert.equal((await errors()).ids, "id '3<U+1F600>' at position 0 is not a whole number (still using 1)");
  // A lone surrogate (a broken paste) is one replacement character: it does not swallow the '5' after it.
  await paste('4\uD83D5');
  assert.equal(await fieldText(), '4\uFFFD5');
  assert.equal((await errors()).ids, "id '4<U+FFFD>5' at position 0 is not a whole number (still using 1)");
  assert.deepEqual((await snapshot(page)).ids, [1], 'the batch stays as it was');
  await page.keyboard.press('Enter');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// /tmp/review-l, defect 3: a finger landing while a scroll still runs gets a touchstart the browser has
// made uncancellable; glue.js cancelled it anyway and Chromium logged "Ignored attempt to cancel a
// touchstart event with cancelable=false" as an error (in 2 of 5 rounds of this, before).
test('a tap during a scroll logs no error: an uncancellable touch is not cancelled', async () => {
  for (let round = 0; round < 5; round++) {
    const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=example&ids=0,1,2', { width: 390, height: 844, dpr: 3, mobile: true });
    await page.setViewportSize({ width: 75, height: 136 });
    await page.touchscreen.tap(38, 66);
    await page.mouse.move(63, 21);
    await page.mouse.wheel(0, -1492);
    await page.mouse.click(63, 10);
    await page.touchscreen.tap(5.6, 37);
    await page.waitForTimeout(300);
    assert.deepEqual(page.problems, [], `round ${round}`);
    await page.context().close();
  }
});
