// A lost WebGL context (WEBGL_lose_context stands in for a GPU reset): drawing stops with a
// message over the canvas, and once the context is restored the page draws again, looking as
// it did, with the learner's state kept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, closePage, snapshot, frames, screenshot } from './harness.mjs';
import { readFile } from 'node:fs/promises';
import { decodePng } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Pixels that differ between two screenshots of the same size.
function differingPixels(a, b) {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  let n = 0;
  for (let i = 0; i < a.pixels.length; i += a.channels) {
    for (let c = 0; c < 3; c++) if (a.pixels[i + c] !== b.pixels[i + c]) { n++; break; }
  }
  return n;
}

const shot = async (page, name) => decodePng(await readFile(await screenshot(page, name)));

test('a lost WebGL context stops drawing with a message; restored, the page draws again with its state', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=5&d=4&init=normal&seed=7&ids=4,1,1&theme=dark');
  await page.mouse.move(5, 795);  // away from every widget: no hover in either screenshot
  await frames(page, 3);
  const before = await snapshot(page);
  const drawnBefore = await shot(page, 'context-before-loss');

  // The extension belongs to the context: getContext('webgl2') hands back the page's own.
  await page.evaluate(() => {
    window.__loseContext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    window.__loseContext.loseContext();
  });
  await page.waitForFunction(() => document.getElementById('status').className === 'notice');
  const message = await page.evaluate(() => document.getElementById('status').textContent);
  assert.match(message, /WebGL context was lost/);
  assert.match(message, /work is kept/);

  // Input and wake-ups draw nothing while the context is gone.
  const lostAt = await page.evaluate(() => window.embeddingLab.frameStats().frames);
  for (let i = 0; i < 10; i++) {
    await page.mouse.move(200 + 20 * i, 300);
    await page.evaluate(() => window.Module._el_wake());
    await sleep(30);
  }
  assert.equal(await page.evaluate(() => window.embeddingLab.frameStats().frames), lostAt, 'frames drawn without a context');
  // The state is still there, and still answers.
  assert.deepEqual(await snapshot(page), before);

  await page.evaluate(() => window.__loseContext.restoreContext());
  await page.waitForFunction(() => document.getElementById('status').className === 'hidden');
  await page.mouse.move(5, 795);
  await frames(page, 3);
  assert.ok(await page.evaluate((n) => window.embeddingLab.frameStats().frames > n, lostAt), 'no frame after the restore');
  assert.deepEqual(await snapshot(page), before, 'the state changed across the lost context');

  // Drawn again, and drawn the same: the program, buffers and font texture were remade.
  const drawnAfter = await shot(page, 'context-after-restore');
  const changed = differingPixels(drawnBefore, drawnAfter);
  console.log(`context lost and restored: ${changed} of ${drawnAfter.width * drawnAfter.height} pixels differ from before the loss`);
  assert.equal(changed, 0, 'the page looks different after the context came back');

  // And it still reacts: an edit after the restore is drawn and applied.
  const result = await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=2&theme=dark'));
  assert.equal(result.ok, true);
  await frames(page, 2);
  assert.deepEqual((await snapshot(page)).gather, [[0.699999988079071, 0.800000011920929, 0.8999999761581421]]);
  assert.ok(differingPixels(drawnAfter, await shot(page, 'context-after-edit')) > 0, 'the edit was not drawn');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});
