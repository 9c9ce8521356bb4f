// A phone's keyboard and a desktop IME: a tap on a text field of the canvas focuses a real
// <input> over it inside the tap's own handler (iOS opens a keyboard only then), and text
// arriving the way phone keyboards and IMEs deliver it (insertText, composition) edits the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, closePage, snapshot, frames, widgetCenter, clickWidget } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PHONE = { width: 390, height: 844, mobile: true };

/** What has the focus: tag, id, inputmode, enterkeyhint and font size. */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { tag: e.tagName, id: e.id, inputMode: e.inputMode, enterKeyHint: e.getAttribute('enterkeyhint'),
           fontSize: parseFloat(getComputedStyle(e).fontSize), value: e.value };
});

/** Taps a widget with a finger and returns what has the focus right after the tap. */
async function tap(page, name) {
  const { x, y } = await widgetCenter(page, name);
  await page.touchscreen.tap(x, y);
  const now = await focused(page);  // the tap's handler has run: no frame in between is needed
  await frames(page, 6);            // the click reaches ImGui and the field activates
  return now;
}

// A cell may hold a negative number, and iOS's decimal pad has no minus sign: a cell gets the text
// keyboard (inputmode text), whose numbers are one tap away.
test('a tap on a W cell focuses an <input inputmode=text>; inserted text sets the cell and Enter commits', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', PHONE);
  const cdp = await page.context().newCDPSession(page);
  const now = await tap(page, 'cell:W:1:2');
  assert.equal(now.tag, 'INPUT');
  assert.equal(now.inputMode, 'text', 'a keyboard with a minus sign');
  assert.equal(now.enterKeyHint, 'done');
  assert.ok(now.fontSize >= 16, `font-size ${now.fontSize}px would make iOS zoom`);
  // A phone keyboard inserts text without key events for the characters.
  await cdp.send('Input.insertText', { text: '-2.55' });
  await frames(page, 3);
  await page.keyboard.press('Backspace');
  await frames(page, 3);
  assert.equal((await snapshot(page)).table[1][2], 0.6000000238418579, 'not committed before Enter');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  const s = await snapshot(page);
  assert.equal(s.table[1][2], -2.5);
  assert.equal(s.gather[0][2], -2.5);
  assert.notEqual((await focused(page)).id, 'text-entry', 'the input lets go once the field is done');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A phone turned while a W cell is typed in, mid-tour: in landscape the table lay under the tour's box,
// out of sight, so ImGui built no field for it, dropped the edit and the keyboard with it, and the
// Enter that followed wrote nothing (text_input.cpp now keeps the field and brings it back into view).
test('a W cell typed in on a phone keeps its text when the phone is turned mid-tour; Enter then writes it', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&tour=basics&step=0', { ...PHONE, dpr: 2 });
  const cdp = await page.context().newCDPSession(page);
  assert.equal((await tap(page, 'cell:W:1:2')).id, 'text-entry');
  await cdp.send('Input.insertText', { text: '-1.25' });
  await frames(page, 3);
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForFunction(() => innerWidth === 844 && innerHeight === 390);
  await frames(page, 12);  // the layout settles over ten frames at most
  assert.equal((await focused(page)).id, 'text-entry', 'the keyboard stays with the field');
  const cell = await page.evaluate(() => window.embeddingLab.widgetRect('cell:W:1:2'));
  const leave = await page.evaluate(() => window.embeddingLab.widgetRect('tour-box'));
  assert.ok(cell && cell.visible && cell.y >= leave.y + leave.height && cell.y + cell.height <= 390,
            `the field is on screen, under the tour's box: ${JSON.stringify(cell)}`);
  assert.equal((await snapshot(page)).table[1][2], 0.6000000238418579, 'not written before Enter');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[1][2], -1.25, 'what was typed before the turn is written');
  assert.deepEqual(page.problems, []);
  await page.context().close();  // resized: not given back for reuse
});

