// "Copy as NumPy": the script runs in Debian's NumPy and prints the page's numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serve, launch, openPage, snapshot, clickWidget } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PYTHON = '/usr/bin/python3';  // Debian's python3, where python3-numpy is installed

// "name = [[...]]" lines; Python writes nan/inf bare, which JSON cannot hold: they become
// the strings snapshot() uses for them ("nan", "inf", "-inf").
function parseOutput(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^(gather|matmul|grad) = (.*)$/);
    if (m) out[m[1]] = JSON.parse(m[2].replace(/-inf\b/g, '"-inf"').replace(/(?<!-)\binf\b/g, '"inf"').replace(/\bnan\b/g, '"nan"'));
  }
  return out;
}

const cases = [
  ['the canonical example', 'v=1&V=3&d=3&init=example&ids=1'],
  ['repeated ids', 'v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3'],
  ['a non-finite table', 'v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf'],
  ['padding and scale_grad_by_freq', 'v=1&V=5&d=4&init=normal&seed=9&ids=0,3,3,3,1,0&pad=0&freqscale=1'],
  ['a large table', 'v=1&V=20000&d=8&init=normal&seed=3&ids=7,19999,7'],
];

for (const [name, link] of cases) {
  test(`the NumPy script reproduces ${name}`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('numpy'));
    const printed = parseOutput(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' }));
    const s = await snapshot(page);
    assert.deepEqual(printed.gather, s.gather);
    assert.deepEqual(printed.matmul, s.matmul);
    assert.deepEqual(printed.grad, s.gradTable);
    await page.context().close();
  });
}

test('the Copy as NumPy button shows the script for copying by hand', async () => {
  const page = await openPage(browser, server.url, { width: 1400, height: 900 });
  await clickWidget(page, 'copy-numpy');
  const text = await page.evaluate(() => window.embeddingLab.shareText());
  assert.match(text, /^# Embedding Lab: this state in NumPy/);
  assert.equal(text, await page.evaluate(() => window.embeddingLab.exportScript('numpy')));
  await page.context().close();
});
