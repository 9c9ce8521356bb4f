// The lesson page as a learner uses it: the tour at each depth, the self-check,
// phone and desktop sizes, touch, keyboard, themes, and the panels' extras.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  serve, launch, openPage, closePage, snapshot, frames, clickWidget, widgetCenter, typeInto, screenshot, canvasBacking, settle, fingerDrag,
} from './harness.mjs';
import { decodePng, inkStats } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const rect = (page, name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
const tourOf = async (page) => (await page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }))).tour;

for (const depth of ['basics', 'solid', 'deeper']) {
  test(`the ${depth} tour runs from its first step to the end by clicking Next`, async () => {
    const page = await openPage(browser, server.url, { width: 1400, height: 900 });
    await clickWidget(page, `tour:${depth}`);
    let tour = await tourOf(page);
    assert.deepEqual(tour, { depth, step: 0 });
    let steps = 1;
    while (steps < 20) {
      const before = tour;
      await clickWidget(page, 'tour-next');
      await settle(page);  // the deeper tour's experiments reload the page into the deeper build
      tour = await tourOf(page);
      if (tour.depth === 'none') break;
      assert.equal(tour.step, before.step + 1, 'Next moves one step');
      assert.match(await page.evaluate(() => location.hash), new RegExp(`tour=${depth}&step=${tour.step}`));
      steps++;
    }
    assert.equal(tour.depth, 'none', 'Finish leaves the tour');
    assert.ok(steps >= 6, `${steps} steps`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  });
}

test('Back, Leave and Resume keep the learner\'s place; a shared mid-tour link reopens the step', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&tour=solid&step=2', { width: 1400, height: 900 });
  assert.deepEqual(await tourOf(page), { depth: 'solid', step: 2 });
  await clickWidget(page, 'tour-back');
  assert.deepEqual(await tourOf(page), { depth: 'solid', step: 1 });
  await clickWidget(page, 'tour-leave');
  assert.equal((await tourOf(page)).depth, 'none');
  await clickWidget(page, 'tour-resume');
  assert.deepEqual(await tourOf(page), { depth: 'solid', step: 1 });
  await closePage(page);
});

// An instructor's hand-written link to a step ("#tour=solid&step=6": no V, d, init or ids, which every
// link the page writes carries) opens the step as Next does, its state included: before, it opened the
// step's text over the default table, whose ids the text did not describe.
test('a hand-written link to a tour step opens the step with its state, as Next does', async () => {
  const page = await openPage(browser, server.url + '#tour=solid&step=5');
  await clickWidget(page, 'tour-next');
  const byNext = await page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }));
  assert.deepEqual(byNext.tour, { depth: 'solid', step: 6 });
  const byHand = await openPage(browser, server.url + '#tour=solid&step=6&theme=dark');
  const s = await byHand.evaluate(() => window.embeddingLab.snapshot({ matrices: false }));
  assert.deepEqual(s.tour, { depth: 'solid', step: 6 });
  assert.deepEqual(s.ids, [2, 0, 2, 2]);
  assert.deepEqual(s.ids, byNext.ids);
  assert.equal(s.theme, 'dark', 'the link\'s own keys win');
  assert.deepEqual(s.linkErrors, { ok: true, errors: [], notices: [] });
  assert.match(await byHand.evaluate(() => window.embeddingLab.getLink()), /ids=2,0,2,2/);
  // A step of the deeper build's experiments: the page reloads into that build at the step.
  await byHand.goto(server.url + '#tour=deeper&step=7');
  await settle(byHand);
  assert.deepEqual(await tourOf(byHand), { depth: 'deeper', step: 7 });
  assert.equal((await byHand.evaluate(() => window.embeddingLab.budget())).loaded, true);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(byHand.problems, []);
  await closePage(page);
  await closePage(byHand);
});

// Next sat under the step's text, whose length moves it: pressed again where it was, a quick second
// press landed on the text or the panel below (a review: four quick presses went one step on). On a
// phone the deeper tour's steps with a few panels put "Show all panels" on a line of the header's own,
// and Next moved down 34 px from step 4 to 5: a second tap there hid step 5's text (review z6). At 360 px,
// after "Hide text", it took the box a third line, and header and box scrolled with the panels (review z7).
test("the tour's Next stays where it is from step to step: pressed again in the same place, it goes on each time", async () => {
  for (const [width, height, mobile, depth, presses] of [[1280, 800, false, 'basics', 5], [390, 844, true, 'basics', 5], [390, 844, true, 'deeper', 6], [360, 740, true, 'deeper', 6]]) {
    const page = await openPage(browser, server.url + `#v=1&tour=${depth}&step=0`, { width, height, dpr: mobile ? 2 : 1, mobile });
    await settle(page);
    const first = await rect(page, 'tour-next');
    const at = { x: first.x + first.width / 2, y: first.y + first.height / 2 };
    for (let step = 1; step <= presses; step++) {
      if (mobile) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      await frames(page, 3);
      assert.deepEqual(await tourOf(page), { depth, step }, `${width} x ${height}: press ${step} at (${at.x}, ${at.y})`);
      const next = await rect(page, 'tour-next');
      assert.deepEqual([next.x, next.y], [first.x, first.y], `${width} x ${height}: Next moved at ${depth} step ${step}`);
      const all = await rect(page, 'all-panels'), box = await rect(page, 'tour-box');
      if (depth === 'deeper' && step <= 3) assert.ok(all && all.y > box.y && all.y + all.height < box.y + box.height, `"Show all panels" in the tour's box at step ${step}`);
    }
    await page.context().close();
  }
});

// Review z4 (a tablet at 1024 x 768): the step's box took its text's height, so the panels under it moved
// a line's height between steps (basics 2 and 3). It is as tall as the tour's longest step; on a phone,
// whose room goes to the step's panel, as its own text.
test('the tour step\'s box keeps one height from step to step: the panels below stay put', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=basics&step=0', { width: 1024, height: 768, dpr: 2 });
  await settle(page);
  for (const [depth, steps] of [['basics', 6], ['deeper', 11]]) {
    const heights = [];
    for (let step = 0; step < steps; step++) {
      await page.evaluate((l) => window.embeddingLab.setLink(l), `tour=${depth}&step=${step}`);
      await frames(page, 4);
      heights.push((await rect(page, 'tour-box')).height);
    }
    assert.equal(new Set(heights).size, 1, `${depth}: the box's heights ${heights.join(', ')}`);
  }
  await page.context().close();
});

// A shared mid-tour link on a short or narrow page (panels in one column): the step's panel is scrolled
// to just under the tour box. It was scrolled once, in the first frame, before the layout settled (the
// scrollbar narrows the panels and their text takes more lines), and the Backward panel of step 5
// stayed 500 px below a 600 x 400 page.
test('a shared mid-tour link scrolls its step\'s panel to the top of a one-column page', async () => {
  for (const [width, height, step] of [[600, 400, 4], [600, 400, 3], [390, 700, 4]]) {
    const page = await openPage(browser, server.url + `#v=1&tour=basics&step=${step}`, { width, height });
    await settle(page);
    const focus = await rect(page, 'tour-focus'), leave = await rect(page, 'tour-box');
    const boxBottom = leave.y + leave.height;
    assert.ok(focus && focus.visible, `${width} x ${height}, step ${step}: the step's panel is on screen`);
    assert.ok(focus.y >= boxBottom && focus.y <= boxBottom + 40,
              `${width} x ${height}, step ${step}: its top at ${focus.y}, just under the tour box (${boxBottom})`);
    await closePage(page);
  }
});