test('composed text (a phone keyboard composing, or an IME) lands once, when committed', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=0', PHONE);
  const cdp = await page.context().newCDPSession(page);
  assert.equal((await tap(page, 'cell:W:0:0')).id, 'text-entry');
  await cdp.send('Input.imeSetComposition', { text: '-1', selectionStart: 2, selectionEnd: 2 });
  await frames(page, 2);
  await cdp.send('Input.imeSetComposition', { text: '-1.7', selectionStart: 4, selectionEnd: 4 });
  await frames(page, 2);
  await cdp.send('Input.insertText', { text: '-1.75' });  // commits the composition
  await frames(page, 3);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  const s = await snapshot(page);
  assert.equal(s.table[0][0], -1.75);
  assert.equal(s.errors.table, '');
  await page.context().close();
});

test('an id typed on a phone keyboard (inputmode text) changes the batch', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', PHONE);
  const cdp = await page.context().newCDPSession(page);
  const now = await tap(page, 'ids');
  assert.equal(now.tag, 'INPUT');
  assert.equal(now.inputMode, 'text');
  await page.keyboard.press('End');
  await cdp.send('Input.insertText', { text: ', 2' });
  await frames(page, 4);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  const s = await snapshot(page);
  assert.deepEqual(s.ids, [1, 2]);
  assert.deepEqual(s.gather[1].map((x) => Math.round(x * 10)), [7, 8, 9]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The batch typed anew on a phone: a tap opened the field with the caret where it landed, and "2, 2, 0"
// made "12, 2, 0" (the <input> over it is empty: a phone's own Select all had nothing to select). The tap
// that opens it selects it whole, as a W cell's does. A second tap, in the open field, places the caret:
// it landed on that <input> and went nowhere, so the whole batch stayed selected and "1, " replaced it.
test('a tap on the ids field selects the batch (typed ids replace it); a tap in the open field places the caret', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,0', PHONE);
  const cdp = await page.context().newCDPSession(page);
  const type = async (text) => {
    await cdp.send('Input.insertText', { text });
    await frames(page, 4);
    await page.keyboard.press('Enter');
    await frames(page, 4);
    return (await snapshot(page)).ids;
  };
  await tap(page, 'ids');
  assert.deepEqual(await type('2, 2, 0'), [2, 2, 0]);
  await tap(page, 'ids');
  const r = await page.evaluate(() => window.embeddingLab.widgetRect('ids'));
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + r.x + 2, box.y + r.y + r.height / 2);  // before the first id
  await frames(page, 6);
  assert.equal((await focused(page)).id, 'text-entry', 'the keyboard went away at the second tap');
  assert.deepEqual(await type('1, '), [1, 2, 2, 0]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The open field's own touches are the browser's too: a long press there opens its menu (Paste; iOS's number
// pad has no other way to paste). With the taps passed through to the canvas, which cancels every touch, it
// never opened.
test('a touch on the field being typed in is not cancelled: a long press can open the browser\'s Paste', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', PHONE);
  await tap(page, 'cell:W:1:1');
  await page.evaluate(() => {
    window.touches = [];
    document.addEventListener('touchstart', (e) => setTimeout(() => window.touches.push([e.target.id, e.defaultPrevented])), true);
  });
  const { x, y } = await widgetCenter(page, 'cell:W:1:1');
  await page.touchscreen.tap(x, y);
  await frames(page, 4);
  assert.deepEqual(await page.evaluate(() => window.touches), [['text-entry', false]]);
  assert.equal((await focused(page)).id, 'text-entry');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a tap on a button focuses no input and still presses the button', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', PHONE);
  const now = await tap(page, 'fill:zeros');
  assert.notEqual(now.tag, 'INPUT');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[2][2], 0, 'the tap still presses the button');
  await closePage(page);
});

// A pinch with the thumb resting on a button, or a touch the system takes back (an edge swipe:
// touchcancel), pressed the button under the first finger: "zeros" wiped the learner's edits.
test('a pinch or a cancelled touch on a button presses nothing: the edits stay', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&cells=0:0:7', { ...PHONE, dpr: 3 });
  const cdp = await page.context().newCDPSession(page);
  const a = await widgetCenter(page, 'fill:zeros');
  const touch = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await touch('touchStart', [{ ...a, id: 0 }]);
  await touch('touchStart', [{ ...a, id: 0 }, { x: a.x + 40, y: a.y + 40, id: 1 }]);
  for (let i = 1; i <= 10; i++) await touch('touchMove', [{ ...a, x: a.x - i * 0.4, id: 0 }, { x: a.x + 40 + i * 15, y: a.y + 40 + i * 15, id: 1 }]);
  await touch('touchEnd', [{ x: a.x + 190, y: a.y + 190, id: 1 }]);
  await touch('touchEnd', []);
  await frames(page, 8);
  let s = await snapshot(page);
  assert.deepEqual([s.table[0][0], s.settings.init], [7, 'example'], 'a pinch on "zeros" filled W');
  // The pinch zoomed the page (2x, the most); two fingers together bring it back.
  const middle = { x: PHONE.width / 2, y: PHONE.height / 2 }, apart = (d) => [{ x: middle.x - d / 2, y: middle.y, id: 3 }, { x: middle.x + d / 2, y: middle.y, id: 4 }];
  await touch('touchStart', apart(200));
  for (let i = 1; i <= 5; i++) await touch('touchMove', apart(200 - 20 * i));
  await touch('touchEnd', []);
  await frames(page, 8);
  assert.deepEqual(await widgetCenter(page, 'fill:zeros'), a, 'the page as it was before the pinch');
  s = await snapshot(page);
  assert.deepEqual([s.table[0][0], s.settings.init], [7, 'example'], 'the fingers together filled W');
  await touch('touchStart', [{ ...a, id: 2 }]);
  await frames(page, 3);
  await touch('touchCancel', []);
  await frames(page, 8);
  s = await snapshot(page);
  assert.deepEqual([s.table[0][0], s.settings.init], [7, 'example'], 'a cancelled touch on "zeros" filled W');
  // A tap there still fills.
  await tap(page, 'fill:zeros');
  assert.equal((await snapshot(page)).table[0][0], 0);
  await page.context().close();
});

