// The diverging heat scale of W, out, G and dW (HeatColor in src/app/widgets.cpp), read off the
// screen in every theme: zero has no hue, a quarter of the scale already shows its sign, the two
// signs differ, and the number printed on a cell reads at 4.5:1. The dark theme's scale started
// from its navy field (zero looked negative; -1.34 of 5.2 was 1.12:1 against zero) and the
// high-contrast one faded from near black (a quarter of the scale was 1.22:1 against zero).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePng, contrastRatio as ratio } from './png.mjs';
import { serve, launch, openPage, closePage, THEMES } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// CIELAB (D65) of a 0..255 sRGB triple, and the distance of two colours in it (CIE76 Delta E:
// about 2 is just noticeable, 10 a plain difference).
function lab(rgb) {
  const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047), y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (p, q) => Math.hypot(...lab(p).map((v, i) => v - lab(q)[i]));
const chroma = (rgb) => Math.hypot(lab(rgb)[1], lab(rgb)[2]);

// W's largest |value| is 4, the scale: 4 and -4 are its ends, 1 and -1 a quarter of it, 0 its middle.
const CELLS = { zero: 'cell:W:1:1', quarterUp: 'cell:W:0:1', quarterDown: 'cell:W:0:2', top: 'cell:W:0:0', bottom: 'cell:W:1:0' };
const LINK = 'v=1&V=2&d=3&init=zeros&ids=0&cells=0:0:4,0:1:1,0:2:-1,1:0:-4';

// A cell's fill (its most frequent colour inside the outline) and its number (the pixel farthest from the fill).
async function readCell(page, name) {
  const r = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  assert.ok(r && r.visible, `${name} is drawn`);
  const box = await page.locator('#canvas').boundingBox();
  const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x + 3, y: box.y + r.y + 2, width: r.width - 6, height: r.height - 4 }, scale: 'device' }));
  const px = (i) => [0, 1, 2].map((k) => png.pixels[i * png.channels + k]);
  const counts = new Map();
  for (let i = 0; i < png.width * png.height; i++) { const key = px(i).join(); counts.set(key, (counts.get(key) || 0) + 1); }
  const fill = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0].split(',').map(Number);
  let text = fill;
  for (let i = 0; i < png.width * png.height; i++) if (ratio(px(i), fill) > ratio(text, fill)) text = px(i);
  return { fill, text };
}