// Basics step 3 speaks of the output (one row per position, a repeated id returned twice): on a phone
// it framed the Table and Ids panels, and the output was a screen below them.
test('basics step 3 on a phone shows the output it speaks of', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=basics&step=2', { width: 390, height: 844, dpr: 2, mobile: true });
  await settle(page);
  const out = await rect(page, 'picture:out'), focus = await rect(page, 'tour-focus');
  assert.ok(out && out.visible && out.y >= 0 && out.y + out.height <= 844, `the out block is not on screen: ${JSON.stringify(out)}`);
  assert.ok(focus && out.y >= focus.y && out.y + out.height <= focus.y + focus.height, 'the framed panel holds the out block');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The deeper tour's steps about the budget panel's later sections (the one-hot variants, activation on the
// rows, "it compresses the input") frame their own section: on a phone all three framed the panel's top,
// the same screen, with none of what they talk about on it.
test('a deeper step about one section of the budget panel frames that section on a phone', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=deeper&step=8', { width: 390, height: 844, dpr: 2, mobile: true });
  for (const step of [8, 9, 10]) {
    if (step > 8) await clickWidget(page, 'tour-next');
    await page.waitForFunction((n) => window.embeddingLab.snapshot().tour.step === n && window.embeddingLab.budget().loaded, step);
    await settle(page);
    const section = await rect(page, 'tour-section'), leave = await rect(page, 'tour-box');
    const boxBottom = leave.y + leave.height;
    // Just under the tour box, or (the page's last section) as far up as the page scrolls: a wheel
    // down then moves nothing.
    let atEnd = false;
    if (section?.visible && section.y > boxBottom + 40) {
      await page.mouse.move(200, 600);
      await page.mouse.wheel(0, 300);
      await frames(page, 3);
      atEnd = (await rect(page, 'tour-section')).y === section.y;
    }
    assert.ok(section?.visible && section.y >= boxBottom && (section.y <= boxBottom + 40 || atEnd),
              `step ${step}: its section's heading at ${section?.y}, just under the tour box (${boxBottom}) or as near as the page scrolls`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// On a desktop the deeper tour's last steps scroll to the end of the third column (the experiments'
// sections): the check and budget panels beside it had ended above, and two thirds of the screen were
// blank. A shorter panel now stays in view while its row's tallest scrolls on (ui.cpp, StickyOffset).
test('a deeper step at the end of a long panel leaves the shorter panels beside it in view', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=deeper&step=10', { width: 1440, height: 900 });
  await page.waitForFunction(() => window.embeddingLab.snapshot().tour.step === 10 && window.embeddingLab.budget().loaded);
  await settle(page);
  const section = await rect(page, 'tour-section'), leave = await rect(page, 'tour-box'), run = await rect(page, 'budget:run');
  const boxBottom = leave.y + leave.height;
  assert.ok(section?.visible && section.y >= boxBottom, `the step's section is on screen: ${JSON.stringify(section)}`);
  assert.ok(run?.visible && run.y >= boxBottom && run.y + run.height <= 900,
            `the budget panel's Run (the column beside it) is on screen: ${JSON.stringify(run)} under ${boxBottom}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// On a phone the header and the tour box took a third of the screen, the step's text most of it: it
// folds away once read (the title and the buttons stay), and the next step shows its own text.
test('on a phone the tour step\'s text folds away, and the next step shows its text again', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=basics&step=1', { width: 390, height: 844, dpr: 2, mobile: true });
  await settle(page);
  const boxBottom = async () => { const r = await rect(page, 'tour-box'); return r.y + r.height; };
  const open = await boxBottom();
  await clickWidget(page, 'tour-fold');
  await settle(page);
  const folded = await boxBottom();
  assert.ok(open - folded > 60, `folding the text raised the box's end from ${open} to ${folded} only`);
  assert.ok((await rect(page, 'tour-title')).visible, 'the step\'s title stays');
  const focus = await rect(page, 'tour-focus');
  assert.ok(focus.visible && focus.y >= folded, 'the framed panel is under the smaller box');
  await clickWidget(page, 'tour-next');
  await page.waitForFunction(() => window.embeddingLab.snapshot().tour.step === 2);
  await settle(page);
  const next = await boxBottom();
  assert.ok(next - folded > 30, `the next step's text is shown: the box ends at ${next}, folded ${folded}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
  const desktop = await openPage(browser, server.url + '#v=1&tour=basics&step=1', { width: 1280, height: 800 });
  assert.equal(await rect(desktop, 'tour-fold'), null, 'a desktop\'s box has room for the text: nothing to fold');
  await closePage(desktop);
});

// A phone pinched to the page's 200 % (160 px of layout across a 320 px screen): the header and the tour's
// box stayed in view and took the whole screen; Next, Back and Leave were below its bottom edge, "Hide
// text" past its right edge and the step's title cut. Now they scroll with the panels, the step's box
// right above its panel, and everything in it wraps to the width. A browser at 400 % (320 x 200) likewise.
test('a phone pinched to 200 %: the tour step and the header scroll with the panels, every button reachable', async () => {
  const screen = { width: 320, height: 568 };
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { ...screen, dpr: 2, mobile: true });
  await page.evaluate(() => window.Module._el_zoom(2));  // as two fingers spread to 200 % do (the page's limit)
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink() + '&tour=basics&step=2'));
  await settle(page);
  // The step's box built and scrolled to: settle() waits for no frame, and the tour scrolls for up to ten
  // (under load the rectangles read were the last frame's: no box yet, or one still scrolling in).
  await frames(page, 12);
  const inside = (r) => r && r.x >= 0 && r.x + r.width <= screen.width;
  for (const name of ['tour-title', 'tour-fold', 'tour-back', 'tour-next', 'tour-leave']) assert.ok(inside(await rect(page, name)), `${name} fits across: ${JSON.stringify(await rect(page, name))}`);
  // The step's box first, its panel right under it: the box is scrolled to the top of the screen.
  const box = await rect(page, 'tour-box'), title = await rect(page, 'tour-title');
  assert.ok(box.visible && box.y < screen.height / 8, `the step's box at ${box.y}`);
  assert.ok(title.visible && title.y < screen.height, `the step's title at ${title.y}`);
  assert.ok((await rect(page, 'tour-focus')).y > title.y, 'its panel under it');
  // Next, scrolled to by a finger, goes on.
  let next = await rect(page, 'tour-next');
  for (let i = 0; i < 4 && !(next.visible && next.y + next.height <= screen.height); i++) {
    await fingerDrag(page, [160, 500], [160, 250]);
    next = await rect(page, 'tour-next');
  }
  assert.ok(next.visible && next.y + next.height <= screen.height, `Next reached: ${JSON.stringify(next)}`);
  await page.touchscreen.tap(next.x + next.width / 2, next.y + next.height / 2);
  await page.waitForFunction(() => window.embeddingLab.snapshot().tour.step === 3);
  // Read on into the panel, its top scrolled away: a new height (the phone's keyboard, its address bar)
  // keeps the reader's place (it had jumped back to the box).
  await settle(page);
  for (let i = 0; i < 8 && (await rect(page, 'tour-focus')).y >= -100; i++) await fingerDrag(page, [160, 500], [160, 250]);
  const reading = await rect(page, 'tour-focus');
  assert.ok(reading.y < 0, `scrolled into the panel: ${JSON.stringify(reading)}`);
  await page.setViewportSize({ width: screen.width, height: screen.height - 50 });
  await settle(page);
  assert.ok((await rect(page, 'tour-focus')).y < 0, 'the place is kept after a resize');
  // A link with a problem, opened mid-tour: its message comes with the step's box, in view (at the top
  // it was scrolled away with the header).
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=abc&ids=1&tour=basics&step=2'));
  await settle(page);
  await page.waitForFunction(() => window.embeddingLab.widgetRect('banner-dismiss')?.visible, null, { timeout: 5000 }).catch(() => {});
  const banner = await rect(page, 'banner-dismiss');
  assert.ok(banner && banner.visible && banner.y >= 0 && banner.y < screen.height - 50, `the link's message in view: ${JSON.stringify(banner)}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
  // A desktop browser at 400 %: the header scrolls away, and the table under it comes up.
  const zoomed = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { width: 320, height: 200, dpr: 4 });
  await zoomed.mouse.move(160, 150);
  for (let i = 0; i < 3; i++) await zoomed.mouse.wheel(0, 120), await frames(zoomed, 3);
  const theme = await rect(zoomed, 'theme');
  assert.ok(!theme.visible || theme.y + theme.height <= 0, `the header scrolled away: ${JSON.stringify(theme)}`);
  assert.deepEqual(zoomed.problems, []);
  await closePage(zoomed);
  // An unzoomed phone keeps its header and tour box in view (they take a third of it).
  const phone = await openPage(browser, server.url + '#v=1&tour=basics&step=2', { width: 390, height: 844, dpr: 2, mobile: true });
  await settle(phone);
  for (let i = 0; i < 3; i++) await fingerDrag(phone, [200, 700], [200, 400]);
  for (const name of ['theme', 'tour-next']) assert.ok((await rect(phone, name)).visible && (await rect(phone, name)).y >= 0, `${name} stays in view`);
  await closePage(phone);
});

// ImGui opens a header on its arrow's press: a finger scroll that began on "Lookup options"'s arrow opened
// it, and the table jumped under the finger. Under a finger the arrow acts on a tap, as a button does.
test('on a phone a scroll that starts on a section\'s arrow opens nothing; a tap on the arrow opens and closes it', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,0', { width: 844, height: 390, dpr: 3, mobile: true });
  await settle(page);
  const opened = async () => (await rect(page, 'option:padding'))?.visible === true;
  let header = await rect(page, 'lookup-options');
  for (let i = 0; i < 6 && !(header.visible && header.y > 200 && header.y < 330); i++) {
    await fingerDrag(page, [400, 300], [400, header.y > 330 ? 160 : 380]);
    header = await rect(page, 'lookup-options');
  }
  assert.ok(header.visible && header.y > 200, `the header low on the screen: ${JSON.stringify(header)}`);
  const arrow = [header.x + 8, header.y + header.height / 2];
  assert.equal(await opened(), false);
  const before = header.y;
  await fingerDrag(page, arrow, [arrow[0], arrow[1] - 150]);
  header = await rect(page, 'lookup-options');
  assert.ok(header.y < before - 100, `the drag scrolled the page: ${before} -> ${header.y}`);
  assert.equal(await opened(), false, 'a scroll from the arrow opened the section');
  // The same scroll over table W's row labels: the ids under the finger are not lit one after another, and
  // the screen reader's line does not change with each (it changed 16 times in one drag).
  const cell = await rect(page, 'cell:W:0:0');
  await page.evaluate(() => {
    window.liveChanges = 0;
    new MutationObserver(() => window.liveChanges++).observe(document.getElementById('live'), { childList: true, characterData: true, subtree: true });
  });
  await fingerDrag(page, [cell.x - 20, Math.min(cell.y + cell.height / 2, 370)], [cell.x - 20, 60]);
  assert.equal(await page.evaluate(() => window.liveChanges), 0, 'the live line changed while the finger scrolled');
  await fingerDrag(page, [400, 100], [400, 350]);  // back up to the header
  for (const want of [true, false]) {
    header = await rect(page, 'lookup-options');
    await page.touchscreen.tap(header.x + 8, header.y + header.height / 2);
    await frames(page, 4);
    assert.equal(await opened(), want, `a tap on the arrow ${want ? 'opens' : 'closes'} the section`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A phone held sideways with its keyboard up left a field a sliver under the header and the tour's box: on
// a short screen the step's text folds while a field is typed in, and comes back after.
test('on a short screen the tour step\'s text folds while a field is typed in', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&tour=basics&step=1', { width: 844, height: 390 });
  await settle(page);
  const boxBottom = async () => { const r = await rect(page, 'tour-box'); return r.y + r.height; };
  const open = await boxBottom();
  await clickWidget(page, 'cell:W:0:1');
  await frames(page, 4);
  const typing = await boxBottom();
  assert.ok(open - typing > 15, `typing in W[0][1] raised the box's end from ${open} to ${typing} only`);
  assert.ok((await rect(page, 'tour-title')).visible, 'the step\'s title stays');
  await page.keyboard.type('0.77');
  await page.keyboard.press('Enter');
  await frames(page, 4);  // (the frame that takes the Enter)
  assert.equal((await snapshot(page)).table[0][1], Math.fround(0.77), 'the edit is taken');
  assert.equal(await boxBottom(), open, 'the text is back once the field is closed');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The button's id came from its label: Enter changed "Hide text" to "Show text", the keyboard's focus was
// lost with the old id, and Tab did nothing after.
test('keyboard only: Enter on "Hide text" keeps the focus there, says "Show text", and Tab goes on and back', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=solid&step=2', { width: 600, height: 400 });
  await settle(page);
  await page.locator('#canvas').focus();
  const said = () => page.textContent('#focused');
  for (let i = 0; i < 30 && !/^Hide text/.test(await said()); i++) await page.keyboard.press('Tab'), await frames(page, 2);
  assert.match(await said(), /^Hide text/);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.ok((await rect(page, 'tour-fold')).keyboardFocus, 'the focus stays on the button');
  assert.match(await said(), /^Show text/, 'its new name is said');
  await page.keyboard.press('Tab');
  await frames(page, 3);
  assert.ok(!(await rect(page, 'tour-fold')).keyboardFocus, 'Tab goes on (to the first panel\'s V field)');
  await page.keyboard.press('Shift+Tab');
  await frames(page, 3);
  assert.match(await said(), /^Show text/, 'Shift+Tab comes back to it');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The step's panel is framed on all four sides on a phone: its right side lay under the page's
// scrollbar, clipped away.
test('the tour frames its step\'s panel on all four sides on a phone', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=deeper&step=1', { width: 360, height: 740, dpr: 2, mobile: true });
  await settle(page);
  await page.mouse.move(2, 2);
  await settle(page);
  const f = await rect(page, 'tour-focus'), box = await page.locator('#canvas').boundingBox();
  const top = Math.max(f.y, 0) + 20, height = Math.min(f.y + f.height, box.height) - 20 - top;
  const png = decodePng(await page.screenshot({ clip: { x: box.x + f.x + f.width - 8, y: box.y + top, width: 16, height } }));
  // The column of the band with the most frame-green pixels: a frame side runs the whole height.
  let best = 0;
  for (let x = 0; x < png.width; x++) {
    let n = 0;
    for (let y = 0; y < png.height; y++) {
      const [r, g, b] = png.pixels.subarray((y * png.width + x) * png.channels);
      n += g > r + 40 && g > b + 20;
    }
    best = Math.max(best, n / png.height);
  }
  assert.ok(best > 0.9, `the frame's right side: ${(100 * best).toFixed(0)}% of its height drawn`);
  await closePage(page);
});

// A phone turned mid-tour: the step's panel, which the learner was reading, is framed again under the
// tour box (it was left where the old layout had it: the walk's picture scrolled away in landscape).
test('a phone turned mid-tour frames the step\'s panel again', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=solid&step=1', { width: 390, height: 844, dpr: 2, mobile: true });
  await settle(page);
  assert.ok((await rect(page, 'tour-focus')).visible);
  for (const [width, height] of [[844, 390], [390, 844]]) {
    await page.setViewportSize({ width, height });
    // The turn reaches the app in the frame after the browser's resize, and the step's panel is brought
    // into view over a few frames (ui.cpp, ShowTourFocus: ten at most). Read before them (settle waits
    // for no frame), the rectangles were a frame's in the middle: a loaded machine saw it in CI-like runs.
    await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height]);
    await frames(page, 12);
    const focus = await rect(page, 'tour-focus'), leave = await rect(page, 'tour-box');
    const boxBottom = leave.y + leave.height;
    assert.ok(focus.visible && focus.y >= boxBottom && focus.y <= boxBottom + 40,
              `${width} x ${height}: the step's panel at ${focus.y}, just under the tour box (${boxBottom})`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A step's or a preset's link sets what it teaches; how the page is shown stays: a German, dark page
// stays so, the text view stays the text view, and a course page keeps its mode and its panels.
test('a tour step and a preset keep the page\'s language, theme and view, and a course page its panels', async () => {
  const de = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&lang=de&theme=dark', { width: 1400, height: 900 });
  await clickWidget(de, 'tour:basics');
  await clickWidget(de, 'tour-next');
  let s = await snapshot(de);
  assert.deepEqual(s.tour.depth, 'basics');
  assert.equal(s.language, 'de');
  assert.match(s.link, /(^|&)theme=dark(&|$)/);
  assert.match(s.link, /(^|&)lang=de(&|$)/);
  await clickWidget(de, 'tour-leave');
  await clickWidget(de, 'preset:duplicates');
  await de.waitForFunction(() => /(^|&)ids=2,0,2,2(&|$)/.test(window.embeddingLab.getLink()));
  await frames(de, 2);
  s = await snapshot(de);
  assert.equal(s.language, 'de', 'a preset keeps the language');
  assert.match(s.link, /(^|&)theme=dark(&|$)/, 'a preset keeps the theme');

  const text = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&view=text');
  await text.click('#tv-tour-basics');
  await text.waitForFunction(() => window.embeddingLab.snapshot().tour.depth === 'basics');
  s = await snapshot(text);
  assert.match(s.link, /(^|&)view=text(&|$)/);
  // The text view is rebuilt after the frame that commits the step: wait for that, then ask whether it is shown.
  await text.waitForSelector('#tv-tour-title', { state: 'attached' });
  assert.equal(await text.getAttribute('#text-view', 'class'), 'shown', 'the text view is still shown');
  // The text view's presets are links that keep the view too.
  const href = await text.getAttribute('#tv-presets a', 'href');
  assert.match(href, /(^|&)view=text(&|$)/);

  // A course page without the tour panel shows no tour bar, and neither does its text view (it shows
  // what the canvas shows); with panels=forward,tour a step keeps the page's mode and panels.
  const bare = await openPage(browser, server.url + '#v=1&embed=1&panels=forward&tour=basics&step=1', { width: 900, height: 560 });
  assert.equal(await bare.evaluate(() => window.embeddingLab.widgetRect('tour-next')), null);
  assert.equal(await bare.$('#tv-tour-next'), null);
  await closePage(bare);
  const embed = await openPage(browser, server.url + '#v=1&embed=1&panels=forward,tour&tour=basics&step=1', { width: 900, height: 560 });
  await embed.focus('#tv-tour-next');
  await embed.keyboard.press('Enter');
  await embed.waitForFunction(() => window.embeddingLab.snapshot().tour.step === 2);
  s = await snapshot(embed);
  assert.deepEqual(s.tour, { depth: 'basics', step: 2 });
  assert.match(s.link, /(^|&)embed=1(&|$)/);
  assert.match(s.link, /(^|&)panels=forward,tour(&|$)/);
  assert.deepEqual([...de.problems, ...text.problems, ...embed.problems], []);
  for (const p of [de, text, embed]) await p.context().close();
});

test('the self-check answers a claim and the follow-up question reveals its answer', async () => {
  const page = await openPage(browser, server.url, { width: 1400, height: 900 });
  const claims = () => page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).claims.map((c) => c[1]));
  // Every follow-up answer starts hidden behind its button (the fourth's flag once lay past the end of
  // its array, on the first claim's answer: shown unasked, and revealing it regraded that claim).
  for (const i of [0, 1, 2, 3]) assert.ok(await rect(page, `answer:${i}`), `follow-up ${i} has its button`);
  await clickWidget(page, 'claim-false:0');
  await frames(page, 2);
  assert.deepEqual(await claims(), [0, -1, -1, -1, -1, -1, -1]);
  for (const i of [3, 0]) await clickWidget(page, `answer:${i}`);
  await frames(page, 2);
  await screenshot(page, 'lesson-selfcheck');
  assert.equal(await rect(page, 'answer:0'), null, 'the button gives way to the answer');
  assert.equal(await rect(page, 'answer:3'), null);
  assert.deepEqual(await claims(), [0, -1, -1, -1, -1, -1, -1], 'revealing answers leaves the claims as answered');
  await closePage(page);
});

test('a phone at dpr 2: panels stack, the canvas is sharp and drawn, touch edits a cell', async () => {
  const page = await openPage(browser, server.url, { width: 390, height: 844, dpr: 2, mobile: true });
  await frames(page, 3);
  const b = await canvasBacking(page);
  assert.equal(b.width, Math.round(b.cssWidth * 2));
  assert.ok(Math.abs(b.height - Math.round(b.cssHeight * 2)) <= 1);
  const png = decodePng(await readFile(await screenshot(page, 'lesson-phone-dpr2')));
  const ink = inkStats(png);
  assert.ok(ink.colours > 50 && ink.ink > 0.05, `drawn: ${JSON.stringify(ink)}`);
  // stacked: the table sits above the forward panel, both at the left edge
  const table = await rect(page, 'cell:W:0:0');
  assert.ok(table && table.x + table.width < 390, 'the table fits the phone width');
  // tap a cell, type a value
  const cell = await widgetCenter(page, 'cell:W:1:0');
  await page.touchscreen.tap(cell.x, cell.y);
  await frames(page, 3);
  // The tap focuses the phone's real input over the cell (text_input.cpp): type once it has.
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName === 'INPUT');
  await page.keyboard.type('7', { delay: 5 });
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.equal((await snapshot(page)).table[1][0], 7);
  // The next cell typed into the moment it is tapped, as with the phone's keyboard already up: the
  // field opens a frame or two after the tap, and what came before that was lost.
  const next = await widgetCenter(page, 'cell:W:1:1');
  await page.touchscreen.tap(next.x, next.y);
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName === 'INPUT');
  await page.keyboard.type('-1.5');
  await page.keyboard.press('Enter');
  await frames(page, 10);  // the tap, the four characters and Enter reach ImGui over several frames
  assert.equal((await snapshot(page)).table[1][1], -1.5, 'typed at once after the tap');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a long row of numbers flows onto lines under its first number: every number inside the panel, desktop and phone', async () => {
  // d = 8: "W[3] = [-0.7961989, -0.44343954, ...]" and "@ W = -0.7961989 ..." ran past the panel's edge, the
  // last numbers cut off or not drawn at all.
  const sizes = [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844, dpr: 2, mobile: true }]];
  for (const [what, size] of sizes) {
    const page = await openPage(browser, server.url + '#v=1&V=5&d=8&init=normal&seed=7&ids=3,1', size);
    await widgetCenter(page, 'matmul:1:7');
    await widgetCenter(page, 'gather:0');
    await frames(page, 2);
    const panel = await rect(page, 'forward-panel');
    const inside = (r) => r && r.visible && r.x >= panel.x && r.x + r.width <= panel.x + panel.width + 0.5;
    for (const b of [0, 1]) {
      const numbers = [];
      for (let c = 0; c < 8; c++) numbers.push(await rect(page, `matmul:${b}:${c}`));
      numbers.forEach((n, c) => assert.ok(inside(n), `${what}: out[${b}][${c}] of the matmul route at ` +
        `${JSON.stringify(n)}, the panel ends at x = ${panel.x + panel.width}`));
      // In reading order, on two lines or more; each continuation line starts under the first number.
      const lines = [...new Set(numbers.map((n) => n.y))];
      assert.ok(lines.length >= 2, `${what}: the row of 8 numbers is on ${lines.length} line`);
      numbers.slice(1).forEach((n, i) => {
        const before = numbers[i];
        if (n.y === before.y) assert.ok(n.x > before.x + before.width, `${what}: out[${b}][${i + 1}] overlaps the number before it`);
        else assert.ok(n.y > before.y && Math.abs(n.x - numbers[0].x) < 1, `${what}: out[${b}][${i + 1}] starts a line at x = ${n.x}, not under the first number (${numbers[0].x})`);
      });
      const gather = await rect(page, `gather:${b}`);
      assert.ok(inside(gather), `${what}: the gather's W[${[3, 1][b]}] = [...] at ${JSON.stringify(gather)}, the panel ends at x = ${panel.x + panel.width}`);
      assert.ok(gather.height > 1.5 * numbers[0].height, `${what}: the gather row of 8 numbers fits one line?`);
    }
    await screenshot(page, `lesson-numbers-${what}`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

test("a long tooltip wraps to fit the screen: the text view button's and a one-hot sum's on a 400 px page", async () => {
  // ImGui's tooltips never wrap: these ran off the right edge of a phone or a narrow embed.
  const page = await openPage(browser, server.url + '#v=1&V=8&d=3&init=normal&seed=7&ids=7,1', { width: 400, height: 800 });
  const box = await page.locator('#canvas').boundingBox();
  const shot = async () => decodePng(await page.screenshot({ clip: box }));
  for (const name of ['text-view', 'matmul:0:0']) {
    const { x, y } = await widgetCenter(page, name);
    await page.mouse.move(box.x + 2, box.y + box.height - 2);  // over nothing
    await frames(page, 3);
    const before = await shot();
    await page.mouse.move(x, y);
    await page.waitForTimeout(700);  // ImGui shows a tooltip once the pointer has rested on the item
    await frames(page, 3);
    const after = await shot();
    // What changed: the item's hover colour and the tooltip.
    let minX = Infinity, maxX = -1, minY = Infinity, maxY = -1;
    for (let py = 0; py < after.height; py++) {
      for (let px = 0; px < after.width; px++) {
        const i = (py * after.width + px) * after.channels;
        if ([0, 1, 2].some((k) => after.pixels[i + k] !== before.pixels[i + k]))
          minX = Math.min(minX, px), maxX = Math.max(maxX, px), minY = Math.min(minY, py), maxY = Math.max(maxY, py);
      }
    }
    await screenshot(page, `lesson-tooltip-${name.replace(/:/g, '-')}`);
    const line = (await rect(page, name)).height;
    console.log(`  ${name}: the tooltip and hover span x ${minX}-${maxX}, y ${minY}-${maxY} of a ${after.width} px canvas`);
    assert.ok(maxY - minY > 2.5 * line, `${name}: no tooltip of two lines or more showed (${minY}-${maxY})`);
    assert.ok(minX > 0 && maxX < after.width - 1, `${name}: the tooltip reaches the canvas's edge (x ${minX}-${maxX} of ${after.width})`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('on a phone nothing is cut at the edge: the theme menu shows "high contrast" whole, the examples wrap', async () => {
  // The theme menu was 80 px wide ("high con"); each example was one line, most of it past the screen's edge.
  const phone = { width: 390, height: 844, dpr: 2, mobile: true };
  for (const [hash, theme] of [['#v=1&theme=contrast', 'high contrast'], ['#v=1&theme=contrast&lang=de', 'hoher Kontrast']]) {
    const page = await openPage(browser, server.url + hash, phone);
    const [menu, textView, share] = await Promise.all(['theme', 'text-view', 'share'].map((n) => rect(page, n)));
    await screenshot(page, `lesson-header-phone-${theme.replace(' ', '-')}`);
    console.log(`  ${theme}: menu ${menu.width} px wide; Text view ends at ${textView.x + textView.width}, Share at ${share.x + share.width}`);
    // "high contrast" with the menu's arrow takes about 115 px (the old menu's 80 showed "high con").
    assert.ok(menu.width > 105, `the theme menu (${menu.width} px) is too narrow for "${theme}"`);
    for (const r of [menu, textView, share]) assert.ok(r.x + r.width <= phone.width, `a header button ends at ${r.x + r.width}, past ${phone.width}`);
    await page.context().close();
  }
  const page = await openPage(browser, server.url + '#v=1&lang=de', phone);
  const presets = await page.evaluate(() => window.embeddingLab.presets().map((p) => p.name));
  const one = (await widgetCenter(page, 'preset:canonical'), await rect(page, 'preset:canonical'));
  const momentum = (await widgetCenter(page, 'preset:momentum'), await rect(page, 'preset:momentum'));
  await screenshot(page, 'lesson-presets-phone-de');
  console.log(`  ${presets.length} examples; "Momentum bewegt ..." ${momentum.height} px high, the first ${one.height} px`);
  assert.ok(momentum.height > 1.6 * 21, `the example's title is on one line (${momentum.height} px), cut at the edge`);
  assert.ok(momentum.x + momentum.width <= phone.width);
  await clickWidget(page, 'preset:momentum');
  await page.waitForFunction(() => /opt=sgd/.test(location.hash));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a finger drag scrolls the page on a phone', async () => {
  const page = await openPage(browser, server.url, { width: 390, height: 700, dpr: 1, mobile: true });
  await frames(page, 3);
  const before = await rect(page, 'ids');
  await fingerDrag(page, [200, 600], [200, 300]);
  const after = await rect(page, 'ids');
  assert.ok(after === null || after.y < before.y - 150, `scrolled: ${before.y} -> ${after && after.y}`);
  await closePage(page);
});

test('a sideways finger drag scrolls a table wider than the phone, and edits nothing', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=6&d=8&init=normal&seed=1&ids=1,5,2', { width: 390, height: 700, dpr: 1, mobile: true });
  await frames(page, 3);
  const before = await rect(page, 'cell:W:0:0'), lastBefore = await rect(page, 'cell:W:0:7'), thirdBefore = await rect(page, 'cell:W:0:3'), table = (await snapshot(page)).table;
  const y = before.y + before.height / 2;
  await fingerDrag(page, [320, y], [100, y]);
  // The box moved with the finger (220 px): the first column went out of view at the left, the
  // last came in at the right, column 3 moved as far as the finger; the page stayed.
  const [first, third, last] = [await rect(page, 'cell:W:0:0'), await rect(page, 'cell:W:0:3'), await rect(page, 'cell:W:0:7')];
  assert.equal(lastBefore, null, 'the last column was off the phone');
  assert.equal(first, null, 'the first column went out of view');
  assert.ok(last && last.x < 390, `the last came in: ${JSON.stringify(last)}`);
  const moved = thirdBefore.x - third.x;
  assert.ok(moved > 180 && moved <= 230, `column 3 moved ${moved} px with a 220 px drag`);
  assert.ok(Math.abs(last.y - before.y) < 10, `the page stayed: y ${before.y} -> ${last.y}`);
  assert.deepEqual((await snapshot(page)).table, table, 'no cell edited');
  // The cell the finger came down on (column 3, at x 320) is not left outlined as if chosen (review z6):
  // its top edge looks as the one of the cell under it.
  const edge = async (r) => {
    const c = await rect(page, `cell:W:${r}:3`), box = await page.locator('#canvas').boundingBox();
    return decodePng(await page.screenshot({ clip: { x: box.x + c.x + 10, y: box.y + c.y, width: 20, height: 1 } })).pixels;
  };
  assert.deepEqual(await edge(0), await edge(1), 'the pressed cell has no outline');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Review z6: a flick stopped dead where the finger lifted, and reaching the presets took nine swipes.
// A tap that stops a coast presses nothing (review z7: it opened the cell under the finger, and the keyboard).
test('a finger flick on a phone: the page coasts on after the finger lifts, slowing to a stop; a finger that comes down stops it', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=24&d=3&init=normal&seed=1&ids=1,2', { width: 390, height: 844, dpr: 2, mobile: true });
  const table = (await snapshot(page)).table;
  const y = async () => (await rect(page, 'ids')).y;
  const start = await y();
  await fingerDrag(page, [200, 700], [200, 500], true);
  const lifted = await y();
  await page.waitForTimeout(150), await frames(page, 2);
  const soon = await y();
  assert.ok(soon < lifted - 20, `the page went on after the finger lifted: ${start} -> ${lifted} -> ${soon}`);
  // (The presses the app is sent: a tap that stops a coast sends none, whatever lies under the finger.)
  await page.evaluate(() => { window.presses = 0; window.Module._el_input_pointer = ((f) => (x, y, b) => { window.presses += b & 1 && !window.down; window.down = b & 1; return f(x, y, b); })(window.Module._el_input_pointer); });
  await page.touchscreen.tap(150, 450);
  const stopped = await y();
  await page.waitForTimeout(300), await frames(page, 2);
  assert.equal(await y(), stopped, 'a finger that comes down stops the coast');
  assert.equal(await page.evaluate(() => window.presses), 0, 'the tap that stopped it pressed nothing');
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'text-entry', 'no field opened for typing');
  assert.deepEqual((await snapshot(page)).table, table, 'nothing edited');
  await page.touchscreen.tap(150, 450);
  assert.equal(await page.evaluate(() => window.presses), 1, 'on a still page a tap presses');
  // A drag held still before the finger lifts does not coast.
  await fingerDrag(page, [200, 600], [200, 500]);
  const held = await y();
  await page.waitForTimeout(300), await frames(page, 2);
  assert.equal(await y(), held, 'a held drag stays where the finger left it');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Review z6: on a phone a drag in the share box's script moved the page, not the script (only its thin
// scrollbar did), and its long lines were cut off at the edge with no way to them.
test('a finger drag in a box that scrolls (the share box\'s script, the 100,000-row grid) scrolls the box first, up and down and sideways', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 390, height: 844, dpr: 2, mobile: true });
  const tap = async (name) => { const p = await widgetCenter(page, name); await page.touchscreen.tap(p.x, p.y); await frames(page, 4); };
  await tap('share');
  await tap('copy-pytorch');
  // (Once the browser has answered the copy: "Copied to the clipboard.", when it took it, moves what is below.)
  await page.waitForTimeout(300), await frames(page, 3);
  const box = await rect(page, 'share-text'), cell = await rect(page, 'cell:W:0:0');
  const shot = async () => decodePng(await page.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: box.width - 16, height: box.height - 16 } })).pixels;
  const differ = (a, b) => a.some((v, i) => v !== b[i]);
  const before = await shot();
  await fingerDrag(page, [box.x + 150, box.y + box.height - 20], [box.x + 150, box.y + 20]);
  const down = await shot();
  assert.ok(differ(before, down), 'the script scrolled up under the finger');
  assert.deepEqual([(await rect(page, 'share-text')).y, (await rect(page, 'cell:W:0:0')).y], [box.y, cell.y], 'the page stayed');
  await fingerDrag(page, [box.x + box.width - 40, box.y + box.height / 2], [box.x + 40, box.y + box.height / 2]);
  assert.ok(differ(down, await shot()), 'and sideways, to the ends of its long lines');
  assert.equal((await rect(page, 'share-text')).y, box.y, 'the page stayed');
  // The wheel scrolls a 100,000-row grid under the pointer; a finger does the same, then the page at the grid's end.
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000'));
  await frames(page, 4);
  const [first, V] = [await rect(page, 'cell:W:0:0'), await rect(page, 'V')];
  await fingerDrag(page, [first.x + 20, first.y + 150], [first.x + 20, first.y + 50]);
  assert.equal(await rect(page, 'cell:W:0:0'), null, 'the grid scrolled: row 0 left it');
  assert.equal((await rect(page, 'V')).y, V.y, 'the page stayed');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('the mouse wheel scrolls the page', async () => {
  const page = await openPage(browser, server.url, { width: 700, height: 600 });
  await frames(page, 2);
  const before = await rect(page, 'ids');
  await page.mouse.move(350, 300);
  await page.mouse.wheel(0, 400);
  await frames(page, 4);
  const after = await rect(page, 'ids');
  assert.ok(after === null || after.y < before.y - 100, `wheel scrolled: ${before.y} -> ${after && after.y}`);
  await closePage(page);
});

test("a tour keeps the learner's table: Back after the tour returns to it", async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=0,2', { width: 1400, height: 900 });
  await typeInto(page, 'cell:W:0:0', '4.25');
  await page.waitForFunction(() => /cells=0:0:4\.25/.test(location.hash));
  const mine = await page.evaluate(() => location.hash);
  await clickWidget(page, 'tour:basics');
  await settle(page);
  await clickWidget(page, 'tour-next');
  await settle(page);
  await clickWidget(page, 'tour-leave');
  await frames(page, 3);
  assert.notEqual((await snapshot(page)).table[0][0], 4.25, 'the steps set their own table');
  await page.evaluate(() => history.back());
  await page.waitForFunction((h) => location.hash === h, mine);
  await page.waitForFunction(() => window.embeddingLab.snapshot().table[0][0] === 4.25);
  assert.deepEqual((await snapshot(page)).ids, [0, 2]);
  await closePage(page);
});

// Keyboard only: Tab until `name` has the keyboard's focus (widgetRect's keyboardFocus); how many presses.
async function tabTo(page, name, max = 60) {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    await frames(page, 2);
    if ((await rect(page, name))?.keyboardFocus) return presses;
  }
  return assert.fail(`${max} presses of Tab never reached ${name}`);
}

test('keyboard only: Tab reaches the panels, and the basics tour runs to the end on Enter', async () => {
  let page = await openPage(browser, server.url, { width: 1440, height: 900 });
  await page.focus('#canvas');
  await tabTo(page, 'fill:normal');  // a button inside the Table W panel, past the header
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.match(await page.evaluate(() => location.hash), /init=normal/, 'Enter pressed the panel\'s button');
  await closePage(page);

  page = await openPage(browser, server.url, { width: 1440, height: 900 });
  await page.focus('#canvas');
  await tabTo(page, 'tour:basics');  // in the header: before the panels
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.deepEqual(await tourOf(page), { depth: 'basics', step: 0 });
  for (let step = 1; step < 6; step++) {
    assert.ok((await rect(page, 'tour-next')).keyboardFocus, `the keyboard is on Next at step ${step}`);
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.deepEqual(await tourOf(page), { depth: 'basics', step });
  }
  assert.ok((await rect(page, 'tour-next')).keyboardFocus, 'still on the button when it says Finish');
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.equal((await tourOf(page)).depth, 'none', 'Finish left the tour');
  assert.ok((await rect(page, 'tour:basics')).keyboardFocus, 'the keyboard is back on the tour\'s button');
  await closePage(page);
});

// Back to the first step disables Back: the keyboard had stayed on it, and Tab and Enter did nothing.
test('keyboard only: Back to the tour\'s first step moves the keyboard on to Next, and Tab goes on from there', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.focus('#canvas');
  await tabTo(page, 'tour:basics');
  await page.keyboard.press('Enter');
  await frames(page, 3);
  await page.keyboard.press('Enter');  // Next: step 1
  await frames(page, 3);
  assert.deepEqual(await tourOf(page), { depth: 'basics', step: 1 });
  await page.keyboard.press('Shift+Tab');
  await frames(page, 2);
  assert.ok((await rect(page, 'tour-back')).keyboardFocus, 'Shift+Tab from Next reaches Back');
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.deepEqual(await tourOf(page), { depth: 'basics', step: 0 });
  assert.ok((await rect(page, 'tour-next')).keyboardFocus, 'the keyboard is on Next, not on the disabled Back');
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.ok((await rect(page, 'tour-leave')).keyboardFocus, 'Tab goes on to Leave tour');
  await closePage(page);
});

// The field a cell is edited in replaces the cell while it is open; a chip's label holds its count. Both
// used to leave the keyboard's focus on a widget that was gone: no ring, and Tab never found a control again.
test('keyboard only: after Enter or Escape in a cell, and Enter on an id chip, the focus stays where it was and Tab carries on', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1280, height: 800 });
  await page.focus('#canvas');
  await tabTo(page, 'cell:W:1:1', 80);
  for (const [typed, closeKey, value] of [['0.75', 'Enter', 0.75], ['9', 'Escape', 0.75]]) {
    await page.keyboard.press('Enter');  // opens the cell's field
    await frames(page, 3);
    await page.keyboard.type(typed);
    await page.keyboard.press(closeKey);
    await frames(page, 4);
    assert.equal((await snapshot(page)).table[1][1], value, `${closeKey} ${closeKey === 'Enter' ? 'wrote' : 'dropped'} ${typed}`);
    assert.ok((await rect(page, 'cell:W:1:1')).keyboardFocus, `after ${closeKey} the keyboard is on the cell it edited`);
  }
  // Refused text stays in the cell's field; Escape then drops it, as while typing (it stayed, and the
  // Escape armed Escape, Tab: the next Tab left the demo).
  await page.keyboard.press('Enter');
  await frames(page, 3);
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.match(await page.textContent('#focused'), /^W\[1\]\[1\]: abc/, 'refused: the field stays open with abc');
  await page.keyboard.press('Escape');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[1][1], 0.75, 'Escape dropped abc');
  assert.ok((await rect(page, 'cell:W:1:1')).keyboardFocus, 'after Escape the keyboard is on the cell');
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.ok((await rect(page, 'cell:W:1:2')).keyboardFocus, 'Tab goes on to the next cell');
  // A number typed on the cell, without Enter first, opens its field with what was typed (it was
  // dropped); keys typed at once, while the field opens, are all kept.
  await page.keyboard.type('-1.5');
  await frames(page, 3);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[1][2], -1.5, 'typing on a cell edits it');
  assert.ok((await rect(page, 'cell:W:1:2')).keyboardFocus, 'and the keyboard is back on the cell');
  // A digit and Enter pressed at once, as a quick typist does, before the field has taken the keys:
  // Enter still writes the digit (it was ignored, and the field stayed open).
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal((await snapshot(page)).table[1][2], 7, 'a digit and Enter at once wrote the digit');
  assert.ok((await rect(page, 'cell:W:1:2')).keyboardFocus, 'and the keyboard is back on the cell again');

  await tabTo(page, 'chip:2');  // "id 2 x3"
  await page.keyboard.press('Enter');  // removes one use: "id 2 x2", the same chip
  await frames(page, 4);
  assert.deepEqual((await snapshot(page)).ids, [0, 2, 2]);
  assert.ok((await rect(page, 'chip:2')).keyboardFocus, 'the chip keeps the focus when its count changes');
  await page.keyboard.press('Shift+Tab');
  await frames(page, 2);
  assert.ok((await rect(page, 'chip:0')).keyboardFocus, 'Shift+Tab reaches the chip before it');
  await page.keyboard.press('Enter');  // id 0's only use: its chip goes, id 2's takes its place
  await frames(page, 4);
  assert.deepEqual((await snapshot(page)).ids, [2, 2]);
  assert.ok((await rect(page, 'chip:2')).keyboardFocus, 'the focus moves to the chip now in its place');
  await closePage(page);
});

test('keyboard: Tab moves through controls inside the demo, Escape then Tab leaves it', async () => {
  const page = await openPage(browser, server.url + '#v=1&embed=1&panels=ids,forward', { width: 800, height: 500 });
  await page.focus('#canvas');
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas', 'Tab stays in the demo');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'canvas', 'Escape then Tab leaves');
  await page.focus('#canvas');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');  // Shift's own keydown comes between: it must not disarm Escape
  await frames(page, 2);
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'canvas', 'Escape then Shift+Tab leaves');
  await closePage(page);
});

