// The text view (web/text_view.js): the lesson as HTML beside the canvas, bound to the same
// state through the same commit path. Keyboard-only editing, agreement with snapshot() after
// random edits through the DOM and the canvas, the accessibility tree, view=text, large tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openPage, snapshot, frames, typeInto, clickWidget, ROOT } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CANONICAL = '#v=1&V=3&d=3&init=example&ids=1';

/** The DOM table whose caption starts with `caption`: rows of cell texts (input values for inputs). */
const domTable = (page, caption) => page.evaluate((cap) => {
  const t = [...document.querySelectorAll('#text-view table')].find((x) => x.caption.textContent.startsWith(cap));
  if (!t) return null;
  return [...t.tBodies[0].rows].map((tr) => [...tr.cells].slice(1).map((td) => {
    const input = td.querySelector('input');
    return input ? input.value : td.textContent;
  }));
}, caption);

/** A DOM text read back as the float32 it names ("inf"/"nan" stay strings, as in snapshot()). */
const asSnapshotValue = (text) => (['inf', '-inf', 'nan'].includes(text) ? text : Math.fround(Number(text)));

function assertSameTable(dom, snap, what) {
  assert.ok(dom, `${what}: no such DOM table`);
  assert.equal(dom.length, snap.length, `${what}: rows`);
  dom.forEach((row, r) => assert.deepEqual(row.map(asSnapshotValue), snap[r], `${what} row ${r}`));
}

async function assertDomEqualsSnapshot(page, label) {
  const s = await snapshot(page);
  assertSameTable(await domTable(page, 'Table W'), s.table, `${label}: W`);
  assertSameTable(await domTable(page, 'Gather'), s.gather, `${label}: gather`);
  assertSameTable(await domTable(page, 'One-hot matmul'), s.matmul, `${label}: matmul`);
  assertSameTable(await domTable(page, 'Upstream gradient G'), s.upstream, `${label}: G`);
  assertSameTable(await domTable(page, 'dW'), s.gradTable, `${label}: dW`);
  assert.equal(await page.inputValue('#tv-ids'), s.ids.join(', '), `${label}: ids`);
  const touched = await page.textContent('#tv-touched');
  assert.ok(touched.startsWith(`Rows touched: ${s.touchedRows.join(', ') || 'none'};`), `${label}: ${touched}`);
}

test('keyboard only: Escape, Tab into the text view, edit W[1][2], read the new gather back from the DOM', async () => {
  const page = await openPage(browser, server.url + CANONICAL);
  await page.locator('#canvas').focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  let id = '';
  for (let i = 0; i < 40 && id !== 'tv-w-1-2'; i++) {
    id = await page.evaluate(() => document.activeElement.id);
    if (id !== 'tv-w-1-2') await page.keyboard.press('Tab');
  }
  assert.equal(id, 'tv-w-1-2', 'Tab reaches the cell W[1][2]');
  const box = await page.locator('#text-view').boundingBox();
  assert.ok(box.width > 300 && box.height > 300, 'the text view shows itself while it has the focus');
  assert.equal(await page.getAttribute('#tv-w-1-2', 'aria-label'), 'W row 1, column 2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2.5');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.embeddingLab.snapshot().table[1][2] === 2.5);
  await frames(page, 2);
  assert.deepEqual(await domTable(page, 'Gather'), [['0.4', '0.5', '2.5']]);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tv-w-1-2', 'the focus stays on the cell');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a refused value marks the cell invalid with the message, and the state keeps its value', async () => {
  const page = await openPage(browser, server.url + CANONICAL);
  await page.fill('#tv-w-0-0', 'abc');
  await page.press('#tv-w-0-0', 'Enter');
  await frames(page, 2);
  assert.equal(await page.getAttribute('#tv-w-0-0', 'aria-invalid'), 'true');
  const described = await page.getAttribute('#tv-w-0-0', 'aria-describedby');
  const message = await page.textContent('#' + described);
  assert.match(message, /^W\[0\]\[0\]: .*\(the cell keeps 0\.1\)/);
  const s = await snapshot(page);
  assert.equal(s.errors.table, message, 'the canvas shows the same message');
  assert.equal(s.table[0][0], Math.fround(0.1));
  await page.context().close();
});