test('the heat scale: zero is neutral and a quarter of the scale shows its sign in every theme; cell numbers reach 4.5:1', async () => {
  const failures = [];  // every theme measured before the test fails: each broken one named
  const check = (ok, message) => { if (!ok) failures.push(message); };
  for (const theme of THEMES) {
    const page = await openPage(browser, server.url + `#${LINK}&theme=${theme}`, { width: 1000, height: 700, dpr: 2 });
    await page.mouse.move(1, 1);  // no hover ring on a cell
    const seen = {};
    for (const [what, name] of Object.entries(CELLS)) seen[what] = await readCell(page, name);
    const { zero, quarterUp: up, quarterDown: down } = seen;
    const [labUp, labDown] = [lab(up.fill), lab(down.fill)];
    console.log(`  ${theme}: zero ${JSON.stringify(zero.fill)} (chroma ${chroma(zero.fill).toFixed(1)}); ` +
                `+1/4 ${JSON.stringify(up.fill)} dE ${deltaE(up.fill, zero.fill).toFixed(1)}, ${ratio(up.fill, zero.fill).toFixed(2)}:1; ` +
                `-1/4 ${JSON.stringify(down.fill)} dE ${deltaE(down.fill, zero.fill).toFixed(1)}, ${ratio(down.fill, zero.fill).toFixed(2)}:1; ` +
                `+1/4 vs -1/4 dE ${deltaE(up.fill, down.fill).toFixed(1)}; ends ${JSON.stringify(seen.bottom.fill)} ${JSON.stringify(seen.top.fill)}; ` +
                `numbers ${Object.values(seen).map((c) => ratio(c.text, c.fill).toFixed(2)).join(', ')}:1`);
    // Zero has no hue (the dark theme's navy field had chroma 32: zero read as negative).
    check(chroma(zero.fill) <= 5, `${theme}: zero is drawn ${JSON.stringify(zero.fill)}, a colour, not a neutral`);
    // A quarter of the scale stands out from zero, in colour and in lightness (the light theme's figures: dE 17, 1.35:1).
    for (const [what, c] of [['+1/4', up], ['-1/4', down]]) {
      check(deltaE(c.fill, zero.fill) >= 12, `${theme}: ${what} of the scale is dE ${deltaE(c.fill, zero.fill).toFixed(1)} from zero`);
      check(ratio(c.fill, zero.fill) >= 1.3, `${theme}: ${what} of the scale is ${ratio(c.fill, zero.fill).toFixed(2)}:1 against zero`);
    }
    // The two signs differ from each other, each on its own side: positive redder, negative bluer.
    check(deltaE(up.fill, down.fill) >= 15, `${theme}: +1/4 and -1/4 are dE ${deltaE(up.fill, down.fill).toFixed(1)} apart`);
    check(labUp[1] > labDown[1] && labDown[2] < labUp[2], `${theme}: +1/4 is not the redder and -1/4 the bluer`);
    // Each cell's number on its fill.
    for (const [what, c] of Object.entries(seen))
      check(ratio(c.text, c.fill) >= 4.5, `${theme}: the number on the ${what} cell is ${ratio(c.text, c.fill).toFixed(2)}:1`);
    // The whole scale, from the theme: the grids' black-or-white numbers, and the picture's numbers, which are in
    // the theme's text colour, on each of its 21 steps.
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_theme_colors_json())));
    c.cells.slice(0, 21).forEach(([bg, fg], i) => {
      const t = (i / 10 - 1).toFixed(1);
      check(ratio(fg, bg) >= 4.5, `${theme}: a grid's number on step ${t} is ${ratio(fg, bg).toFixed(2)}:1`);
      check(ratio(c.text, bg) >= 4.5, `${theme}: the picture's number on step ${t} is ${ratio(c.text, bg).toFixed(2)}:1`);
    });
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
  assert.deepEqual(failures, []);
});

// 1.2345679e22 (a valid float32, taken without a word) was drawn "1.235e+22" in a cell 62 px wide and cut
// at its edge: it read "1.235e+2", 123.5. Now it is written shorter ("1.23e22"), clear of the edge; so is a
// tiny one. Read in the pixels: the columns with text in them, against the cell's fill.
test('a number too wide for its cell is written shorter, not cut off at the edge', async () => {
  const page = await openPage(browser, `${server.url}#v=1&V=2&d=3&init=zeros&ids=0&cells=0:0:1.2345679e22,0:1:-1.2345e-22,1:0:-0.1235,1:1:12345.678`,
                              { width: 1280, height: 800, dpr: 2 });
  const box = await page.locator('#canvas').boundingBox();
  for (const [name, clipped] of [['cell:W:0:0', true], ['cell:W:0:1', true], ['cell:W:1:0', false], ['cell:W:1:1', true]]) {
    const r = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
    // Inside the outline (1 px) and its rounded corners, at device pixels.
    const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x + 1.5, y: box.y + r.y + 3, width: r.width - 3, height: r.height - 6 }, scale: 'device' }));
    const px = (x, y) => [0, 1, 2].map((k) => png.pixels[(y * png.width + x) * png.channels + k]);
    const fill = px(0, 0);
    const inked = (x) => { for (let y = 0; y < png.height; y++) if (px(x, y).some((v, k) => Math.abs(v - fill[k]) > 60)) return true; return false; };
    const columns = [...Array(png.width).keys()].filter(inked);
    assert.ok(columns.length > 10, `${name}: its number is drawn`);
    const right = png.width - 1 - Math.max(...columns);
    assert.ok(right >= 2, `${name}: its number ends ${right} device px before the cell's edge (${clipped ? 'it was cut there' : 'as before'})`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});
