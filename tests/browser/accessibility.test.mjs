// Accessibility of the page: text contrast in every theme (WCAG 2.1 AA, computed here from
// the theme's colours), the system's colour and contrast preferences, the phone header, and
// axe-core (injected by the test, never shipped) on the page in several states.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { decodePng, contrastRatio } from './png.mjs';
import { serve, launch, openPage, closePage, snapshot, frames, clickWidget, screenshot, widgetCenter, ROOT, THEMES } from './harness.mjs';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const ratio = contrastRatio;  // WCAG 2.1, of 0..255 sRGB triples

test('contrast: text, helper text, messages and cell values reach 4.5:1 in every theme', async () => {
  const page = await openPage(browser, server.url);
  // Dear ImGui's own light style, for comparison: 0.60 grey helper text on the 0.94 window.
  console.log(`  stock light helper text: ${ratio([153, 153, 153], [240, 240, 240]).toFixed(2)}:1`);
  for (const theme of THEMES) {
    assert.deepEqual(await page.evaluate((t) => window.embeddingLab.setLink(`v=1&theme=${t}`), theme),
                     { ok: true, errors: [], notices: [] });
    await frames(page, 2);
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    const pairs = {
      'text on window': [c.text, c.windowBg], 'text on a field': [c.text, c.frameBg], 'text on a button': [c.text, c.buttonBg],
      'helper text on window': [c.textDisabled, c.windowBg], 'helper text on a field': [c.textDisabled, c.frameBg],
      'error message on window': [c.error, c.windowBg], 'good mark on window': [c.good, c.windowBg],
      'link on window': [c.link, c.windowBg],
      // A progress bar writes its label over its fill (a full bar's "3,000 / 3,000 steps" was 1.2:1 to 2.0:1).
      'text on a progress bar': [c.text, c.bar],
    };
    c.cells.forEach(([bg, fg], i) => { pairs[`cell value ${i < 21 ? (i / 10 - 1).toFixed(1) : 'nan'}`] = [fg, bg]; });
    const figures = Object.entries(pairs).map(([what, [fg, bg]]) => [what, ratio(fg, bg)]);
    const worst = figures.reduce((a, b) => (b[1] < a[1] ? b : a));
    console.log(`  ${theme}: ` + figures.slice(0, 9).map(([w, r]) => `${w} ${r.toFixed(2)}`).join(', ') +
                `; worst cell ${Math.min(...figures.slice(9).map((f) => f[1])).toFixed(2)}`);
    for (const [what, r] of figures) assert.ok(r >= 4.5, `${theme}: ${what} is ${r.toFixed(2)}:1, below 4.5:1`);
    assert.ok(worst[1] >= 4.5);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('heatmap cells: each fill against the window and its neighbour measured; every cell has an outline of 3:1 on the window', async () => {
  for (const theme of THEMES) {
    // Cells from -1 to 1 of the scale: a W with values 0, +-0.1, ... in one row each side of zero.
    const page = await openPage(browser, server.url + `#v=1&V=2&d=3&init=zeros&ids=0&theme=${theme}&cells=0:1:0.05,0:2:1,1:0:-1,1:1:-0.05`);
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    // The fills: against the window (the gaps between cells) and against the next step of the scale.
    const fills = c.cells.slice(0, 21).map(([bg]) => bg);
    const onWindow = fills.map((f) => ratio(f, c.windowBg));
    const neighbour = fills.slice(1).map((f, i) => ratio(f, fills[i]));
    const below = onWindow.filter((r) => r < 3).length;
    // The outline, read from a screenshot: the edge pixel of each cell (the most contrasting of its first two columns).
    const box = await page.locator('#canvas').boundingBox();
    const edges = [];
    for (const name of ['cell:W:0:0', 'cell:W:0:1', 'cell:W:0:2', 'cell:W:1:0', 'cell:W:1:1']) {
      const rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
      const png = decodePng(await page.screenshot({ clip: { x: box.x + rect.x, y: box.y + rect.y, width: 3, height: rect.height } }));
      const y = Math.floor(png.height / 2), px = (x) => [0, 1, 2].map((k) => png.pixels[(y * png.width + x) * png.channels + k]);
      edges.push(Math.max(ratio(px(0), c.windowBg), ratio(px(1), c.windowBg)));
    }
    console.log(`  ${theme}: cell fills on the window ${Math.min(...onWindow).toFixed(2)} to ${Math.max(...onWindow).toFixed(2)}:1 ` +
                `(${below} of 21 below 3:1), next step of the scale ${Math.min(...neighbour).toFixed(2)} to ` +
                `${Math.max(...neighbour).toFixed(2)}:1; outline ${ratio(c.textDisabled, c.windowBg).toFixed(2)}:1 on the window, ` +
                `drawn edges ${edges.map((e) => e.toFixed(2)).join(', ')}`);
    assert.ok(below > 0, 'the fills near zero cannot reach 3:1 on their own: the outline is needed');
    assert.ok(ratio(c.textDisabled, c.windowBg) >= 3, `${theme}: the outline colour is below 3:1`);
    for (const e of edges) assert.ok(e >= 3, `${theme}: a drawn cell edge is ${e.toFixed(2)}:1 on the window`);
    await closePage(page);
  }
});

// The Teach with this panel was filled with the fields' own colour: its unticked checkboxes, its drop-downs
// and its number fields did not show at all (a German learner's review, an aside).
test('the Teach with this panel: its checkboxes, drop-downs and fields stand out from its background as a field does on the page, in every theme', async () => {
  for (const theme of THEMES) {
    const page = await openPage(browser, server.url + `#v=1&theme=${theme}`);
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    await clickWidget(page, 'teach');
    await frames(page, 3);
    const box = await page.locator('#canvas').boundingBox();
    const seen = [];
    for (const name of ['teach-lock:table', 'teach-quiz', 'teach-auto']) {
      const rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
      assert.ok(rect && rect.visible, `${theme}: ${name} is on screen`);
      // The control's inside (2 px in from its left edge, before any text, mid-height) and the panel 4 px left of it.
      const png = decodePng(await page.screenshot({ clip: { x: box.x + rect.x - 4, y: box.y + rect.y, width: 12, height: rect.height } }));
      const y = Math.floor(png.height / 2), px = (x) => [0, 1, 2].map((k) => png.pixels[(y * png.width + x) * png.channels + k]);
      seen.push([name, ratio(px(6), px(0)), px(6), px(0)]);
    }
    const field = ratio(c.frameBg, c.windowBg);  // a field on the page's own background
    console.log(`  ${theme}: a field on the window ${field.toFixed(2)}:1; in the Teach panel ` +
                seen.map(([n, r, a, b]) => `${n} ${r.toFixed(2)}:1 (${a} on ${b})`).join(', '));
    for (const [name, r] of seen) assert.ok(r >= field - 0.01, `${theme}: ${name} is ${r.toFixed(2)}:1 on the Teach panel`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// On a phone the Teach panel's last row (the two copy buttons and Close) ran past the panel's right edge:
// "Close" was cut to "Clos" (a review of 2026-12-07).
test('the Teach with this panel on a phone: every button of its last row on the screen', async () => {
  const page = await openPage(browser, server.url + '#v=1', { width: 390, height: 844, dpr: 2, mobile: true });
  await clickWidget(page, 'share');
  await frames(page, 3);
  await clickWidget(page, 'teach');
  await frames(page, 3);
  for (const name of ['teach-copy-link', 'teach-copy-embed', 'teach-close']) {
    await widgetCenter(page, name);
    const r = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
    assert.ok(r.visible && r.x + r.width <= 390 - 16, `${name} ends at ${r.x + r.width}, past the panel (the screen is 390 wide)`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('the keyboard focus ring on a W cell reaches 3:1 against the cell it sits on and the window, and every cell fill, in every theme', async () => {
  for (const theme of THEMES) {
    // The example table: W[1][1] = 0.5 of a 0.9 scale is a pink cell (ImGui's blue ring was 1.73:1 on it).
    const page = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=1&theme=${theme}`, { width: 1000, height: 700 });
    const rect = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
    await page.focus('#canvas');
    for (let presses = 0; presses < 80 && !(await rect('cell:W:1:1')).keyboardFocus; presses++) {
      await page.keyboard.press('Tab');
      await frames(page, 2);
    }
    const r = await rect('cell:W:1:1');
    assert.ok(r.keyboardFocus, 'Tab reaches the cell');
    // From the screen: 4 px of window left of the cell, its edge (the ring), then its fill.
    const box = await page.locator('#canvas').boundingBox();
    const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x - 4, y: box.y + r.y, width: 12, height: r.height } }));
    const y = Math.floor(png.height / 2), px = (x) => [0, 1, 2].map((k) => png.pixels[(y * png.width + x) * png.channels + k]);
    const window = px(0), fill = px(11);
    const ring = [px(4), px(5)].reduce((a, b) => (ratio(b, fill) > ratio(a, fill) ? b : a));
    console.log(`  ${theme}: focus ring ${JSON.stringify(ring)} on the pink cell ${JSON.stringify(fill)} ` +
                `${ratio(ring, fill).toFixed(2)}:1, on the window ${ratio(ring, window).toFixed(2)}:1`);
    assert.ok(ratio(ring, fill) >= 3, `${theme}: the drawn ring is ${ratio(ring, fill).toFixed(2)}:1 on the cell`);
    assert.ok(ratio(ring, window) >= 3, `${theme}: the drawn ring is ${ratio(ring, window).toFixed(2)}:1 on the window`);
    // From the theme: the ring's colour against each fill of the scale and a non-finite cell.
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    const onFills = c.cells.map(([bg]) => ratio(c.focus, bg));
    console.log(`  ${theme}: its colour on the 22 fills ${Math.min(...onFills).toFixed(2)} to ${Math.max(...onFills).toFixed(2)}:1`);
    onFills.forEach((f, i) => assert.ok(f >= 3, `${theme}: the ring's colour is ${f.toFixed(2)}:1 on fill ${i} of the scale`));
    assert.ok(ratio(c.focus, c.windowBg) >= 3, `${theme}: the ring's colour on the window`);
    await closePage(page);
  }
});

test('the highlighted id\'s chip in the Ids panel: its number reaches 4.5:1 on the chip in every theme', async () => {
  for (const theme of THEMES) {
    const page = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=1,2&theme=${theme}`, { width: 1000, height: 700, dpr: 2 });
    // Pinned as a click on W's row 1 pins it (the mouse stays away: no tooltip over the chip).
    assert.equal((await page.evaluate(() => window.embeddingLab.highlight(1))).ok, true);
    await widgetCenter(page, 'chip:1');
    await frames(page, 2);
    const read = async (name) => {
      const rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
      const box = await page.locator('#canvas').boundingBox();
      // Inside the chip's edge (its rounded corners show the window), at the device's pixels.
      const png = decodePng(await page.screenshot({ clip: { x: box.x + rect.x + 4, y: box.y + rect.y + 2, width: rect.width - 8, height: rect.height - 4 }, scale: 'device' }));
      // The chip's fill is its most frequent colour; its number, the pixel that differs most from it.
      const counts = new Map();
      const px = (i) => [0, 1, 2].map((k) => png.pixels[i * png.channels + k]);
      for (let i = 0; i < png.width * png.height; i++) { const key = px(i).join(); counts.set(key, (counts.get(key) || 0) + 1); }
      const fill = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0].split(',').map(Number);
      let text = fill;
      for (let i = 0; i < png.width * png.height; i++) if (ratio(px(i), fill) > ratio(text, fill)) text = px(i);
      return { fill, text };
    };
    const lit = await read('chip:1'), plain = await read('chip:2');
    console.log(`  ${theme}: highlighted chip ${JSON.stringify(lit.text)} on ${JSON.stringify(lit.fill)} ${ratio(lit.text, lit.fill).toFixed(2)}:1; ` +
                `the other chip ${ratio(plain.text, plain.fill).toFixed(2)}:1`);
    assert.notDeepEqual(lit.fill, plain.fill, `${theme}: the highlighted chip looks like the others`);
    assert.ok(ratio(lit.text, lit.fill) >= 4.5, `${theme}: the highlighted chip's number is ${ratio(lit.text, lit.fill).toFixed(2)}:1 on it`);
    assert.ok(ratio(plain.text, plain.fill) >= 4.5, `${theme}: a chip's number is ${ratio(plain.text, plain.fill).toFixed(2)}:1 on it`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

test('the walk\'s speed is written beside its slider, not over the grab (white on the high-contrast yellow was 1.2:1)', async () => {
  for (const theme of THEMES) {
    const page = await openPage(browser, server.url + `#v=1&theme=${theme}`, { width: 1000, height: 700 });
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    await widgetCenter(page, 'walk:speed');
    const r = await page.evaluate(() => window.embeddingLab.widgetRect('walk:speed'));
    const box = await page.locator('#canvas').boundingBox();
    // The slider's inside, 3 px in from its edge: its field and its grab, and no glyph in the text colour.
    const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x + 3, y: box.y + r.y + 3, width: r.width - 6, height: r.height - 6 } }));
    let textLike = 0;
    for (let i = 0; i < png.width * png.height; i++) {
      const px = [0, 1, 2].map((k) => png.pixels[i * png.channels + k]);
      if (ratio(px, c.text) < 1.15) textLike++;
    }
    console.log(`  ${theme}: ${textLike} pixels of the text colour inside the speed slider`);
    assert.equal(textLike, 0, `${theme}: text drawn on the slider`);
    await closePage(page);
  }
});

/** A page opened in a context that emulates the given media features. */
async function pageWith(media, hash = '') {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, ...media });
  const page = await context.newPage();
  await page.goto(server.url + hash);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  return page;
}

test('the text view in the high-contrast themes: white on black with yellow links and focus ring, or black on white with navy; every field and cell outlined', async () => {
  for (const [theme, ink, paper] of [['contrast', [255, 255, 255], [0, 0, 0]], ['contrastlight', [0, 0, 0], [255, 255, 255]]]) {
    const page = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=1,1,2&theme=${theme}&view=text`);
    const colours = await page.evaluate(() => {
      const rgb = (css) => css.match(/\d+/g).slice(0, 3).map(Number);
      const style = (sel) => getComputedStyle(document.querySelector(sel));
      document.getElementById('tv-w-1-2').focus();
      const cell = style('#tv-w-1-2'), view = style('#text-view');
      return { text: rgb(view.color), background: rgb(view.backgroundColor), link: rgb(style('#text-view a').color),
               fieldText: rgb(cell.color), fieldBackground: rgb(cell.backgroundColor), fieldBorder: rgb(cell.borderTopColor),
               focus: rgb(cell.outlineColor), focusWidth: parseFloat(cell.outlineWidth), tableBorder: rgb(style('#text-view td').borderTopColor),
               touched: rgb(style('#text-view tr.touched th').color) };
    });
    assert.deepEqual([colours.text, colours.background], [ink, paper]);
    // WCAG 1.4.6 (7:1) for text; 1.4.11 (3:1) for the outlines and the focus ring.
    for (const name of ['text', 'link', 'fieldText', 'touched']) assert.ok(ratio(colours[name], colours.background) >= 7, `${theme}: ${name} ${colours[name]}`);
    assert.deepEqual(colours.fieldBackground, paper);
    for (const name of ['fieldBorder', 'tableBorder', 'focus']) assert.ok(ratio(colours[name], colours.background) >= 3, `${theme}: ${name} ${colours[name]}`);
    assert.ok(colours.focusWidth >= 2, 'a visible focus ring');
    // A refused value's outline stands out on black and on white.
    await page.fill('#tv-w-1-2', 'abc');
    await page.press('#tv-w-1-2', 'Enter');
    await page.waitForFunction(() => document.getElementById('tv-w-1-2').getAttribute('aria-invalid') === 'true');
    await page.focus('#tv-ids');
    const invalid = await page.evaluate(() => getComputedStyle(document.getElementById('tv-w-1-2')).outlineColor.match(/\d+/g).slice(0, 3).map(Number));
    assert.ok(ratio(invalid, colours.background) >= 3, `the invalid outline ${invalid}`);
    // The light theme leaves the view black on white, its fields without the outline.
    await page.evaluate(() => window.embeddingLab.setField('theme', 'light'));
    // (The view is white in contrastlight already: wait for the theme itself, or the check raced the switch.)
    await page.waitForFunction(() => !document.documentElement.classList.contains('contrast') &&
                                     getComputedStyle(document.getElementById('text-view')).backgroundColor === 'rgb(255, 255, 255)');
    assert.notEqual(await page.evaluate(() => getComputedStyle(document.querySelector('#text-view td')).borderTopColor), 'rgb(0, 0, 0)');
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// The canvas's own focus ring (CSS, while the keyboard is in use) was the light theme's blue in both
// high-contrast themes, beside ImGui's yellow or navy ring on the focused control: now the theme's colour.
test('the canvas focus ring in the high-contrast themes is the theme\'s yellow or navy', async () => {
  for (const [theme, mark, paper] of [['contrast', [255, 235, 0], [0, 0, 0]], ['contrastlight', [0, 36, 110], [255, 255, 255]]]) {
    const page = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=1,1,2&theme=${theme}`);
    await page.keyboard.press('Tab');
    await frames(page, 2);
    const ring = await page.evaluate(() => {
      const canvas = document.getElementById('canvas'), style = getComputedStyle(canvas);
      return { focused: document.activeElement === canvas, colour: style.outlineColor.match(/\d+/g).slice(0, 3).map(Number), width: parseFloat(style.outlineWidth) };
    });
    assert.ok(ring.focused, 'Tab puts the focus on the canvas');
    assert.deepEqual(ring.colour, mark, `${theme}: the canvas's focus ring`);
    assert.ok(ring.width >= 2 && ratio(ring.colour, paper) >= 3, `${theme}: ${JSON.stringify(ring)}`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// In the dark theme the text view was #111 with every field white, every button light grey and light
// scrollbars (the browser's light controls): glaring beside it. Its controls follow the theme now.
test('the text view in the dark theme: its fields, buttons and scrollbars are dark too', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,1,2&theme=dark&view=text');
  const look = () => page.evaluate(() => {
    const rgb = (css) => css.match(/\d+/g).slice(0, 3).map(Number);
    const field = getComputedStyle(document.getElementById('tv-w-1-2')), button = getComputedStyle(document.querySelector('#text-view button'));
    return { scheme: getComputedStyle(document.getElementById('text-view')).colorScheme, fieldBackground: rgb(field.backgroundColor),
             fieldText: rgb(field.color), buttonBackground: rgb(button.backgroundColor), buttonText: rgb(button.color) };
  });
  const luminance = (c) => c.reduce((a, v) => a + v, 0) / 765;
  const dark = await look();
  assert.equal(dark.scheme, 'dark');
  assert.ok(luminance(dark.fieldBackground) < 0.5 && luminance(dark.buttonBackground) < 0.5, JSON.stringify(dark));  // (light: 1 and 0.94)
  assert.ok(ratio(dark.fieldText, dark.fieldBackground) >= 4.5 && ratio(dark.buttonText, dark.buttonBackground) >= 4.5, JSON.stringify(dark));
  await page.evaluate(() => window.embeddingLab.setField('theme', 'light'));
  await page.waitForFunction(() => getComputedStyle(document.getElementById('text-view')).backgroundColor === 'rgb(255, 255, 255)');
  const light = await look();
  assert.ok(luminance(light.fieldBackground) > 0.9, `the light theme keeps light fields: ${JSON.stringify(light)}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('without a theme in the link the system decides: dark, more contrast, forced colours', async () => {
  const cases = [
    [{ colorScheme: 'light' }, '', 'light'],
    [{ colorScheme: 'dark' }, '', 'dark'],
    // More contrast, or a forced palette: high contrast, on black or on white as the scheme is (a light
    // scheme had the high contrast on black, and a light forced palette the plain light theme).
    [{ colorScheme: 'light', contrast: 'more' }, '', 'contrastlight'],
    [{ colorScheme: 'dark', contrast: 'more' }, '', 'contrast'],
    [{ colorScheme: 'dark', forcedColors: 'active' }, '', 'contrast'],
    [{ colorScheme: 'light', forcedColors: 'active' }, '', 'contrastlight'],
    [{ colorScheme: 'dark' }, '#v=1&ids=2&theme=light', 'light'],  // a link's theme wins
    [{ colorScheme: 'light', contrast: 'more' }, '#v=1&ids=2&theme=contrast', 'contrast'],
    [{ contrast: 'more' }, '#v=1&ids=2', 'contrastlight'],
    [{ colorScheme: 'dark' }, '#v=1&ids=2&theme=auto', 'dark'],
  ];
  for (const [media, hash, want] of cases) {
    const page = await pageWith(media, hash);
    const s = await snapshot(page);
    assert.equal(s.theme, want, `${JSON.stringify(media)} ${hash}`);
    // The system's choice is not written into the address: a shared link opens in the reader's own.
    assert.equal(/(^|&)theme=/.test(s.link), /theme=(?!auto)/.test(hash), s.link);
    await page.context().close();
  }
});

test('a phone gets a one-line header: title, theme, text view and a Share button that opens the rest', async () => {
  const page = await openPage(browser, server.url, { width: 390, height: 844, mobile: true });
  const rect = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  const [theme, textView, share] = [await rect('theme'), await rect('text-view'), await rect('share')];
  assert.ok(theme && textView && share, 'theme, text view and share are in the header');
  assert.equal(theme.y, share.y);
  assert.equal(textView.y, share.y);
  assert.ok(share.x + share.width <= 390, 'the line fits the phone');
  assert.ok(share.y + share.height < 50, `the header ends at ${share.y + share.height}px of 844`);
  assert.equal(await rect('copy-link'), null, 'the share buttons wait behind Share');
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + share.x + share.width / 2, box.y + share.y + share.height / 2);
  await frames(page, 4);
  assert.notEqual(await rect('copy-link'), null);
  await closePage(page);
});

// WCAG 2.2's 2.5.8 (target size, AA): 24 px. A finger gets every button and field that tall, the
// small buttons (id chips, the walk's, the tour's True / False) too; a mouse keeps the denser page.
test('under a finger every button and field is at least 24 px tall; a chip tapped does what a click does', async () => {
  const link = '#v=1&V=3&d=3&init=example&ids=1,2,1';
  const names = ['resize', 'V', 'ids', 'chip:1', 'chip:2', 'walk:start', 'theme', 'share'];
  const heights = async (page) => {
    await frames(page, 2);
    return Object.fromEntries(await page.evaluate((ns) => ns.map((n) => [n, window.embeddingLab.widgetRect(n)?.height]), names));
  };
  const phone = await openPage(browser, server.url + link, { width: 390, height: 844, mobile: true });
  const onPhone = await heights(phone);
  for (const n of names) assert.ok(onPhone[n] >= 24, `${n}: ${onPhone[n]} px on a phone`);
  // A list's items (the presets) each own a band at least 24 px tall: the item and the gap under it.
  const pitches = (page) => page.evaluate(() => {
    const ys = window.embeddingLab.presets().map((p) => window.embeddingLab.widgetRect('preset:' + p.name).y);
    return ys.slice(1).map((y, i) => y - ys[i]);
  });
  const phonePitch = Math.min(...await pitches(phone));
  assert.ok(phonePitch >= 24, `presets ${phonePitch} px apart on a phone`);
  const chip = await phone.evaluate(() => window.embeddingLab.widgetRect('chip:2'));
  const box = await phone.locator('#canvas').boundingBox();
  await phone.touchscreen.tap(box.x + chip.x + chip.width / 2, box.y + chip.y + chip.height / 2);
  await phone.waitForFunction(() => window.embeddingLab.snapshot().ids.join() === '1,1');
  // The text view's controls too.
  await phone.evaluate(() => window.embeddingLab.setView('text'));
  await phone.waitForSelector('#tv-V');
  const small = await phone.$$eval('#text-view :is(button, input, select)', (es) => es
    .map((e) => [e.id || e.textContent, e.getBoundingClientRect().height]).filter(([, h]) => h > 0 && h < 24));
  assert.deepEqual(small, [], 'text view controls under 24 px');
  assert.deepEqual(phone.problems, []);
  await closePage(phone);
  const desk = await openPage(browser, server.url + link, { width: 390, height: 844 });
  const onDesk = await heights(desk);
  assert.equal(onDesk.resize, 21, 'a mouse keeps 21 px buttons');
  assert.equal(onDesk['chip:1'], 15, 'and 15 px chips');
  assert.equal(Math.min(...await pitches(desk)), 20, 'and presets 20 px apart');
  await closePage(desk);
});

test('a short page (a 600 x 400 iframe, a phone held sideways) gets a compact header: the share buttons wait behind Share, reached by mouse, keyboard and touch', async () => {
  // Before: title, theme / language / text view, five copy buttons in two rows and the tour took
  // about 190 of the 400 px.
  let page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1', { width: 600, height: 400 });
  const rect = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  const shares = ['copy-link', 'copy-embed', 'copy-embed-auto', 'copy-numpy', 'copy-pytorch', 'teach'];
  const [theme, language, textView, share] = [await rect('theme'), await rect('language'), await rect('text-view'), await rect('share')];
  assert.ok(theme && language && textView && share, 'theme, language, text view and Share are in the header');
  for (const r of [language, textView]) assert.equal(r.y, share.y, 'one line');
  for (const name of shares) assert.equal(await rect(name), null, `${name} waits behind Share`);
  const tour = await rect('tour:deeper');
  assert.ok(tour.y + tour.height <= 70, `the header and the tour's buttons end at ${tour.y + tour.height}px of 400`);
  await screenshot(page, 'header-600x400');
  await page.focus('#canvas');
  for (let presses = 0; presses < 12 && !(await rect('share')).keyboardFocus; presses++) {
    await page.keyboard.press('Tab');
    await frames(page, 2);
  }
  assert.ok((await rect('share')).keyboardFocus, 'Tab reaches Share');
  await page.keyboard.press('Enter');
  await frames(page, 3);
  for (const name of shares) assert.notEqual(await rect(name), null, `${name} after Enter on Share`);
  await clickWidget(page, 'share');
  assert.equal(await rect('copy-link'), null, 'a click on Share folds them again');
  await clickWidget(page, 'share');
  await clickWidget(page, 'copy-link');
  assert.notEqual(await rect('share-text'), null, 'Copy link shows the link');
  assert.deepEqual(page.problems, []);
  await closePage(page);

  page = await openPage(browser, server.url, { width: 844, height: 390, mobile: true });
  const tap = async (name) => {
    const r = await rect(name), box = await page.locator('#canvas').boundingBox();
    await page.touchscreen.tap(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
    await frames(page, 4);
  };
  assert.equal(await rect('copy-numpy'), null);
  await tap('share');
  assert.notEqual(await rect('copy-numpy'), null, 'a tap on Share opens the share buttons');
  await closePage(page);

  // A desktop keeps the header it had: the copy buttons in view, no Share button.
  page = await openPage(browser, server.url, { width: 1440, height: 900 });
  assert.equal(await rect('share'), null);
  for (const name of shares) assert.notEqual(await rect(name), null, `${name} on a desktop`);
  await closePage(page);
});

/** axe-core on the page as it is now: the violations of impact serious or critical. */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [name, hash, size] of [
  ['the default page', '', {}],
  ['the dark theme', '#v=1&ids=1,1,2&theme=dark', {}],
  ['the high-contrast theme', '#v=1&ids=1&theme=contrast', {}],
  ['the high-contrast theme on white', '#v=1&ids=1&theme=contrastlight', {}],
  ['the text view, dark', '#v=1&ids=1,1,2&theme=dark&view=text', {}],
  ['the text view, high contrast', '#v=1&ids=1,1,2&theme=contrast&view=text', {}],
  ['the text view, high contrast on white', '#v=1&ids=1,1,2&theme=contrastlight&view=text', {}],
  ['an embed', '#v=1&embed=1&panels=forward,backward', { width: 600, height: 400 }],
  ['a tour step', '#v=1&tour=solid&step=3', {}],
  ['a phone with a field being edited', '#v=1&ids=1', { width: 390, height: 844, mobile: true, edit: true }],
]) {
  test(`axe-core finds no serious or critical violation: ${name}`, async () => {
    const page = await openPage(browser, server.url + hash, size);
    if (size.edit) {  // the text entry over an active field is part of the page then
      const r = await page.evaluate(() => window.embeddingLab.widgetRect('cell:W:1:1'));
      const box = await page.locator('#canvas').boundingBox();
      await page.touchscreen.tap(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
      await frames(page, 6);
      assert.equal(await page.evaluate(() => document.activeElement.id), 'text-entry');
    }
    const found = await seriousViolations(page);
    assert.deepEqual(found, []);
    await closePage(page);
  });
}

// A canvas field being edited is the <input> glue.js lays over it, and that is what a screen reader
// reads: every one was "The value being edited", whichever value it was. Now each is named as the
// page names it, with the value it opened with (the <input> itself is emptied as each key reaches the
// field: its value was heard nowhere), by the mouse and by the keyboard (Tab), read from the accessibility tree.
// The <input> a field is typed through had an empty value: a screen reader could not read back "0.77"
// before Enter, and the name kept what the field opened with ("ids: 1" with "2, 0, 2" typed).
test('a canvas field being edited is named for a screen reader as the page names it, and reads back what is typed', async () => {
  let page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&bag=sum&opt=sgd');
  let cdp = await page.context().newCDPSession(page);
  const heard = async () => {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const focused = nodes.filter((n) => (n.properties || []).some((p) => p.name === 'focused' && p.value.value)).pop();  // the page's, then its own
    return focused ? `${focused.role.value}: ${focused.name ? focused.name.value : ''}${focused.value?.value ? ' = ' + focused.value.value : ''}` : 'nothing focused';
  };
  const caret = () => page.evaluate(() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]);
  for (const [widget, name, value] of [['cell:W:1:2', 'W[1][2]', '0.6'], ['cell:G:0:1', 'G[0][1]', '-0.02'], ['ids', 'ids', '1'],
                                       ['offsets', 'offsets', '0'], ['V', 'V', '3'], ['opt:lr', 'lr', '0.1']]) {  // lr last: it scrolls the page
    await clickWidget(page, widget);
    await frames(page, 4);
    assert.equal(await heard(), `textbox: ${name} = ${value}`, `${widget} being edited`);
    if (widget.startsWith('cell:')) assert.deepEqual(await caret(), [0, value.length], `${widget}: its text selected, as on the canvas`);
    await page.keyboard.press('Escape');
    await frames(page, 3);
  }
  // Typed, moved in and deleted from: the <input> holds the field's text and caret at each key.
  await clickWidget(page, 'cell:W:1:2');
  await frames(page, 4);
  for (const [key, value, at] of [['-', '-', 1], ['2', '-2', 2], ['ArrowLeft', '-2', 1], ['Backspace', '2', 0], ['End', '2', 1], ['7', '27', 2]]) {
    if (key.length === 1) await page.keyboard.type(key);
    else await page.keyboard.press(key);
    await frames(page, 3);
    assert.equal(await heard(), `textbox: W[1][2] = ${value}`, `after ${key}`);
    assert.deepEqual(await caret(), [at, at], `the caret after ${key}`);
  }
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.equal((await snapshot(page)).table[1][2], 27, 'what was read back is what was committed');
  await clickWidget(page, 'ids');
  await frames(page, 4);
  await page.keyboard.press('Control+A');
  await frames(page, 2);
  assert.deepEqual(await caret(), [0, 1], 'Ctrl+A selects the field\'s text, in the <input> too');
  await page.keyboard.type('2, 0, 2');
  await frames(page, 3);
  assert.equal(await heard(), 'textbox: ids = 2, 0, 2');
  await page.keyboard.press('Enter');
  await frames(page, 3);
  assert.deepEqual((await snapshot(page)).ids, [2, 0, 2]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  // By the keyboard alone, on a page just opened: Tab goes from the header's controls to the first field, V.
  page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1');
  cdp = await page.context().newCDPSession(page);
  await page.locator('#canvas').focus();
  let said = '';
  for (let presses = 0; presses < 30 && !said.startsWith('textbox'); presses++) {
    await page.keyboard.press('Tab');
    await frames(page, 3);
    said = await heard();
  }
  assert.equal(said, 'textbox: V = 3', 'the first field Tab reaches');
  // and the help its "(?)" shows while the keyboard is in it, as the field's description
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const field = nodes.filter((n) => (n.properties || []).some((p) => p.name === 'focused' && p.value.value)).pop();
  assert.match(field.description?.value ?? '', /^Number of ids = rows of W/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  // A question card's answer field is named by its question.
  page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2&quiz=all');
  cdp = await page.context().newCDPSession(page);
  await clickWidget(page, 'card:grad-row:input');
  await frames(page, 4);
  assert.match(await heard(), /^textbox: What is row 2 of dW for ids = \[2, 0, 2, 2\] with this G\?/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Tab and the arrows move ImGui's keyboard focus from control to control while the browser's stays on
// the canvas: a screen reader heard nothing at each press. Each control the keyboard lands on is now
// named on an assertive live line (#focused), with a checkbox's or a section's state and the help its
// "(?)" shows, said again when that state changes; read here from the accessibility tree, as a screen
// reader gets it.
test('Tab on the canvas names each control for a screen reader, with its state', async () => {
  for (const [lang, first] of [['en', ['theme: light', 'language: English', 'Text view', 'Copy link']],
                               ['de', ['Farbschema: hell', 'Sprache: Deutsch', 'Textansicht']]]) {
    const page = await openPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1&lang=${lang}`);
    const cdp = await page.context().newCDPSession(page);
    const said = async () => {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const line = nodes.find((n) => (n.properties || []).some((p) => p.name === 'live' && p.value.value === 'assertive'));
      return (line.childIds || []).map((id) => nodes.find((n) => n.nodeId === id)?.name?.value ?? '').join('');
    };
    const press = async (key) => { await page.keyboard.press(key); await frames(page, 3); return said(); };
    await page.locator('#canvas').focus();
    const heard = [];
    for (let i = 0; i < first.length; i++) heard.push(await press('Tab'));
    assert.deepEqual(heard, first, `${lang}: the header's controls in order`);
    if (lang === 'de') { await closePage(page); continue; }
    let now = '';
    // Tab opens a field (glue.js's <input> is named then); the arrows land on one without opening it:
    // then the live line says it with its text and help.
    // (its name the field's, its value the field's text)
    const entry = () => page.evaluate(() => `${document.activeElement.getAttribute('aria-label')}: ${document.activeElement.value}`);
    for (let i = 0; i < 40 && (await entry()) !== 'd: 3'; i++) await press('Tab');
    // From V to d the <input> keeps the browser's focus and changes its name, which not every screen
    // reader says: the live line says it too.
    assert.equal(await said(), 'd: 3', 'Tab from field to field');
    await press('ArrowDown');
    assert.match(await press('ArrowUp'), /^d: 3\. Embedding width = columns of W/, 'a field the arrows reach, with its value');
    for (let i = 0; i < 40 && !now.startsWith('Lookup options'); i++) now = await press('Tab');
    assert.equal(now, 'Lookup options (PyTorch), collapsed');
    assert.equal(await press('Enter'), 'Lookup options (PyTorch), expanded', 'said again as it opens');
    for (let i = 0; i < 20 && !now.includes(', not checked'); i++) now = await press('Tab');
    assert.match(now, /^\w+, not checked\. \S/, 'a checkbox in the options, and the help its "(?)" shows');
    const box = now.split(', ')[0];
    assert.ok((await press('Space')).startsWith(`${box}, checked`), 'said again as it is ticked');
    await press('Space');
    for (let i = 0; i < 40 && !now.startsWith('W['); i++) now = await press('Tab');
    assert.equal(now, 'W[0][0]: 0.1', 'a cell of the table, with its value');
    assert.equal(await press('Tab'), 'W[0][1]: 0.2');
    for (let i = 0; i < 40 && !now.startsWith('onehot'); i++) now = await press('Tab');
    assert.match(now, /^onehot\(ids\) @ W = out: onehot\(ids\), b 0: id \d+\. Enter lights/, 'the forward picture, its first block');
    for (let i = 0; i < 60 && !now.startsWith('MSE to 0'); i++) now = await press('Tab');
    assert.match(now, /^MSE to 0: the gradient of L = mean\(out\^2\)/, 'help that starts with the name goes on from it');
    assert.equal(now.split('MSE to 0').length, 2, 'the name said once');
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// The cell grids build only the cells in view: Tab coming down from the picture above landed on G[2][0]
// (G's first rows above the page's view) and never reached the columns past the grid's width (d = 16).
test('Tab reaches every cell of a grid, its first rows and the columns out of view too', async () => {
  const page = await openPage(browser, `${server.url}#v=1&V=100000&d=16&ids=5,99998,7&panels=forward,backward`, { width: 1280, height: 800 });
  const said = () => page.textContent('#focused');
  const press = async (key) => { await page.keyboard.press(key); await frames(page, 3); return said(); };
  await page.locator('#canvas').focus();
  let now = '';
  for (let i = 0; i < 40 && !now.startsWith('W[ids], b 0'); i++) now = await press('Tab');
  assert.match(await press('Tab'), /^G\[0\]\[0\]: /, 'from the gather\'s picture to G\'s first cell');
  for (let c = 1; c < 16; c++) assert.match(await press('Tab'), new RegExp(`^G\\[0\\]\\[${c}\\]: `), `G[0][${c}]`);
  assert.match(await press('Tab'), /^G\[1\]\[0\]: /, 'then the next row');
  assert.match(await press('Shift+Tab'), /^G\[0\]\[15\]: /, 'and back');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Page Down in the 100,000-row grid moved the keyboard to the last row in view, then out of the grid to
// the control below it (ImGui scored only the rows in view); the grid never paged past its first screen.
test('Page Down and Page Up in a 100,000-row grid move the keyboard a grid\'s height of rows in its column, the grid scrolling with it', async () => {
  const page = await openPage(browser, `${server.url}#v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000`, { width: 1280, height: 800 });
  const said = () => page.textContent('#focused');
  const press = async (key) => { await page.keyboard.press(key); await frames(page, 3); return said(); };
  const y = (r) => page.evaluate((n) => window.embeddingLab.widgetRect(n).y, `cell:W:${r}:1`);
  await page.evaluate(() => { window.keys = []; addEventListener('keydown', (e) => window.keys.push(`${e.key} ${e.defaultPrevented}`)); });
  await clickWidget(page, 'cell:W:0:0');
  // Escape closes the cell's field and gives the keyboard back to the cell, shown and said (it was on the
  // cell unseen and unsaid until an arrow key).
  assert.match(await press('Escape'), /^W\[0\]\[0\]: /);
  assert.equal((await page.evaluate(() => window.embeddingLab.widgetRect('cell:W:0:0'))).keyboardFocus, true);
  assert.match(await press('ArrowRight'), /^W\[0\]\[1\]: /);
  const top = await y(0);
  assert.match(await press('PageDown'), /^W\[12\]\[1\]: /, 'a grid\'s height (12 rows) down');
  assert.equal(await y(12), top, 'the grid scrolled with it: row 12 where row 0 was');
  assert.match(await press('PageDown'), /^W\[24\]\[1\]: /, 'and on');
  assert.match(await press('PageUp'), /^W\[12\]\[1\]: /, 'and back');
  assert.match(await press('ArrowDown'), /^W\[13\]\[1\]: /, 'the arrows go on from there');
  // The grid took the keys: the page around an embed does not scroll with them.
  assert.deepEqual(await page.evaluate(() => window.keys.filter((k) => k.startsWith('Page'))),
    ['PageDown true', 'PageDown true', 'PageUp true']);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Found with a real screen reader (Orca 43 under Xvfb, driving Chromium): on a canvas with no role it stayed
// in browse mode, where its arrow keys read the page's text instead of reaching the canvas (and NVDA's
// Enter there is a click on the element, not a key); each change of the live line, which described the
// canvas, was said twice, the keyboard's help with it; an arrow key that closed a field hid the <input>
// before the focus left it, and Orca read on from there; a control a field was opened from was not said
// again when the keyboard came back to it; and after Escape, Tab out and Shift+Tab back, Tab did nothing.
test('a screen reader in the canvas: an application that takes every key, each control said as the keyboard lands on it', async () => {
  const page = await openPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1`);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const canvas = nodes.find((n) => n.name?.value?.startsWith('Embedding Lab: an interactive'));
  assert.equal(canvas?.role?.value, 'application', 'a screen reader passes every key to it');
  assert.match(canvas.description?.value ?? '', /^Keyboard: Tab and arrow keys move between controls/);
  assert.doesNotMatch(canvas.description.value, /gather and one-hot/, 'not described by the live line');
  const line = () => page.textContent('#focused');
  const active = () => page.evaluate(() => { const e = document.activeElement; return e.id === 'text-entry' ? `${e.getAttribute('aria-label')}: ${e.value}` : e.id; });
  const press = async (key) => { await page.keyboard.press(key); await frames(page, 3); };
  await page.locator('#canvas').focus();
  for (let i = 0; i < 40 && (await line()) !== 'example'; i++) await press('Tab');
  await press('Shift+Tab');
  assert.equal(await active(), 'd: 3', 'back into d\'s field');
  assert.equal(await line(), '', 'the line emptied while a field has the focus');
  await press('Tab');
  assert.equal(await line(), 'example', 'said again on coming back to it');
  await press('Shift+Tab');
  await page.evaluate(() => {
    const entry = document.getElementById('text-entry');
    entry.addEventListener('blur', () => { window.hiddenAtBlur = getComputedStyle(entry).display === 'none'; }, { once: true });
  });
  await press('ArrowDown');
  assert.equal(await active(), 'canvas', 'an arrow key closes the field; the keyboard goes on in the canvas');
  assert.equal(await page.evaluate(() => window.hiddenAtBlur), false, 'the <input> still there when the focus left it');
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('text-entry')).display), 'none', 'then hidden');
  await press('Escape');
  await press('Tab');
  assert.equal(await active(), 'tv-toggle', 'Escape, Tab leaves the demo');
  await press('Shift+Tab');
  assert.equal(await active(), 'canvas');
  await press('Tab');
  assert.equal(await line(), 'theme: light', 'Tab after coming back goes on from the first control');
  assert.equal((await press('Tab'), await line()), 'language: English');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// What a screen reader hears from the live line (#live), and what
// a keyboard reaches: the line said "The experiments finished." a second after every load, kept a
// refusal after the value was taken, an Escape that closed a drop-down sent the next Tab out of the
// canvas, and a field's "(?)" help was for the mouse only.
test('keyboard and screen reader: the live line is the learner\'s, Escape in a drop-down stays in it, a field\'s help shows on focus', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    window.liveTexts = [];
    new MutationObserver(() => window.liveTexts.push(document.getElementById('live')?.textContent))
      .observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(server.url + '#v=1&V=3&d=3&init=example&ids=1');
  await page.evaluate(() => window.embeddingLab.ready);
  await page.waitForTimeout(3000);  // the experiments panel's run at load ends meanwhile
  const result = 'gather and one-hot matmul agree: [0.4, 0.5, 0.6]; gradient reaches row 1 only';
  assert.deepEqual([...new Set(await page.evaluate(() => window.liveTexts.filter(Boolean)))], [result], 'said at load');
  // A refused cell is said; once a value is taken the line is the result again (W[0][0] is not
  // looked up: the result's sentence itself does not change).
  const live = () => page.textContent('#live');
  await page.evaluate(() => window.embeddingLab.setCell(0, 0, 'abc'));
  await page.waitForFunction(() => /^W\[0\]\[0\]: 'abc' is not a number/.test(document.getElementById('live').textContent));
  await page.evaluate(() => window.embeddingLab.setCell(0, 0, '0.25'));
  await page.waitForFunction((r) => document.getElementById('live').textContent === r, result);
  assert.equal(await live(), result);
  // A nan in G: the two backward routes differ, and the line says so as the canvas does.
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=1&g=0:0:nan'));
  const differ = result + '; scatter-add and one-hot route differ (inf or nan in G)';
  await page.waitForFunction((r) => document.getElementById('live').textContent === r, differ);
  assert.equal((await snapshot(page)).gradsEqual, false);
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=1'));
  await page.waitForFunction((r) => document.getElementById('live').textContent === r, result);

  const focused = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n)?.keyboardFocus, name);
  // A field's "(?)" help: shown while the keyboard is on the field (here below V, over the Fill row).
  const box = await page.locator('#canvas').boundingBox();
  const V = await page.evaluate(() => window.embeddingLab.widgetRect('V'));
  const clip = { x: box.x + V.x, y: box.y + V.y + V.height + 8, width: 300, height: 30 };
  const before = decodePng(await page.screenshot({ clip }));
  await page.focus('#canvas');
  for (let i = 0; i < 40 && !(await focused('V')); i++) { await page.keyboard.press('Tab'); await frames(page, 2); }
  assert.ok(await focused('V'), 'Tab reaches V');
  await frames(page, 3);
  const after = decodePng(await page.screenshot({ clip }));
  let changed = 0;
  for (let i = 0; i < after.pixels.length; i += after.channels) if (after.pixels[i] !== before.pixels[i]) changed++;
  await screenshot(page, 'a11y-help-on-focus');
  assert.ok(changed > 1000, `V's help did not show under the field (${changed} pixels changed)`);
  // A value the field refuses is said on the live line: the field keeps the text, and nothing was heard.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^V: '0' is out of range \(1 to 100,000\)\. gather and one-hot/.test(document.getElementById('live').textContent));
  // ... and its red message under the field is not covered by the help, which the field, still the
  // keyboard's, would show there.
  await frames(page, 3);
  assert.ok(await focused('V'), 'the keyboard stays on V');
  const refusedShot = decodePng(await page.screenshot({ clip }));
  let red = 0;
  for (let i = 0; i < refusedShot.pixels.length; i += refusedShot.channels) {
    const [r, g, b] = refusedShot.pixels.subarray(i, i + 3);
    if (r > 150 && g < 110 && b < 110) red++;
  }
  await screenshot(page, 'a11y-refused-on-focus');
  assert.ok(red > 100, `V's refusal message is covered (${red} red pixels under the field)`);

  // Keyboard: Tab to the optimizer's drop-down, Enter opens it, Escape closes it, Tab goes on in the canvas.
  for (let i = 0; i < 90 && !(await focused('optimizer')); i++) { await page.keyboard.press('Tab'); await frames(page, 2); }
  assert.ok(await focused('optimizer'), 'Tab reaches the optimizer');
  await page.keyboard.press('Enter'); await frames(page, 3);
  await page.keyboard.press('Escape'); await frames(page, 3);
  await page.keyboard.press('Tab'); await frames(page, 3);
  assert.ok(await page.evaluate(() => ['canvas', 'text-entry'].includes(document.activeElement.id)), 'the keyboard left the canvas');
  assert.equal(await focused('opt:lr'), true, 'the Tab after the drop-down reaches lr');
  await ctx.close();
});

// The canvas starts the experiments when their plot first comes into view (a scroll down to the
// training lab passes it): not the learner's run, so its end is not read out. It was, and cut off
// what the learner had just done: a Step refused by a lock, said on the live line (a CI run of
// training.test.mjs, on a busy machine, found the lock's message replaced).
test('the experiments the canvas starts unasked end without a word: a lock\'s refusal stays on the live line', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lock=table');
  await page.evaluate(() => {
    window.liveTexts = [];
    new MutationObserver(() => window.liveTexts.push(document.getElementById('live').textContent))
      .observe(document.getElementById('live'), { childList: true, characterData: true, subtree: true });
  });
  assert.ok(await page.$('#tv-exp-0-run'), 'not started at load: the plot is below the fold');
  // Slower, so that the run is still going when Step is clicked, as it was on the busy machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await clickWidget(page, 'train:step');  // scrolled to with the wheel, past the plot
  await page.waitForFunction(() => [...document.querySelectorAll('#text-view caption')].some((c) => c.textContent.startsWith('Id by id')),
                             null, { timeout: 60000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await frames(page, 3);
  const heard = await page.evaluate(() => window.liveTexts);
  assert.ok(!heard.includes('The experiments finished.'), heard.join(' | '));
  assert.match(await page.textContent('#live'), /^locked by the teacher \(lock=table\)/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The canvas's focus ring says the keyboard is in it: Chromium drew it round the whole page after any
// click or tap (the canvas takes the focus from a script on the press). A press draws none now; a key does.
test('the canvas\'s focus ring comes with the keyboard, not with a click or a tap', async () => {
  const ring = (page) => page.evaluate(() => getComputedStyle(document.getElementById('canvas')).outlineStyle);
  for (const phone of [false, true]) {
    const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1',
      phone ? { width: 390, height: 844, dpr: 2, mobile: true } : undefined);
    const press = () => (phone ? page.touchscreen.tap(5, 420) : page.mouse.click(5, 420));  // the page's margin: no control
    await press();
    await frames(page, 2);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas');
    assert.equal(await ring(page), 'none', `${phone ? 'a tap' : 'a click'} drew the focus ring`);
    await page.keyboard.press('Tab');
    assert.equal(await ring(page), 'solid', 'a key did not draw it');
    await press();
    assert.equal(await ring(page), 'none', 'a press after the keyboard kept it');
    // A field opened by a press and closed by another: the canvas takes the focus back from a script.
    const v = await widgetCenter(page, 'V');
    if (phone) await page.touchscreen.tap(v.x, v.y); else await page.mouse.click(v.x, v.y);
    await frames(page, 6);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'text-entry');
    await press();
    await frames(page, 6);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas');
    assert.equal(await ring(page), 'none', 'a press out of a field drew the focus ring');
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
  // The tour's Next pressed into the deeper build, whose reload gives the canvas its focus back: the
  // ring after the keyboard's Enter, none after a click.
  for (const keyboard of [false, true]) {
    const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&tour=deeper&step=6');
    const reloaded = page.waitForEvent('load');
    if (keyboard) {
      await page.focus('#canvas');
      for (let i = 0; i < 60 && !/^Next/.test(await page.textContent('#focused')); i++) await page.keyboard.press('Tab'), await frames(page, 2);
      await page.keyboard.press('Enter');
    } else await clickWidget(page, 'tour-next');
    await reloaded;
    await page.waitForFunction(() => window.embeddingLab && document.activeElement.id === 'canvas');
    assert.equal(await ring(page), keyboard ? 'solid' : 'none', `after the reload, ${keyboard ? 'Enter' : 'a click'}`);
    await closePage(page);
  }
  // Tab from the page into the canvas: the browser's own focus-visible.
  const page = await openPage(browser, server.url + '#v=1');
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas');
  assert.equal(await ring(page), 'solid');
  await closePage(page);
});

// The tour from the keyboard on the canvas: a screen reader there hears each step's title and its text
// (only the title was said, and the text, the step's teaching, was on the canvas alone), and the end.
test('keyboard on the canvas: each tour step is read out whole, and the tour\'s end', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1');
  const tourOf = () => page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_text_view_json())).tour);
  await page.focus('#canvas');
  for (let i = 0; i < 40 && !/^basics/.test(await page.textContent('#focused')); i++) await page.keyboard.press('Tab'), await frames(page, 2);
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Enter');
    await frames(page, 3);
    const tour = await tourOf();
    assert.equal(tour.step, step);
    // Where it is, then the title and the text as two sentences (they ran together, and the position was not said).
    const whole = `The basics tour, step ${step + 1} of 6: ${tour.title}. ${tour.text.replace(/\n+/g, ' ')}`;
    await page.waitForFunction((w) => document.getElementById('live').textContent === w, whole, { timeout: 5000 });
  }
  await page.keyboard.press('Enter');  // Finish
  await page.waitForFunction(() => /^You finished the basics tour\./.test(document.getElementById('live').textContent), null, { timeout: 5000 });
  assert.equal((await tourOf()).steps, 0);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A question card answered wrong on a German phone: its verdict wraps and "Show answer" stays on the
// screen (both ran off its right edge, and the learner could not reveal the answer).
test('on a German phone a card answered wrong keeps "Show answer" on the screen', async () => {
  const page = await openPage(browser, server.url + '#v=1&quiz=all&lang=de', { width: 390, height: 844, dpr: 3, mobile: true });
  const tap = async (name) => {
    const { x, y } = await widgetCenter(page, name);
    await page.touchscreen.tap(x, y);
    await frames(page, 3);
  };
  await tap('card:moved-rows:row:1');
  await tap('card:moved-rows:check');
  const reveal = await page.evaluate(() => window.embeddingLab.widgetRect('card:moved-rows:reveal'));
  assert.ok(reveal && reveal.x >= 0 && reveal.x + reveal.width <= 390, `Show answer at ${JSON.stringify(reveal)} on a 390 px screen`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});