test('the ids panel draws a random Zipf batch and a chip removes one use', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=50&d=4&init=normal&ids=1');
  await clickWidget(page, 'draw-batch');
  let s = await snapshot(page);
  assert.equal(s.ids.length, 8);
  assert.ok(s.ids.every((id) => id >= 0 && id < 50));
  const first = s.ids.slice().sort((a, b) => a - b)[0];
  await clickWidget(page, `chip:${first}`);
  s = await snapshot(page);
  assert.equal(s.ids.length, 7);
  await closePage(page);
});

test('lookup options reach both routes: the padding preset leaves row 0 without gradient', async () => {
  const page = await openPage(browser, server.url);
  const presets = await page.evaluate(() => window.embeddingLab.presets());
  await page.evaluate((link) => window.embeddingLab.setLink(link), presets.find((p) => p.name === 'padding').link);
  const s = await snapshot(page);
  assert.deepEqual(s.ids, [0, 2, 0]);
  assert.ok(s.gradTable[0].every((x) => x === 0), 'padding row has no gradient');
  assert.deepEqual(s.touchedRows, [2]);
  assert.equal(s.equal, true);
  await closePage(page);
});

test('dark theme from a link, and a 600 x 400 embed', async () => {
  const page = await openPage(browser, server.url + '#v=1&theme=dark&embed=1&panels=forward,backward', { width: 600, height: 400 });
  await frames(page, 2);
  assert.equal((await snapshot(page)).theme, 'dark');
  const png = decodePng(await readFile(await screenshot(page, 'lesson-embed-dark')));
  const o = (png.width * 10 + 10) * png.channels;  // a background pixel near the corner
  assert.ok(png.pixels[o] < 80 && png.pixels[o + 1] < 80, 'dark background');
  await closePage(page);
});