// On a phone the browser's own pinch only magnified the canvas's picture (blurred), and the canvas
// kept it from doing even that: two fingers moved apart or together zoom the page's text and controls.
test('two fingers apart make the text and controls larger, together smaller again; a field tapped after it opens over the field', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { ...PHONE, dpr: 2 });
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  const pinch = async (from, to) => {  // fingers `from` px apart to `to` px apart, about the screen's middle
    const c = { x: PHONE.width / 2, y: PHONE.height / 2 }, at = (d) => [{ x: c.x - d / 2, y: c.y, id: 0 }, { x: c.x + d / 2, y: c.y, id: 1 }];
    await touch('touchStart', [at(from)[0]]);
    await touch('touchStart', at(from));
    for (let i = 1; i <= 8; i++) { await touch('touchMove', at(from + (to - from) * i / 8)); await frames(page, 1); }
    await touch('touchEnd', [at(to)[1]]);
    await touch('touchEnd', []);
    await frames(page, 6);
  };
  const height = async () => (await page.evaluate(() => window.embeddingLab.widgetRect('V'))).height;
  const h0 = await height(), before = await snapshot(page);
  await pinch(100, 200);
  assert.ok(Math.abs(await height() / h0 - 2) < 0.05, `V's field ${await height()} px tall after a 2x pinch, ${h0} px before`);
  assert.deepEqual(await snapshot(page), before, 'a pinch edits nothing');
  // The <input> a tap opens lies over the field, in the page's CSS pixels.
  await page.evaluate(() => window.embeddingLab.widgetRect('V'));
  const now = await tap(page, 'V');
  assert.equal(now.tag, 'INPUT');
  const [field, input] = await page.evaluate(() => [window.embeddingLab.widgetRect('V'), document.activeElement.getBoundingClientRect().toJSON()]);
  assert.ok(Math.abs(field.x - input.x) < 2 && Math.abs(field.y - input.y) < 2 && Math.abs(field.height - input.height) < 2,
    `the <input> at ${JSON.stringify(input)}, the field at ${JSON.stringify(field)}`);
  await page.evaluate(() => document.activeElement.blur());
  await frames(page, 4);
  await pinch(200, 100);
  assert.ok(Math.abs(await height() / h0 - 1) < 0.05, `back to ${await height()} px after the fingers came together, ${h0} before`);
  await pinch(50, 400);  // 8x asked: 2x at most
  assert.ok(Math.abs(await height() / h0 - 2) < 0.05, `${await height()} px after an 8x pinch, ${h0} before`);
  await pinch(0, 0);  // two fingers on one spot (a script's): no distance to scale by, no zoom change
  assert.ok(Math.abs(await height() / h0 - 2) < 0.05, `${await height()} px after fingers on one spot`);
  // The zoom stays for the tab's visit, as a browser's zoom does: a reload keeps it.
  await page.reload();
  await page.waitForFunction(() => window.embeddingLab?.ready);
  await page.evaluate(() => window.embeddingLab.ready);
  await frames(page, 6);
  assert.ok(Math.abs(await height() / h0 - 2) < 0.05, `${await height()} px after a reload`);
  assert.deepEqual(page.problems, []);
  await page.screenshot({ path: new URL('out/phone_zoomed.png', import.meta.url).pathname });
  await page.context().close();
});