test('DOM and canvas never disagree: random edits through either leave the DOM tables equal to snapshot()', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=normal&seed=3&ids=1,1,3');
  let seed = 77;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let i = 0; i < 12; i++) {
    const s = await snapshot(page);
    const kind = i % 4;
    const r = rand(s.V), c = rand(s.d), value = String((rand(2000) - 1000) / 64);
    if (kind === 0 || kind === 1) {        // a cell typed in the DOM
      await page.fill(`#tv-w-${r}-${c}`, value);
      await page.press(`#tv-w-${r}-${c}`, 'Enter');
    } else if (kind === 2) {               // ids typed in the DOM
      await page.fill('#tv-ids', Array.from({ length: 1 + rand(4) }, () => rand(s.V)).join(', '));
      await page.press('#tv-ids', 'Enter');
    } else {                               // a cell typed into the canvas
      await typeInto(page, `cell:W:${r}:${c}`, value);
    }
    await frames(page, 3);
    await assertDomEqualsSnapshot(page, `edit ${i} (${['dom cell', 'dom cell', 'dom ids', 'canvas cell'][kind]})`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the accessibility tree holds the tables, the named cells and the labelled controls', async () => {
  const page = await openPage(browser, server.url + CANONICAL);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const named = (role, name) => nodes.some((n) => !n.ignored && n.role?.value === role && (n.name?.value || '').startsWith(name));
  assert.ok(named('table', 'Table W: 3 rows'), 'table W with its caption');
  assert.ok(named('table', 'Gather'), 'the gather table');
  assert.ok(named('textbox', 'W row 1, column 2'), 'a named cell');
  assert.ok(named('textbox', 'Ids, the batch'), 'the ids field');
  assert.ok(named('spinbutton', 'V, rows of W'), 'V');
  assert.ok(named('rowheader', 'id 1') && named('columnheader', 'column 2'), 'row and column headers');
  const presets = await page.evaluate(() => window.embeddingLab.presets());
  for (const p of presets) assert.ok(named('link', p.title), `preset link '${p.title}'`);
  await page.context().close();
});

test('view=text shows the text view; the header button and "Back to the canvas" switch views', async () => {
  const page = await openPage(browser, server.url + CANONICAL + '&view=text');
  assert.equal((await snapshot(page)).view, 'text');
  let box = await page.locator('#text-view').boundingBox();
  assert.ok(box.width > 600, 'shown over the page');
  await page.click('#tv-toggle');
  await page.waitForFunction(() => window.embeddingLab.snapshot().view === 'canvas');
  await frames(page, 2);
  box = await page.locator('#text-view').boundingBox();
  assert.ok(box.width <= 1, 'visually hidden again');
  await clickWidget(page, 'text-view');
  await page.waitForFunction(() => window.embeddingLab.snapshot().view === 'text');
  assert.match(await page.evaluate(() => location.hash), /view=text/);
  await page.context().close();
});

test('a 100,000-row table lists the looked-up and touched rows, and any row on request', async () => {
  const page = await openPage(browser, server.url);
  const link = (await page.evaluate(() => window.embeddingLab.presets())).find((p) => /100,000/.test(p.title)).link;
  await page.evaluate((l) => window.embeddingLab.setLink(l), link);
  await frames(page, 3);
  const s = await snapshot(page);
  const rows = await page.$$eval('#text-view table:first-of-type tbody th', (ths) => ths.map((th) => th.textContent));
  const want = [...new Set([...s.ids, ...s.touchedRows])].sort((a, b) => a - b).map((r) => `id ${r}`);
  assert.deepEqual(rows, want);
  await page.fill('#tv-goto', '54321');
  await page.press('#tv-goto', 'Enter');
  await page.waitForSelector('#tv-w-54321-0');
  assert.equal(asSnapshotValue(await page.inputValue('#tv-w-54321-0')),
               await page.evaluate(() => window.embeddingLab.snapshot().table[54321][0]));
  await page.context().close();
});

test('axe-core finds no serious or critical violation in the text view', async () => {
  const page = await openPage(browser, server.url + '#v=1&ids=1,1,2&view=text');
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  const found = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  assert.deepEqual(found, []);
  await page.context().close();
});
