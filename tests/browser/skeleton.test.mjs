// The walking skeleton, as a person meets it: the page loads, shows the canonical
// example, and editing through the real canvas changes gather and matmul together.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, closePage, snapshot, clickWidget, typeInto, screenshot, canvasBacking, frames } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const f32 = (x) => Math.fround(x);

test('the default state is the lesson\'s canonical example', async () => {
  const page = await openPage(browser, server.url, { dpr: 2 });
  const s = await snapshot(page);
  assert.equal(s.V, 3);
  assert.equal(s.d, 3);
  assert.deepEqual(s.ids, [1]);
  assert.deepEqual(s.gather, [[f32(0.4), f32(0.5), f32(0.6)]]);
  assert.deepEqual(s.matmul, s.gather);
  assert.equal(s.equal, true);
  assert.deepEqual(s.upstream, [[f32(0.01), f32(-0.02), f32(0.03)]]);
  assert.deepEqual(s.gradTable[1], s.upstream[0]);
  assert.ok(Object.is(s.gradTable[0][0], 0) && s.gradTable[0].every((x) => x === 0));
  assert.ok(s.gradTable[2].every((x) => x === 0));
  assert.deepEqual(s.touchedRows, [1]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('the canvas backing store is CSS size x devicePixelRatio, at dpr 1 and 2', async () => {
  for (const dpr of [1, 2]) {
    const page = await openPage(browser, server.url, { dpr, width: 1000, height: 700 });
    await frames(page, 2);
    const b = await canvasBacking(page);
    assert.equal(b.width, Math.round(b.cssWidth * dpr), `width at dpr ${dpr}`);
    assert.ok(Math.abs(b.height - Math.round(b.cssHeight * dpr)) <= 1, `height at dpr ${dpr}`);
    const png = await screenshot(page, `skeleton-dpr${dpr}`);
    assert.ok(png);
    await closePage(page);
  }
});

test('the canvas follows a window resize', async () => {
  const page = await openPage(browser, server.url, { width: 900, height: 600 });
  await page.setViewportSize({ width: 500, height: 700 });
  await page.waitForFunction(() => document.getElementById('canvas').width === 500);
  const b = await canvasBacking(page);
  assert.equal(b.width, 500);
  await closePage(page);
});

test('typing a new value into a cell changes gather and matmul together', async () => {
  const page = await openPage(browser, server.url);
  await typeInto(page, 'cell:W:1:2', '2.5');
  const s = await snapshot(page);
  assert.equal(s.table[1][2], 2.5);
  assert.deepEqual(s.gather, [[f32(0.4), f32(0.5), 2.5]]);
  assert.deepEqual(s.matmul, s.gather);
  assert.equal(s.equal, true);
  await closePage(page);
});

test('a duplicated id accumulates its gradient row', async () => {
  const page = await openPage(browser, server.url);
  await typeInto(page, 'ids', '1, 1, 2');
  const s = await snapshot(page);
  assert.deepEqual(s.ids, [1, 1, 2]);
  // row 1 = g_0 + g_1 in float32, row 2 = g_2, row 0 untouched
  const g = s.upstream;
  assert.deepEqual(s.gradTable[1], g[0].map((x, c) => f32(x + g[1][c])));
  assert.deepEqual(s.gradTable[2], g[2]);
  assert.ok(s.gradTable[0].every((x) => x === 0));
  assert.deepEqual(s.touchedRows, [1, 2]);
  await closePage(page);
});

test('bad input gets a message and the last good state stays', async () => {
  const page = await openPage(browser, server.url);
  await typeInto(page, 'ids', '1, 7');
  let s = await snapshot(page);
  assert.deepEqual(s.ids, [1]);
  assert.match(s.errors.ids, /id '7' at position 1 is out of range/);
  await typeInto(page, 'ids', '');
  s = await snapshot(page);
  assert.match(s.errors.ids, /empty/);
  await typeInto(page, 'cell:W:0:0', 'abc');
  s = await snapshot(page);
  assert.match(s.errors.table, /'abc' is not a number/);
  assert.equal(s.table[0][0], f32(0.1));
  // The cell's refused text stays its own while another field below it is typed into (keys typed while
  // a cell's field opens are kept; these are not, as the field is not opening: "2" and Enter wrote 2).
  await typeInto(page, 'ids', '2');
  s = await snapshot(page);
  assert.deepEqual(s.ids, [2]);
  assert.match(s.errors.table, /'abc' is not a number/);
  assert.equal(s.table[0][0], f32(0.1));
  await typeInto(page, 'V', '0');
  await clickWidget(page, 'resize');
  s = await snapshot(page);
  assert.equal(s.errors.fields, "V: '0' is out of range (1 to 100,000)");
  assert.equal(s.V, 3);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A number field never drops what was typed: text it refuses stays in it, named in a message under
// it, while the value in use stays as it was (it used to be clamped, or put back, without a word).
test('a number field keeps refused text with a message naming the field; the value in use stays', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=50&d=4&init=normal&ids=1&maxnorm=1');
  const fields = async () => (await snapshot(page)).errors.fields;
  await typeInto(page, 'random:B', '0');
  assert.equal(await fields(), "B: '0' is out of range (1 to 1,024)");
  await clickWidget(page, 'draw-batch');  // Draw waits until B holds what it shows
  assert.deepEqual((await snapshot(page)).ids, [1]);
  await typeInto(page, 'random:zipf', 'lots');
  assert.equal(await fields(), "B: '0' is out of range (1 to 1,024)\nZipf s: 'lots' is not a number");
  await typeInto(page, 'random:B', '12');
  await typeInto(page, 'random:zipf', '1.5');
  assert.equal(await fields(), '');
  await clickWidget(page, 'draw-batch');
  assert.equal((await snapshot(page)).ids.length, 12);

  // A setting's field takes text through the link's own table: its limits, its message.
  await page.evaluate(() => window.Module._el_set_sections_open(1));
  await typeInto(page, 'option:maxnorm', '-1');
  let s = await snapshot(page);
  assert.equal(s.errors.fields, "max_norm: '-1' must be a positive number (or off)");
  assert.equal(s.settings.maxnorm, '1');
  await typeInto(page, 'table-seed', '-3');
  s = await snapshot(page);
  assert.match(s.errors.fields, /^seed: '-3' is out of range \(0 to 4,294,967,295\)$/m);
  assert.equal(s.settings.seed, 42);
  await typeInto(page, 'table-seed', '4000000000');  // past a 32-bit int: the field took it as it is
  s = await snapshot(page);
  assert.equal(s.settings.seed, 4000000000);
  assert.doesNotMatch(s.errors.fields, /seed/);
  // V and d take any whole number for Resize to check; letters are refused there and then (ImGui's
  // integer field dropped them without a word).
  await typeInto(page, 'V', 'ten');
  assert.match(await fields(), /^V: 'ten' is not a whole number$/m);
  await typeInto(page, 'V', '10');
  assert.doesNotMatch(await fields(), /^V:/m);
  assert.equal((await snapshot(page)).V, 10, 'Enter in V resizes, as in the text view');
  // A link that leaves the batch as it was (a preset with the same ids) replaces refused text too.
  const same = await page.evaluate(() => window.embeddingLab.getLink());
  await typeInto(page, 'ids', '1, 99');
  assert.match((await snapshot(page)).errors.ids, /'99'/);
  await page.evaluate((l) => window.embeddingLab.setLink(l), same);
  await frames(page, 2);
  assert.equal((await snapshot(page)).errors.ids, '');
  // The value changed elsewhere (a link): the refused text goes, the field shows the value.
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=50&d=4&init=normal&ids=1&maxnorm=2'));
  await frames(page, 2);
  assert.equal(await fields(), '');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('the aria-live text states the key result', async () => {
  const page = await openPage(browser, server.url);
  await frames(page, 2);
  const text = await page.locator('#live').textContent();
  assert.equal(text, 'gather and one-hot matmul agree: [0.4, 0.5, 0.6]; gradient reaches row 1 only');
  assert.equal(text, (await snapshot(page)).liveText);
  // Its numbers as the cells show them: float32 round-off (0.12345679, -1.0000001) was read out digit by digit.
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=1&cells=1:0:0.123456789,1:1:-1.0000001,1:2:1e-7'));
  await frames(page, 2);
  assert.equal(await page.locator('#live').textContent(), 'gather and one-hot matmul agree: [0.1235, -1, 1e-07]; gradient reaches row 1 only');
  await closePage(page);
});