// The page's scrollbar lies where a right thumb scrolls: a 60 px drag there moved the page 2,800 px
// (ImGui's scrollbar, at the content's scale), and a tap jumped it about 4,000 px.
test('a finger on the page\'s scrollbar scrolls as anywhere else: a drag moves the page as far as the finger, a tap not at all', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { ...PHONE, dpr: 2 });
  const cdp = await page.context().newCDPSession(page);
  const y = async () => (await page.evaluate(() => window.embeddingLab.widgetRect('V'))).y;
  const top = await y();
  const x = PHONE.width - 12, y0 = PHONE.height * 0.6;  // on the scrollbar's track
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 - 10 * i }] });
    await frames(page, 1);
  }
  await page.waitForTimeout(120), await frames(page, 2);  // held still before it lifts: not a flick, which coasts on
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page, 4);
  const moved = top - await y();
  assert.ok(Math.abs(moved - 60) <= 2, `a 60 px drag on the scrollbar moved the page ${moved} px`);
  await page.touchscreen.tap(x, PHONE.height * 0.8);
  await frames(page, 4);
  assert.equal(top - await y(), moved, 'a tap on the scrollbar moved the page');
  await page.context().close();
});

test('a desktop IME types into the active field through the same input', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2');
  const cdp = await page.context().newCDPSession(page);
  await clickWidget(page, 'cell:W:2:1');
  await frames(page, 4);
  const now = await focused(page);
  assert.equal(now.id, 'text-entry');
  assert.equal(now.inputMode, 'text');
  await cdp.send('Input.imeSetComposition', { text: '3', selectionStart: 1, selectionEnd: 1 });
  await cdp.send('Input.imeSetComposition', { text: '3.2', selectionStart: 3, selectionEnd: 3 });
  await cdp.send('Input.insertText', { text: '3.25' });
  await frames(page, 3);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  const s = await snapshot(page);
  assert.equal(s.table[2][1], 3.25);
  assert.equal(s.gather[0][1], 3.25);
  assert.equal((await focused(page)).id, 'canvas', 'focus returns to the canvas: Tab and arrows work on');
  await page.context().close();
});

/** Taps a number field: the tap focuses an <input inputmode=decimal> (text for padding_idx, which may be
 *  negative: iOS's decimal pad has no minus sign); Escape leaves it. */
async function tapsNumberPad(page, name, tapped) {
  const f = await tap(page, name);
  assert.equal(f.tag, 'INPUT', `${name}: the tap focuses an input`);
  assert.equal(f.inputMode, name === 'option:pad' ? 'text' : 'decimal', `${name}: a number pad, or a keyboard with '-'`);
  tapped.push(name);
  await page.keyboard.press('Escape');
  await frames(page, 3);
}