test('the EmbeddingBag mean preset: each bag becomes the mean of its rows, the same as M @ W', async () => {
  const page = await openPage(browser, server.url);
  const presets = await page.evaluate(() => window.embeddingLab.presets());
  await page.evaluate((link) => window.embeddingLab.setLink(link), presets.find((p) => p.name === 'bagmean').link);
  const s = await snapshot(page);
  assert.deepEqual(s.bag.offsets, [0, 2]);
  assert.equal(s.bag.bags, 2);
  const f = Math.fround;
  const mean = (rows) => rows[0].map((_, c) => rows.reduce((a, r) => a + r[c], 0) / rows.length);
  const want = [mean([s.table[0], s.table[1]]), mean([s.table[2], s.table[3], s.table[3]])];
  s.bagOutputs.forEach((row, j) => row.forEach((v, c) => assert.ok(Math.abs(v - f(want[j][c])) < 1e-6, `bag ${j}`)));
  s.bagMatmul.forEach((row, j) => row.forEach((v, c) => assert.ok(Math.abs(v - s.bagOutputs[j][c]) < 1e-6)));
  await frames(page, 2);
  assert.notEqual(await rect(page, 'bag-check'), null);
  await closePage(page);
});

// The ids field commits each batch as it is typed, so a batch retyped passes through shorter ones
// ("2" on the way to "2, 0, 2, 1"). G's edited rows and the refused text are the learner's: neither
// may be lost on the way (before, G went back to its default rows, and Enter put "2" over "2, 7").
test('retyping the batch keeps G\'s edited rows; a refused batch stays in the field with its message after Enter', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3');
  const G = (await snapshot(page)).upstream;
  await typeInto(page, 'ids', '2, 0, 2, 1');
  let s = await snapshot(page);
  assert.deepEqual(s.ids, [2, 0, 2, 1]);
  assert.deepEqual(s.upstream, G, 'G kept row for row');
  assert.match(await page.evaluate(() => location.hash), /g=1:0:0\.1,2:1:0\.5,3:2:-0\.3/);
  // A batch cut short keeps the rows it still has, as setIds does.
  await typeInto(page, 'ids', '2, 0');
  assert.deepEqual((await snapshot(page)).upstream, G.slice(0, 2));
  // Refused: the text and its message stay once Enter ends the edit; the batch is the last one taken
  // ("2", typed and taken before ", 7").
  await clickWidget(page, 'ids');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await frames(page, 4);
  assert.deepEqual((await snapshot(page)).ids, [2]);
  await page.keyboard.type(', 7', { delay: 5 });
  await frames(page, 8);
  await page.keyboard.press('Enter');
  await frames(page, 4);
  s = await snapshot(page);
  assert.deepEqual(s.ids, [2]);
  assert.match(s.errors.ids, /7/);
  await frames(page, 4);
  s = await snapshot(page);
  assert.match(s.errors.ids, /7/, 'the message stays after the edit ends');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A preset is picked at the foot of the page; what it sets (the table, the ids, the routes) is at the top.
test('a preset picked below the lesson scrolls the page up to it', async () => {
  const page = await openPage(browser, server.url, { width: 1440, height: 900 });
  await page.mouse.move(700, 500);
  const inView = async (name) => { const r = await rect(page, name); return !!r && r.visible !== false && r.y >= 0 && r.y + r.height <= 900; };
  for (let i = 0; i < 40 && (await inView('ids') || !(await inView('preset:duplicates'))); i++) { await page.mouse.wheel(0, 200); await frames(page, 2); }
  assert.ok(await inView('preset:duplicates') && !(await inView('ids')), 'the presets in view, the ids field above the screen');
  await clickWidget(page, 'preset:duplicates');
  await page.waitForFunction(() => /ids=2,0,2,2/.test(location.hash));
  await frames(page, 4);
  assert.ok(await inView('ids'), `the ids field in view: ${JSON.stringify(await rect(page, 'ids'))}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// From the keyboard the same: the keyboard goes up with the page, to W's first cell, where Tab carries
// on (it stayed on the preset far below, so the next Tab took the page back down there).
test('keyboard only: a preset picked with Enter takes the keyboard to the table it set', async () => {
  const page = await openPage(browser, server.url, { width: 1440, height: 900 });
  await page.focus('#canvas');
  let presses = 0;
  while (!(await rect(page, 'preset:duplicates'))?.keyboardFocus) {
    assert.ok(++presses <= 80, '80 presses of Shift+Tab never reached the preset');
    await page.keyboard.press('Shift+Tab');
    await frames(page, 2);
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /ids=2,0,2,2/.test(location.hash));
  await frames(page, 4);
  const cell = await rect(page, 'cell:W:0:0');
  assert.ok(cell.keyboardFocus && cell.y >= 0 && cell.y + cell.height <= 900, `the keyboard on W[0][0], in view: ${JSON.stringify(cell)}`);
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.ok((await rect(page, 'cell:W:0:1')).keyboardFocus, 'Tab goes on to the next cell');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A walk-through's Load, a tour step or a teacher's link may show a few panels (panels=); a visitor of
// the whole page got no way back to the rest but editing the address.
test('a page showing a few panels offers "Show all panels", which brings the rest back on this page', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&panels=table,ids,training', { width: 1440, height: 900 });
  assert.equal(await rect(page, 'forward-panel'), null, 'the forward panel is not shown');
  await clickWidget(page, 'all-panels');
  await frames(page, 4);
  assert.ok(await rect(page, 'forward-panel'), 'the forward panel is back');
  assert.doesNotMatch(await page.evaluate(() => location.hash), /panels=/);
  assert.equal(await rect(page, 'all-panels'), null, 'the button goes with the restriction');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Every row of W touched (V = 4, ids 0..3): the canvas said "the other 0 rows have gradient exactly 0" and the
// live line "gradient reaches rows 0, 1, 2, 3 only", of rows that do not exist. With a fifth row, as before.
test('with every row touched, the canvas and the live line say so, and name no other rows', async () => {
  for (const [V, all] of [[4, true], [5, false]]) {
    const page = await openPage(browser, server.url + `#v=1&V=${V}&d=3&init=normal&seed=1&ids=0,1,2,3`, { width: 1400, height: 900 });
    const s = await snapshot(page);
    assert.equal(s.liveText.includes('gradient reaches every row: 0, 1, 2, 3'), all, s.liveText);
    assert.equal(s.liveText.includes('gradient reaches rows 0, 1, 2, 3 only'), !all, s.liveText);
    const shown = await page.evaluate(() => ({ all: window.embeddingLab.widgetRect('touched-rows:all'), some: window.embeddingLab.widgetRect('touched-rows') }));
    assert.ok(all ? shown.all && !shown.some : shown.some && !shown.all, `V = ${V}: ${JSON.stringify(shown)}`);
    await closePage(page);
  }
  const de = await openPage(browser, server.url + '#v=1&lang=de&V=4&d=3&init=normal&seed=1&ids=0,1,2,3');
  assert.match((await snapshot(de)).liveText, /der Gradient erreicht jede Zeile: 0, 1, 2, 3/);
  await closePage(de);
});

// lesson.md section 6 lists "It compresses the input." among the wrong claims; the self-check had only six.
test('the self-check has the lesson\'s seventh wrong claim, last, with its explanation and a link', async () => {
  const page = await openPage(browser, server.url + '#v=1&quiz=claims', { width: 1400, height: 900 });
  const claims = await page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).claims);
  assert.equal(claims.length, 7);
  assert.equal(claims[0][0], 'The embedding layer is a nonlinear transformation.', 'the first six keep their places');
  assert.equal(claims[2][0], 'Every row of the table receives gradient on every training step.');
  assert.equal(claims[6][0], 'It compresses the input.');
  assert.match(claims[6][2], /^False\. It re-parameterises the first dense layer as d free numbers per id/);
  assert.match(claims[6][2], /d < V\*h\/\(V\+h\)/);
  // quiz=claims asks all seven as cards, the new one last (its answer event: claim-6).
  const cards = await page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).cards);
  assert.deepEqual(cards.map((c) => c.kind), Array(7).fill('claim'));
  assert.equal(cards[6].prompt, 'True or false? "It compresses the input."');
  await clickWidget(page, 'claim-false:6');
  await frames(page, 2);
  assert.deepEqual(await page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).claims.map((c) => c[1])),
                   [-1, -1, -1, -1, -1, -1, 0]);
  await closePage(page);
});