test('a tap on a random-batch, lookup-option, training, frequency or cost field focuses an <input inputmode=decimal> (text for padding_idx) in the tap', async () => {
  // The random batch's B lies in the ids panel; the others are further down the page.
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&pad=0&maxnorm=1', PHONE);
  const cdp = await page.context().newCDPSession(page);
  const now = await tap(page, 'random:B');
  assert.equal(now.tag, 'INPUT', 'the tap itself focuses an input (iOS opens a keyboard only then)');
  assert.equal(now.inputMode, 'decimal');
  // Typed as a phone does it, the field takes the number: the next Draw has 5 ids.
  await page.keyboard.press('Control+A');
  await cdp.send('Input.insertText', { text: '5' });
  await frames(page, 3);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  await clickWidget(page, 'draw-batch');
  await frames(page, 4);
  assert.equal((await snapshot(page)).ids.length, 5, 'the B typed on the phone keyboard drew 5 ids');
  await page.evaluate(() => window.Module._el_set_sections_open(1));  // the lookup options' section too
  const tapped = [];
  for (const name of ['random:zipf', 'random:seed', 'option:pad', 'option:maxnorm', 'option:normtype',
                      'freq:zipf', 'freq:steps', 'cost:V', 'cost:repeats']) {
    await page.evaluate((n) => {  // bring the field into view as a finger drag would
      const r = window.embeddingLab.widgetRect(n);
      if (r && !r.visible) window.scrollBy(0, r.y - 200);
    }, name);
    await frames(page, 3);
    const rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
    assert.ok(rect, `${name} is drawn`);
    if (!rect.visible) continue;  // scrolled inside the canvas: reached by the page's own scrolling
    await tapsNumberPad(page, name, tapped);
  }
  // The labs' fields, each lab on a page of its own (as a course page would embed one).
  for (const [panel, names] of [['training', ['opt:lr', 'train:n']], ['frequency', ['freq:zipf', 'freq:steps']],
                                ['cost', ['cost:V', 'cost:repeats']]]) {
    const labs = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=1&panels=${panel}`, PHONE);
    for (const name of names) {
      const rect = await labs.evaluate((n) => window.embeddingLab.widgetRect(n), name);
      if (!rect || !rect.visible) continue;
      await tapsNumberPad(labs, name, tapped);
    }
    await labs.context().close();
  }
  console.log(`tapped: ${tapped.join(', ')}`);
  assert.equal(tapped.length, 11, `only ${tapped.join(', ')} could be tapped`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('after Ctrl+A in the input, typed characters still reach the field (the Ctrl release is passed on)', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2');
  await clickWidget(page, 'cell:W:2:1');
  await frames(page, 4);
  assert.equal((await focused(page)).id, 'text-entry');
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await frames(page, 2);
  await page.keyboard.type('-4.5');
  await frames(page, 3);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[2][1], -4.5, 'the whole cell was replaced by what was typed');
  await closePage(page);
});

// A finger that lands on a text field and moves is a scroll: the field opened on the press lets go,
// and no keyboard is asked for (before, the field stayed open and the page's <input> took the focus).
test('a finger drag that starts on a text field scrolls the page and opens no field', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', PHONE);
  const cdp = await page.context().newCDPSession(page);
  const { x, y } = await widgetCenter(page, 'ids');
  const before = await page.evaluate(() => window.embeddingLab.widgetRect('ids'));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await frames(page, 2);
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 20 * i, id: 1 }] });
    await frames(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page, 8);
  const after = await page.evaluate(() => window.embeddingLab.widgetRect('ids'));
  assert.ok(after === null || after.y < before.y - 150, `scrolled: ${before.y} -> ${after && after.y}`);
  assert.notEqual((await focused(page)).id, 'text-entry', 'no field opened for typing');
  assert.equal(await page.evaluate(() => document.getElementById('text-entry').className), 'hidden');
  assert.deepEqual((await snapshot(page)).ids, [1], 'nothing typed');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a tap on a field\'s "(?)" opens its help (a finger has no hover); a tap elsewhere closes it', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { ...PHONE, dpr: 2 });
  const box = await page.locator('#canvas').boundingBox();
  const v = await page.evaluate(() => window.embeddingLab.widgetRect('V'));
  // The help opens under the finger, over the Fill row below V.
  const under = { x: box.x + 100, y: box.y + v.y + v.height + 2, width: 280, height: 30 };
  const shot = async () => page.screenshot({ clip: under });
  const before = await shot();
  await page.touchscreen.tap(box.x + v.x + v.width + 15, box.y + v.y + v.height / 2);  // on "V (?)"'s "(?)"
  await frames(page, 4);
  const open = await shot();
  assert.ok(!open.equals(before), 'the help is drawn over the Fill row');
  await page.touchscreen.tap(box.x + 40, box.y + v.y - 40);  // on the table's description: nothing to press
  await frames(page, 4);
  assert.ok((await shot()).equals(before), 'closed by the tap elsewhere');
  await closePage(page);
});