// Its "Show me" reloaded into the deeper build at the budget panel's top: the calculator it speaks of
// was far below, out of view. It opens the deeper tour's step about it, which frames the calculator.
test('"Show me" on the seventh claim frames the compression calculator', async () => {
  const page = await openPage(browser, server.url + '#v=1&panels=tour', { width: 1280, height: 800 });
  await clickWidget(page, 'claim-false:6');
  await frames(page, 2);
  await clickWidget(page, 'claim-show:6');
  await settle(page);  // (the link reloads into the deeper build)
  await frames(page, 6);
  const s = await snapshot(page);
  assert.equal(s.tour.step, 10, 'the deeper tour\'s step 11');
  const section = await page.evaluate(() => window.embeddingLab.widgetRect('tour-section'));
  assert.ok(section?.visible && section.y < 800, `the calculator's section is framed on screen: ${JSON.stringify(section)}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// /tmp/review-j b2.mjs: "abc" refused in V stayed red, with its message, after the duplicates preset
// replaced the state (and after setLink). A new state shows its own values.
test('a preset or a new link drops a number field\'s refused text and its message', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  await typeInto(page, 'V', 'abc');
  assert.match((await snapshot(page)).errors.fields, /V: 'abc' is not a whole number/);
  await clickWidget(page, 'preset:duplicates');
  await frames(page, 8);
  let s = await snapshot(page);
  assert.deepEqual(s.ids, [2, 0, 2, 2], 'the preset loaded');
  assert.equal(s.errors.fields, '', 'no refusal left from before the preset');
  await typeInto(page, 'V', '2.5');
  assert.match((await snapshot(page)).errors.fields, /2\.5/);
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=1'));
  await frames(page, 4);
  s = await snapshot(page);
  assert.equal(s.errors.fields, '', 'nor after a link');
  await closePage(page);
});

// "1,,2" typed into the canvas's ids field was taken as 1, 2 without a word; it still is, with one.
test('an empty entry typed into the ids field, or given to setIds, is left out with a notice', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=5&d=3&init=normal&seed=1&ids=1', { width: 1280, height: 800 });
  await typeInto(page, 'ids', '1,,2');
  let s = await snapshot(page);
  assert.deepEqual(s.ids, [1, 2]);
  assert.equal(s.errors.ids, '');
  assert.equal(s.errors.idsNotice, 'an empty entry (two commas in a row, or a comma at an end) was left out');
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setIds('3, 4')), { ok: true, error: '' });
  assert.equal((await snapshot(page)).errors.idsNotice, '', 'a clean batch clears it');
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setIds('1,2,')),
                   { ok: true, error: '', notice: 'an empty entry (two commas in a row, or a comma at an end) was left out' });
  assert.deepEqual((await snapshot(page)).ids, [1, 2]);
  await closePage(page);
});

// The bags' offsets field took "0,,2" as 0, 2 without a word (the ids field beside it says one), and
// setField('offsets', ...) gave none either.
test('an empty entry typed into the offsets field, or given to setField, is left out with a notice', async () => {
  const said = 'an empty entry (two commas in a row, or a comma at an end) was left out';
  const page = await openPage(browser, server.url + '#v=1&V=5&d=3&init=normal&seed=1&ids=1,2,3,4&bag=sum&offsets=0', { width: 1280, height: 800 });
  await typeInto(page, 'offsets', '0,,2');
  let s = await snapshot(page);
  assert.deepEqual(s.bag.offsets, [0, 2]);
  assert.equal(s.errors.offsetsNotice, said);
  await typeInto(page, 'offsets', '0, 3');
  s = await snapshot(page);
  assert.deepEqual(s.bag.offsets, [0, 3]);
  assert.equal(s.errors.offsetsNotice, '', 'a clean list clears it');
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setField('offsets', '0,1,')), { ok: true, error: '', notice: said });
  assert.deepEqual((await snapshot(page)).bag.offsets, [0, 1]);
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setField('offsets', '0,1')), { ok: true, error: '' });
  await closePage(page);
});

// The canvas's offsets field was read as a list of ids: "0, 9" was refused with "id '9' at position 1 is
// out of range (0 to 4)", a range of ids that has nothing to do with offsets. Now the words the link's and
// setField's offsets use.
test('the offsets field refuses in the words of offsets, not of ids, and keeps the bags', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=5&d=3&init=normal&seed=1&ids=1,2,3,4&bag=sum&offsets=0,2', { width: 1280, height: 800 });
  // (Typed a key at a time: a list taken on the way, such as "0" before "0, 9", may stay, as in the ids
  // field; the message names the bags kept.)
  for (const [typed, said] of [
    ['0, 9', 'offsets: offsets[1] = 9 is past the end of the 4 ids'],
    ['-1', 'offsets: offsets[0] is -1: the first bag must start at 0'],
    ['0, 99999', 'offsets: offsets[1] = 99999 is past the end of the 4 ids'],  // as typed (it said 1025)
    ['0, 3, 1', 'offsets: offsets must not decrease: offsets[2] = 1 is below offsets[1] = 3']]) {
    await typeInto(page, 'offsets', typed);
    await frames(page, 4);
    const s = await snapshot(page);
    assert.equal(s.errors.offsets, `${said} (still using ${s.bag.offsets.join(', ')})`, typed);
    assert.ok(s.bag.offsets.every((o) => o >= 0 && o <= 4), `the bags kept are valid: ${s.bag.offsets}`);
  }
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setField('offsets', '0, 9')),
                   { ok: false, error: 'offsets: offsets[1] = 9 is past the end of the 4 ids' });
  await typeInto(page, 'offsets', '0, 3');
  await frames(page, 4);
  assert.equal((await snapshot(page)).errors.offsets, '', 'a list taken clears the message');
  await closePage(page);
});
