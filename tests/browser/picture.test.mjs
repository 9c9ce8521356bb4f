// ctest: timed cases alone (timed() cases measure time: nothing runs beside them)
// The picture (src/app/panels_picture.cpp): linked highlighting seen in the pixels, the walk's
// counts and pace, reduced motion, the phone layout, and the UI's cost with the picture drawn.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { serve, launch, openPage, closePage, snapshot, frames, widgetCenter, clickWidget, screenshot, timed, untimed, THEMES } from './harness.mjs';
import { decodePng, contrastRatio } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const rect = (page, name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
const loadText = () => `uptime load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`;
// More runnable work than cores stretches every timing by about the run queue's length.
const crowding = () => Math.max(1, os.loadavg()[0] / os.cpus().length);

// The pixels of a named region (2 CSS px of margin: outlines sit just outside a block).
async function regionPixels(page, name) {
  const r = await rect(page, name);
  assert.ok(r && r.visible, `${name} is drawn and visible`);
  const box = await page.locator('#canvas').boundingBox();
  return page.screenshot({ clip: { x: box.x + r.x - 2, y: box.y + r.y - 2, width: r.width + 4, height: r.height + 4 } });
}

async function moveAway(page) {
  await page.mouse.move(2, 2);
  await frames(page, 3);
}

untimed("hovering W's row label 1 lights id 1 up: highlight.id, and the one-hot and out blocks change", async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,2', { width: 1440, height: 900 });
  await moveAway(page);
  assert.equal((await snapshot(page)).highlight, null);
  const onehotBefore = await regionPixels(page, 'picture:onehot');
  const outBefore = await regionPixels(page, 'picture:out');

  const { x, y } = await widgetCenter(page, 'picture:W:row:1');
  await page.mouse.move(x, y);
  await frames(page, 3);
  const s = await snapshot(page);
  assert.deepEqual(s.highlight, { id: 1, positions: [0] });
  assert.match(s.liveText, /^id 1: position 0; row 1 of dW = g_0; /);
  assert.equal(await page.evaluate(() => document.getElementById('live').textContent), s.liveText);
  assert.ok(!(await regionPixels(page, 'picture:onehot')).equals(onehotBefore), 'the one-hot block changed');
  assert.ok(!(await regionPixels(page, 'picture:out')).equals(outBefore), 'the out block changed');

  await moveAway(page);  // hover ends: nothing stays lit
  assert.equal((await snapshot(page)).highlight, null);
  assert.ok((await regionPixels(page, 'picture:out')).equals(outBefore), 'out is drawn as before once the hover ends');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

untimed('a repeated id highlights all its positions, from its chip or from highlight(id); bad ids are refused', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1440, height: 900 });
  const { x, y } = await widgetCenter(page, 'chip:2');
  await page.mouse.move(x, y);
  await frames(page, 3);
  let s = await snapshot(page);
  assert.deepEqual(s.highlight, { id: 2, positions: [0, 2, 3] });
  assert.match(s.liveText, /^id 2: positions 0, 2, 3; row 2 of dW = g_0 \+ g_2 \+ g_3; /);
  await moveAway(page);

  const dwBefore = await regionPixels(page, 'picture:dW');
  const set = await page.evaluate(() => window.embeddingLab.highlight(2));
  assert.deepEqual(set, { ok: true, error: '', highlight: { id: 2, positions: [0, 2, 3] } });
  await frames(page, 3);
  assert.deepEqual((await snapshot(page)).highlight, { id: 2, positions: [0, 2, 3] }, 'set by the API, it stays');
  assert.ok(!(await regionPixels(page, 'picture:dW')).equals(dwBefore), 'dW shows the highlighted row');

  for (const bad of [3, -1, 1.5, 'x']) {
    const r = await page.evaluate((id) => window.embeddingLab.highlight(id), bad);
    assert.equal(r.ok, false, String(bad));
    assert.match(r.error, /^highlight: /);
    assert.deepEqual(r.highlight, { id: 2, positions: [0, 2, 3] }, 'a refused id leaves the highlight as it was');
  }
  const cleared = await page.evaluate(() => window.embeddingLab.highlight(null));
  assert.equal(cleared.highlight, null);
  // Not in the link: highlighting is where the learner points, not the lesson's state.
  assert.doesNotMatch(await page.evaluate(() => window.embeddingLab.getLink()), /highlight|hl=/);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A tap leaves ImGui's focus on the region tapped and, once the finger is up, no hover: the
// highlight followed that focus and lit the region's first row's id, whichever row was tapped.
untimed('a tap on a row of out or G lights and keeps that row id, on a phone as with the mouse', async () => {
  for (const [how, opts] of [['phone', { width: 390, height: 844, dpr: 2, mobile: true }], ['mouse', { width: 1440, height: 900 }]]) {
    const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=normal&seed=2&ids=0,1,2,3&panels=forward,backward', opts);
    const box = await page.locator('#canvas').boundingBox();
    for (const [block, row] of [['picture:out', 2], ['picture:out', 1], ['picture:G', 3]]) {
      await widgetCenter(page, block), await moveAway(page);  // scrolled into view, the pointer off it
      const v = await rect(page, block);
      const x = box.x + v.x + v.width / 6, y = box.y + v.y + v.height * (row + 0.5) / 4;
      if (how === 'phone') await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y), await moveAway(page);
      await frames(page, 6);
      assert.deepEqual((await snapshot(page)).highlight, { id: row, positions: [row] }, `${how}: ${block} row ${row} tapped`);
    }
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

timed('the walk: V terms, V-1 against zero, the gather one step; paced by the clock, skip ends it at once', async (t) => {
  const page = await openPage(browser, server.url + '#v=1&V=1000&d=4&init=normal&seed=3&ids=7,999,7',
                              { width: 1440, height: 900 });
  const s = await snapshot(page);
  // Skip to end through the API: done in the call, no frame needed.
  const skipped = await page.evaluate(() => window.embeddingLab.walk({ b: 1, c: 2, skipToEnd: true }));
  assert.equal(skipped.terms, 1000);
  assert.equal(skipped.zeroTerms, 999);
  assert.equal(skipped.gatherSteps, 1);
  assert.equal(skipped.value, s.gather[1][2], 'the walked sum is the looked-up number');
  assert.equal(skipped.gatherValue, s.table[999][2]);
  assert.ok(skipped.doneFrame - skipped.startFrame <= 1, 'skip to end: one frame');

  // Picked by clicking out[2][3], started and skipped with the buttons.
  const out = await rect(page, 'picture:out');
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.click(box.x + out.x + out.width * (3.5 / 4), box.y + out.y + out.height * (2.5 / 3));
  await frames(page, 2);
  await clickWidget(page, 'walk:start');
  let st = await page.evaluate(() => window.embeddingLab.walkStatus());
  assert.deepEqual([st.b, st.c, st.id, st.V], [2, 3, 7, 1000]);
  assert.equal(st.done, false, 'at the default speed a 1,000-term walk takes seconds');
  await clickWidget(page, 'walk:skip');
  st = await page.evaluate(() => window.embeddingLab.walkStatus());
  assert.deepEqual([st.done, st.terms, st.zeroTerms], [true, 1000, 999]);

  // The default pace, timed: the whole column of 1,000 terms.
  const t0 = Date.now();
  const walked = await page.evaluate(() => window.embeddingLab.walk({ b: 0, c: 0 }));
  const seconds = (Date.now() - t0) / 1000;
  assert.deepEqual([walked.terms, walked.zeroTerms], [1000, 999]);
  assert.equal(walked.value, s.gather[0][0]);
  const line = `walk over V = 1,000 at the default speed: ${seconds.toFixed(2)} s in ${walked.doneFrame - walked.startFrame} ` +
               `frames; skip to end: ${skipped.doneFrame - skipped.startFrame} frames (${loadText()})`;
  console.log(line);
  t.diagnostic(line);
  assert.ok(seconds < 10 * crowding(), line);

  // Once it ends the page goes idle again: the walk draws only while it runs.
  await page.waitForTimeout(1500);
  const f0 = await page.evaluate(() => window.embeddingLab.frameStats().frames);
  await page.waitForTimeout(600);
  assert.equal(await page.evaluate(() => window.embeddingLab.frameStats().frames), f0, 'no frames after the walk');

  const bad = await page.evaluate(() => window.embeddingLab.walk({ b: 3, c: 0 }).then(() => 'resolved', (e) => e.message));
  assert.match(bad, /^walk: b = 3 is not a position of the batch/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

untimed('prefers-reduced-motion: reduce shows the walk\'s end state at once', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=1000&d=4&init=normal&seed=3&ids=7,999,7');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await frames(page, 2);
  const st = await page.evaluate(() => {
    const M = window.Module;
    M._el_walk_start(1, 0, 0, 0);  // as the Walk button: no skip asked for
    return window.embeddingLab.walkStatus();
  });
  assert.deepEqual([st.done, st.running, st.terms, st.zeroTerms], [true, false, 1000, 999]);
  assert.equal(st.doneFrame, st.startFrame, 'the end state in the same frame');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await frames(page, 2);
  const moving = await page.evaluate(() => { window.Module._el_walk_start(1, 0, 0, 0); return window.embeddingLab.walkStatus(); });
  assert.deepEqual([moving.done, moving.running], [false, true], 'without the preference the walk animates');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

untimed("the gather's chips are as wide as the largest id's digits: 40 px for ids up to 2, wider for 99999", async () => {
  // 40 px left "99999" (about 48 px of text at 15 px) running into the chip's edges.
  const widths = [];
  for (const hash of ['v=1&V=3&d=3&init=example&ids=1', 'v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000']) {
    const page = await openPage(browser, server.url + '#' + hash, { width: 1440, height: 900 });
    widths.push((await rect(page, 'picture:ids')).width);
    await closePage(page);
  }
  assert.equal(widths[0], 40);
  assert.ok(widths[1] >= 48 && widths[1] <= 60, `the 100,000-row preset's chips: ${widths[1]} px`);
});

// A strip holding several looked-up ids has sub-rows 1-2 px tall, or (more than three) shows one row: too
// thin to aim at. Clicking it again steps the pinned id through the strip's ids, then lets go.
untimed('clicking a strip that several looked-up ids share again pins each of them in turn, then none', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=100000&d=16&init=normal&seed=1&ids=5,6,7,8,0,99999', { width: 1440, height: 900 });
  await frames(page, 3);
  const W = await rect(page, 'picture:W');
  const pinned = [];
  for (let i = 0; i < 6; i++) {
    await page.mouse.click(W.x + W.width / 2, W.y + 1);
    await page.mouse.move(5, 895);
    await frames(page, 3);
    pinned.push((await snapshot(page)).highlight?.id ?? null);
  }
  assert.deepEqual(pinned, [0, 5, 6, 7, 8, null]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Six ids at d = 16 (a learner's batch in the 100,000-row preset): onehot^T's six 15 px columns pushed dW
// and its shape ("100000 x 16", wider than the block) past the edge, the shape out of the scroll's reach too.
untimed('at 390 x 844, dpr 2, the picture fits the phone: no block or shape clipped horizontally', async () => {
  for (const hash of ['v=1&V=3&d=3&init=example&ids=1', 'v=1&V=3&d=3&init=example&ids=2,0,2,2',
                      'v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000',
                      'v=1&V=100000&d=16&init=normal&seed=1&ids=0,0,7,99998,99999,50000']) {
    const page = await openPage(browser, server.url + '#' + hash, { width: 390, height: 844, dpr: 2, mobile: true });
    await frames(page, 2);
    for (const name of ['picture:onehot', 'picture:W', 'picture:out', 'picture:ids', 'picture:gather', 'picture:G', 'picture:dW',
                        'picture:out:header', 'picture:gather:header', 'picture:dW:header']) {
      const r = await rect(page, name);
      assert.ok(r, `${name} drawn (${hash})`);
      assert.ok(r.x >= 0 && r.x + r.width <= 390, `${name} within 0..390 px: x ${r.x}, width ${r.width} (${hash})`);
    }
    // The mid block's shape clear of the right one's ("100000 x 166 x 16" when they ran together).
    for (const [mid, right] of [['W', 'out'], ['W:gather', 'gather'], ['G', 'dW']]) {
      const m = await rect(page, `picture:${mid}:header`), r = await rect(page, `picture:${right}:header`);
      assert.ok(m.x + m.width + 4 <= r.x, `${mid}'s shape ends at ${m.x + m.width}, ${right}'s starts at ${r.x} (${hash})`);
    }
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// Moves the pointer in circles over (x, y), one mousemove per animation frame, until n frames
// were drawn; the median uiMs and frameMs of exactly-one-new-frame samples, the animation frames
// per second, and the longest gap between two of them (the text view's redraws fall in those gaps).
function uiWhileMoving(page, x, y, n = 60) {
  return page.evaluate(({ x, y, n }) => new Promise((resolve) => {
    const canvas = document.getElementById('canvas');
    const ui = [], frame = [], start = performance.now(), deadline = start + 60000;
    let last = window.embeddingLab.frameStats().frames, i = 0, ticks = 0, lastTick = start, longestGap = 0;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const tick = () => {
      const s = window.embeddingLab.frameStats(), now = performance.now();
      if (s.frames === last + 1) ui.push(s.lastUiMs), frame.push(s.lastFrameMs);
      last = s.frames, ticks++, longestGap = Math.max(longestGap, now - lastTick), lastTick = now;
      if (ui.length >= n || now > deadline) {
        resolve({ uiMs: median(ui), frameMs: median(frame), samples: ui.length, fps: 1000 * ticks / (now - start), longestGap });
        return;
      }
      const a = (i++ % 36) * Math.PI / 18;
      canvas.dispatchEvent(new MouseEvent('mousemove', {
        clientX: x + 60 * Math.cos(a), clientY: y + 40 * Math.sin(a), bubbles: true, cancelable: true, view: window }));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), { x, y, n });
}

// B = 1,024 at V = 100,000: the one-hot block would be 409.6 MB, so the lesson builds it a few rows at a
// time (src/core/one_hot_matmul.h) and the picture draws it from the ids.
const bigIds = (B, V = 100000) => Array.from({ length: B }, (_, b) => (b % 5 ? (b * 102947 + b * b) % V : 4242));
timed('uiMs at 1440 x 900 with the picture drawn: default state, 100,000 rows with B = 256 and B = 1,024 (printed)', async (t) => {
  for (const [what, hash] of [['default state', ''],
                              ['100,000-row preset, B = 256', `v=1&V=100000&d=16&init=normal&seed=1&ids=${bigIds(256)}`],
                              ['100,000 rows, B = 1,024 (the largest batch)', `v=1&V=100000&d=16&init=normal&seed=1&ids=${bigIds(1024)}`]]) {
    const page = await openPage(browser, server.url + (hash ? '#' + hash : ''), { width: 1440, height: 900 });
    const box = await page.locator('#canvas').boundingBox();
    const W = await rect(page, 'picture:W');
    const m = await uiWhileMoving(page, box.x + W.x + W.width / 2, box.y + W.y + Math.min(W.height / 2, 100));
    const line = `1440 x 900, ${what}, pointer over the picture: uiMs median ${m.uiMs.toFixed(2)}, frameMs ${m.frameMs.toFixed(2)} over ` +
                 `${m.samples} frames, ${m.fps.toFixed(1)} frames/s, longest gap ${m.longestGap.toFixed(0)} ms (${loadText()})`;
    console.log(line);
    t.diagnostic(line);
    assert.ok(m.samples >= 20, line);
    await screenshot(page, `picture-1440-${hash ? (hash.length > 4000 ? 'largest' : 'large') : 'default'}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

timed('V = 100,000, B = 1,024: both routes computed and equal, the edit timed, hover still names the id', async (t) => {
  const ids = bigIds(1024);
  const link = (B) => `v=1&V=100000&d=16&init=normal&seed=1&ids=${ids.slice(0, B)}`;
  const page = await openPage(browser, server.url + '#' + link(256), { width: 1440, height: 900 });
  // One edit to B = 1,024: the lesson recomputes both routes, the one-hot one with 1024 x 100,000 x 16
  // multiply-adds forward and as many backward, inside this call.
  const { ms, answer } = await page.evaluate((l) => {
    const t0 = performance.now();
    const answer = window.embeddingLab.setLink(l);
    return { ms: performance.now() - t0, answer };
  }, link(1024));
  assert.deepEqual(answer, { ok: true, errors: [], notices: [] });
  await frames(page, 2);
  // Compared inside the page: a snapshot with W's 1.6 million numbers takes most of a minute to ship.
  const s = await page.evaluate(() => {
    const full = window.embeddingLab.snapshot();
    const same = full.matmul.length === full.gather.length &&
                 full.matmul.every((row, b) => row.every((v, c) => Object.is(v, full.gather[b][c])));
    return { ...window.embeddingLab.snapshot({ matrices: false }), outRows: full.gather.length, same };
  });
  assert.equal(s.ids.length, 1024);
  assert.equal(s.errors.result, '', 'the lesson accepted B = 1,024 at V = 100,000');
  assert.equal(s.equal, true);
  assert.equal(s.gradsEqual, true);
  assert.equal(s.outRows, 1024);
  assert.ok(s.same, 'the one-hot route equals the gather, bit for bit');
  const line = `setLink to B = 1,024 at V = 100,000 x 16 (both routes, 2 x 1.64 billion multiply-adds on the one-hot ` +
               `route): ${ms.toFixed(0)} ms (${loadText()})`;
  console.log(line);
  t.diagnostic(line);

  // Hover a row of out: its id lights up, and the live line names it.
  const out = await rect(page, 'picture:out');
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + out.x + out.width / 2, box.y + out.y + out.height * 0.3);
  await frames(page, 3);
  const small = () => page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }));
  const h = (await small()).highlight;
  assert.ok(h && ids.includes(h.id), `hovering out highlights an id of the batch: ${JSON.stringify(h)}`);
  assert.deepEqual(h.positions, ids.flatMap((id, b) => (id === h.id ? [b] : [])));
  assert.match((await small()).liveText, new RegExp(`^id ${h.id}: position`));
  // B*V*d past the one-hot route's work limit: that route says so, and the gather route still runs.
  assert.ok(await page.evaluate(() => window.embeddingLab.widgetRect('grad-check')), 'the routes\' gradients are compared');
  const big = await page.evaluate(() => window.embeddingLab.setSize(100000, 32));
  assert.equal(big.ok, true);
  await frames(page, 2);
  const over = await page.evaluate(() => {
    const s = window.embeddingLab.snapshot();
    const row = (b) => s.table[s.ids[b]];
    return { result: s.errors.result, skipped: s.oneHotSkipped, matmulRows: s.matmul.length, gatherRows: s.gather.length,
             gathered: s.gather.every((out, b) => out.every((v, c) => Object.is(v, row(b)[c]))),
             touched: s.touchedRows.length, live: s.liveText };
  });
  assert.equal(over.result, '', 'the lesson is computed');
  assert.match(over.skipped, /^Not computed: the one-hot route B x V x d = 1,024 x 100,000 x 32 would take 3\.28 billion multiply-adds each way/);
  assert.equal(over.matmulRows, 0);
  assert.equal(over.gatherRows, 1024);
  assert.ok(over.gathered, 'out[b] = W[ids[b]] at 1,024 x 100,000 x 32');
  assert.ok(over.touched > 0, 'the gradient reaches the rows the batch touched');
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('grad-check')), null, 'no comparison line without the one-hot route');
  assert.match(over.live, /gather gives \[.*; the one-hot matmul was not run \(too much work\); gradient reaches rows? /);
  // The text view says it in place of the matmul's table.
  await page.waitForFunction(() => [...document.querySelectorAll('#text-view p')].some((p) => p.textContent.startsWith('Not computed: the one-hot route')),
                             null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('#text-view table')].some((t) => t.caption?.textContent.startsWith('One-hot matmul'))),
               false, 'no matmul table in the text view');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The colour of one cell of a block, a few pixels in from its top-left corner (clear of the number).
async function cellColor(page, name, row, rows, col, cols) {
  const r = await rect(page, name);
  const box = await page.locator('#canvas').boundingBox();
  const png = decodePng(await page.screenshot({ clip: {
    x: box.x + r.x + (r.width * col) / cols + 3, y: box.y + r.y + (r.height * row) / rows + 3, width: 1, height: 1 } }));
  return [...png.pixels.subarray(0, 3)];
}

untimed('dW and G on a log scale: one heavy id leaves a once-used row visible, an untouched row empty', async () => {
  // id 0 three times with g = 1000, id 1 once with g = 1: row 1 of dW is 1/3000 of row 0.
  const g = [0, 1, 2, 3].flatMap((b) => [0, 1, 2].map((c) => `${b}:${c}:${b < 3 ? 1000 : 1}`)).join(',');
  const page = await openPage(browser, server.url + `#v=1&V=3&d=3&init=example&ids=0,0,0,1&g=${g}`, { width: 1440, height: 900 });
  await moveAway(page);
  const s = await snapshot(page);
  assert.deepEqual(s.gradTable, [[3000, 3000, 3000], [1, 1, 1], [0, 0, 0]]);
  const heavy = await cellColor(page, 'picture:dW', 0, 3, 0, 3);
  const small = await cellColor(page, 'picture:dW', 1, 3, 0, 3);
  const empty = await cellColor(page, 'picture:dW', 2, 3, 0, 3);
  const differs = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
  console.log(`dW cell colours: heavy row ${heavy}, once-used row ${small}, untouched row ${empty}`);
  assert.ok(differs(small, empty) >= 30, `the once-used row is tinted: ${small} vs the empty ${empty}`);
  assert.ok(differs(heavy, small) >= 30, `and lighter than the heavy one: ${heavy} vs ${small}`);
  const gSmall = await cellColor(page, 'picture:G', 3, 4, 0, 3);
  assert.ok(differs(gSmall, empty) >= 30, `G's small row is tinted too: ${gSmall}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Which cells of a block carry a number: ink in the cell's middle that its fill colour (sampled at the
// cell's top-left corner, clear of the number) does not have.
async function numberedCells(page, name, rows, cols) {
  const r = await rect(page, name);
  assert.ok(r && r.visible, `${name} is drawn and visible`);
  const box = await page.locator('#canvas').boundingBox();
  const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x, y: box.y + r.y, width: r.width, height: r.height } }));
  const scale = png.width / r.width, at = (x, y) => png.pixels.subarray((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3);
  const cells = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) {
    const [x0, x1, y0, y1] = [j / cols, (j + 1) / cols, i / rows, (i + 1) / rows].map((f, k) => Math.floor(f * (k < 2 ? png.width : png.height)));
    const fill = at(x0 + Math.ceil(2 * scale), y0 + Math.ceil(2 * scale));
    let ink = 0;
    for (let y = Math.floor(y0 + (y1 - y0) * 0.25); y < y1 - (y1 - y0) * 0.25; y++)
      for (let x = Math.floor(x0 + (x1 - x0) * 0.15); x < x1 - (x1 - x0) * 0.15; x++)
        ink += Math.max(...at(x, y).map((v, c) => Math.abs(v - fill[c]))) > 80;
    cells.push(ink >= 2 * scale);
  }
  return cells;
}

// A narrow block (a phone) showed numbers only where they fitted: G read "0.01, blank, 0.03", the
// blank reading as a missing value (its -0.02 too wide). A block numbers every cell or none.
untimed('a block of the picture numbers all its cells or none, on a phone and on a desktop', async () => {
  for (const [width, height, dpr, link] of [[390, 844, 3, 'V=3&d=3&init=example&ids=1'], [390, 844, 3, 'V=5&d=4&init=normal&seed=7&ids=3'],
                                            [1440, 900, 1, 'V=3&d=3&init=example&ids=1']]) {
    const page = await openPage(browser, server.url + '#v=1&panels=forward,backward&' + link, { width, height, dpr, mobile: width < 500 });
    const s = await snapshot(page);
    const B = s.ids.length, V = s.table.length, d = s.table[0].length;
    for (const [name, rows, cols] of [['picture:W', V, d], ['picture:W:gather', V, d], ['picture:G', B, d], ['picture:dW', V, d]]) {
      await widgetCenter(page, name);  // scrolled into view
      await moveAway(page);
      const cells = await numberedCells(page, name, rows, cols);
      const n = cells.filter(Boolean).length;
      console.log(`${width} x ${height} dpr ${dpr}, ${link}, ${name} (${rows} x ${cols}): ${n} cells numbered`);
      assert.ok(n === 0 || n === cells.length, `${width} x ${height}, ${name}: ${n} of ${cells.length} cells numbered`);
      if (width > 500) assert.equal(n, cells.length, `${name}: a desktop's cells are wide enough for every number`);
    }
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// Blocks of colour where the lesson's numbers are: a 360 px phone's canonical 3 x 3 and the basics tour's
// 5 x 4 at 1440 px (the step that says the output is d ordinary numbers) drew none. Where the font's size
// does not fit, three quarters of it does. The phone's G and dW too, since the row labels' column and the
// picture's right margin gave up 4 px each (their -0.02 had needed 29 px cells; they were 28).
untimed('a 360 px phone\'s 3 x 3 and the basics tour\'s 5 x 4 at 1280 to 1440 px number their blocks, both routes alike', async () => {
  for (const [width, height, dpr, link, names] of [
    [360, 740, 3, 'v=1&panels=forward,backward&V=3&d=3&init=example&ids=1', ['picture:W', 'picture:W:gather', 'picture:G', 'picture:dW']],
    // A laptop's widths: the one-hot route's blocks were colour only from 1440 px down (review z4), its
    // cells 25-32 px beside the gather's numbered ones. Table W's column now gives the pictures room.
    ...[[1440, 900, 1], [1366, 768, 1], [1280, 720, 1.25]].map(([w, h, dpr]) =>
      [w, h, dpr, 'tour=basics&step=3', ['picture:W', 'picture:out', 'picture:W:gather', 'picture:gather', 'picture:G', 'picture:dW']])]) {
    const page = await openPage(browser, server.url + '#' + link, { width, height, dpr, mobile: width < 500 });
    const s = await snapshot(page);
    const shape = { 'picture:G': [s.ids.length, s.table[0].length], 'picture:out': [s.ids.length, s.table[0].length],
                    'picture:gather': [s.ids.length, s.table[0].length] };
    for (const name of names) {
      await widgetCenter(page, name);
      await moveAway(page);
      const [rows, cols] = shape[name] || [s.table.length, s.table[0].length];
      const n = (await numberedCells(page, name, rows, cols)).filter(Boolean).length;
      assert.equal(n, rows * cols, `${width} x ${height}, ${name}: ${n} of ${rows * cols} cells numbered`);
    }
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

// How wide each cell's number is drawn (CSS px; 0: no number): the columns of ink between the cell's
// first and last, against its fill colour (sampled at its top-left corner).
async function numberWidths(page, name, cols) {
  const r = await rect(page, name);
  const box = await page.locator('#canvas').boundingBox();
  const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x, y: box.y + r.y, width: r.width, height: r.height } }));
  const scale = png.width / r.width, at = (x, y) => png.pixels.subarray((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3);
  return Array.from({ length: cols }, (_, j) => {
    const x0 = Math.floor(j / cols * png.width), x1 = Math.floor((j + 1) / cols * png.width), inset = Math.ceil(3 * scale);
    const fill = at(x0 + inset, inset);
    const inked = [];
    for (let x = x0 + inset; x < x1 - inset; x++)
      for (let y = Math.floor(png.height * 0.2); y < png.height * 0.8; y++)
        if (Math.max(...at(x, y).map((v, c) => Math.abs(v - fill[c]))) > 80) { inked.push(x); break; }
    return inked.length ? (inked[inked.length - 1] - inked[0] + 1) / scale : 0;
  });
}

// Review z4: on a 1024 px tablet the one-hot route's out read "-0.8 -0.44 0.059" and the gather's W[ids]
// beside it "-0.796 -0.443 0.0592": the same numbers, as if the two routes gave two results. The gather's
// wider cells print in no more room than the one-hot route's had.
untimed('the one-hot route\'s out and the gather\'s W[ids] print the same numbers alike', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=basics&step=3', { width: 1024, height: 768, dpr: 2, mobile: true });
  const d = (await snapshot(page)).table[0].length;
  await widgetCenter(page, 'picture:gather');
  await moveAway(page);
  const out = await numberWidths(page, 'picture:out', d), gathered = await numberWidths(page, 'picture:gather', d);
  assert.ok(out.every((w) => w > 0), `the one-hot route's out is numbered here: ${out}`);
  for (let c = 0; c < d; c++)
    assert.ok(Math.abs(out[c] - gathered[c]) <= 1.5, `column ${c}: a number ${out[c]} px wide in out, ${gathered[c]} px in W[ids] (${out} / ${gathered})`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

const contrast = contrastRatio;  // WCAG 2.1, of 0..255 sRGB triples

untimed("the picture's marks reach 3:1 against what they sit on, in every theme", async (t) => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1000, height: 700 });
  for (const theme of THEMES) {
    assert.equal((await page.evaluate((th) => window.embeddingLab.setLink(`v=1&V=3&d=3&init=example&ids=2,0,2,2&theme=${th}`), theme)).ok, true);
    await frames(page, 2);
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_picture_colors_json())));
    const pairs = [  // [what, mark, what it sits on, the ratio it needs]
      ['lit 1 on a zero cell', c.lit, c.zeroCell, 3], ['tick on the window', c.lit, c.window, 3],
      ['highlight (bands, outlines, labels) on the window', c.highlight, c.window, 4.5],
      ['highlight band across the one-hot zeros', c.highlight, c.zeroCell, 3],
      ['highlight outline on its halo', c.highlight, c.halo, 3], ['walk target on its halo', c.target, c.halo, 3],
      ['empty dW row outline on the window', c.emptyLine, c.window, 3],
      ['number on the highlighted chip', c.chipLitText, c.chipLit, 4.5],
      ['faint band (another id\'s) on the window', c.band, c.window, 3],
    ];
    const figures = pairs.map(([what, fg, bg, need]) => [what, contrast(fg, bg), need]);
    const line = `${theme}: ` + figures.map(([what, r]) => `${what} ${r.toFixed(2)}`).join(', ');
    console.log(line);
    t.diagnostic(line);
    for (const [what, r, need] of figures) assert.ok(r >= need, `${theme}: ${what} is ${r.toFixed(2)}:1, below ${need}:1`);
    // The highlighted id's band stays clearly the strong one (it is also drawn thicker).
    const [strong, faint] = [contrast(c.highlight, c.window), contrast(c.band, c.window)];
    assert.ok(strong >= 1.8 * faint, `${theme}: the strong band ${strong.toFixed(2)}:1 against the faint ${faint.toFixed(2)}:1`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

untimed('screenshots for looking at: 1440 x 900, 390 x 844 at dpr 2, a 600 x 400 embed', async () => {
  const shots = [
    ['picture-1440', '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1440, height: 900 }],
    ['picture-390', '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 390, height: 844, dpr: 2, mobile: true }],
    ['picture-embed', '#v=1&V=3&d=3&init=example&ids=2,0,2,2&embed=1&panels=forward', { width: 600, height: 400 }],
  ];
  for (const [name, hash, view] of shots) {
    const page = await openPage(browser, server.url + hash, view);
    await page.evaluate(() => window.embeddingLab.highlight(2));
    await frames(page, 3);
    const r = await rect(page, 'picture:out');
    assert.ok(r && r.x + r.width <= view.width, `${name}: out fits`);
    await screenshot(page, name);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
});

untimed('the text view says what the picture shows: each position\'s 1, its row of W and of out, the counts; it follows the ids', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1440, height: 900 });
  const read = () => page.evaluate(() => ({
    text: document.getElementById('tv-picture').textContent,
    links: [...document.querySelectorAll('#tv-picture-links li')].map((li) => li.textContent),
  }));
  const check = async (ids, V, d) => {
    const s = await snapshot(page);
    assert.deepEqual(s.ids, ids);
    // (Hidden under the canvas, the view may follow a change once changes pause: glue.js's stateChanged.)
    await page.waitForFunction((n) => document.querySelectorAll('#tv-picture-links li').length === n, ids.length);
    const { text, links } = await read();
    const B = ids.length;
    assert.ok(text.includes(`onehot(ids) (B x V = ${B} x ${V}) @ W (V x d = ${V} x ${d}) = out (B x d = ${B} x ${d})`), text);
    assert.ok(text.includes(`${B * V * d} multiply-adds, ${B * (V - 1) * d} of them against zero`), text);
    assert.ok(text.includes(`copies ${B * d} numbers`), text);
    assert.ok(text.includes(`takes V = ${V} terms, ${V - 1} of them multiplied by zero`), text);
    assert.equal(links.length, B);
    ids.forEach((id, b) => assert.equal(links[b],
      `position ${b}: the 1 of one-hot row ${b} sits in column ${id}, which lines up with row ${id} of W; row ${b} of out is row ${id} of W`));
  };
  await check([2, 0, 2, 2], 3, 3);
  assert.equal((await page.evaluate(() => window.embeddingLab.setIds('1, 0'))).ok, true);
  await frames(page, 2);
  await check([1, 0], 3, 3);
  // A walk started and finished (on the canvas or here): the text view's walk line follows it, and
  // says no walk once a new batch has ended it.
  assert.equal(await page.textContent('#tv-walk'), 'No walk is running.');
  const w = await page.evaluate(() => window.embeddingLab.walk({ b: 0, c: 1 }));
  const done = `The walk of out[0][1]: 3 of 3 terms, 2 times zero, sum ${w.value}; the gather's one step gives W[1][1] = ${w.gatherValue}. Done.`;
  await page.waitForFunction((t) => document.getElementById('tv-walk').textContent === t, done);
  assert.equal((await page.evaluate(() => window.embeddingLab.setIds('2'))).ok, true);
  await page.waitForFunction(() => document.getElementById('tv-walk').textContent === 'No walk is running.');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Backward, a band leaves onehot^T at row ids[b], as forward's leaves row b: they had the row and the
// column swapped (for ids 2, 0, 2, 2 id 2's bands left from the rows of ids 0 and 2 and past the block's
// last row). Where the block writes its zeros, the bands leave its right edge: from the 1 they ran across
// the rest of its row and struck the zeros through (id 2's band for b = 0 over the 0 of (2, 1)).
untimed('backward: each band leaves onehot^T at row ids[b], from its edge, not through the row\'s zeros', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1440, height: 900, dpr: 2 });
  await moveAway(page);
  assert.equal((await page.evaluate(() => window.embeddingLab.highlight(2))).ok, true);
  await frames(page, 3);
  const r = await rect(page, 'picture:onehotT');
  const box = await page.locator('#canvas').boundingBox();
  const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x, y: box.y + r.y, width: r.width + 10, height: r.height } }));
  const k = png.height / r.height, cw = r.width * k / 4, rh = png.height / 3;  // device px
  const at = (x, y) => [...png.pixels.subarray((Math.round(y) * png.width + Math.round(x)) * png.channels, (Math.round(y) * png.width + Math.round(x)) * png.channels + 3)];
  // Inside the block, just right of column 0: a row's middle against 4 px under it (the row's own tint).
  const inside = [0, 1, 2].map((row) => { const y = rh * (row + 0.5); return Math.max(...at(cw + 4, y).map((v, c) => Math.abs(v - at(cw + 4, y + 8)[c]))); });
  // Just past the block's edge (and the highlighted row's outline): row 2's middle against row 1's (id 1 is
  // not in the batch: the window there).
  const x = (r.width + 6) * k, edge = Math.max(...at(x, rh * 2.5).map((v, c) => Math.abs(v - at(x, rh * 1.5)[c])));
  console.log(`onehot^T: just right of column 0, rows 0-2: ${inside.join(', ')}; past the block, row 2: ${edge}`);
  assert.ok(inside.every((v) => v < 30), `a band crosses a zero at column 1: ${inside}`);
  assert.ok(edge >= 60, `id 2's bands leave row 2 at the block's edge: ${edge}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A block of more than 32 rows or columns is drawn in 48 strips: the page says so under each picture
// (B = 256 read as 48 one-hot rows with two or three 1s each, under a sentence saying each row has one).
untimed('a picture drawn in strips says so; one drawn cell for cell does not', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2,0,2,2', { width: 1440, height: 900 });
  for (const key of ['fwd', 'gather', 'bwd']) assert.equal(await rect(page, 'picture:strips:' + key), null, key);
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=' + Array.from({ length: 256 }, (_, b) => b % 3).join(',')));
  await frames(page, 4);
  for (const key of ['fwd', 'bwd']) assert.ok(await rect(page, 'picture:strips:' + key), key);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// At V = 100,000 W, dW and onehot^T are drawn in 48 strips of about 2,083 rows. A strip holding looked-up
// rows shows them (up to three as that many sub-rows, top to bottom), and pointing at one means its row:
// hovering the strip that holds 99998 and 99999 lit 97916, its first row, not in the batch, and its
// tooltip said "row 97916 of dW stays 0" over rows 99998/99999's gradient.
const large = (ids, more = '') => `#v=1&V=100000&d=16&init=normal&seed=1&ids=${ids}&panels=forward,backward${more}`;
const stripY = (r, strip, f) => r.y + (r.height * (strip + f)) / 48;  // f: 0 top .. 1 bottom of the strip
const brief = (page) => page.evaluate(() => window.embeddingLab.snapshot({ matrices: false }));  // (not 1.6 million numbers)

untimed('in strips, pointing at a strip lights the looked-up id drawn there, not the strip\'s first row', async () => {
  const page = await openPage(browser, server.url + large('1,2,99998,99999'), { width: 1440, height: 900 });
  for (const name of ['picture:W', 'picture:dW', 'picture:onehotT']) {
    await widgetCenter(page, name), await moveAway(page);
    const r = await rect(page, name);
    const box = await page.locator('#canvas').boundingBox();
    for (const [strip, f, id, positions] of [[0, 0.25, 1, [0]], [0, 0.75, 2, [1]], [47, 0.25, 99998, [2]], [47, 0.75, 99999, [3]],
                                             [20, 0.5, 41666, []]]) {  // no looked-up row: the strip's first, as before
      await page.mouse.move(box.x + r.x + r.width * 0.4, box.y + stripY(r, strip, f));
      await frames(page, 3);
      const s = await brief(page);
      assert.deepEqual(s.highlight, { id, positions }, `${name}, strip ${strip} at ${f} of its height`);
      // (The dW tooltip's sentence is this one: describe_highlight of the hovered row.)
      if (positions.length) assert.match(s.liveText, new RegExp(`^id ${id}: position ${positions[0]}; row ${id} of dW = g_${positions[0]}; `));
    }
  }
  await moveAway(page);
  assert.deepEqual(page.problems, []);
  await closePage(page);
  // A tap on a phone pins the id drawn where the finger is.
  const phone = await openPage(browser, server.url + large('0,0,7,99998,99999,50000'), { width: 390, height: 844, dpr: 3, mobile: true });
  await widgetCenter(phone, 'picture:W'), await moveAway(phone);
  const r = await rect(phone, 'picture:W');
  const box = await phone.locator('#canvas').boundingBox();
  await phone.touchscreen.tap(box.x + r.x + r.width * 0.4, box.y + stripY(r, 47, 0.8));
  await frames(phone, 6);
  assert.deepEqual((await brief(phone)).highlight, { id: 99999, positions: [4] }, 'W\'s last strip, tapped low: id 99999');
  assert.deepEqual(phone.problems, []);
  await closePage(phone);
});

// Keyboard focus on a block lit its first row (at V = 100,000 id 0's strip, outside the batch), Enter pinned
// that row's id and nothing else, the keyboard heard the blocks' ImGui ids ("left", "mid", "rowlabel"), and
// once Enter had taken it into the picture Tab went round its blocks for ever: only Escape left.
untimed('from the keyboard a block lights a looked-up id and names it; Enter pins the next; Tab goes on past the picture', async () => {
  const page = await openPage(browser, server.url + large('5,99998,7'), { width: 1440, height: 900 });
  const said = () => page.evaluate(() => document.getElementById('focused').textContent);
  const press = async (key) => { await page.keyboard.press(key); await frames(page, 3); return [await said(), (await brief(page)).highlight]; };
  await page.locator('#canvas').focus();
  let [now] = await press('Tab');
  for (let i = 0; i < 40 && !now.startsWith('onehot(ids) @ W = out'); i++) [now] = await press('Tab');
  const help = '. Enter lights the next looked-up id and keeps it lit.';
  assert.equal(now, 'onehot(ids) @ W = out: onehot(ids), b 0: id 5' + help, 'the picture, its first block');
  assert.deepEqual(await press('Tab'), ['W, id 5' + help, { id: 5, positions: [0] }], "W: the first looked-up row, not id 0's strip");
  assert.deepEqual(await press('Enter'), ['W, id 7' + help, { id: 7, positions: [2] }], 'in row order');
  assert.deepEqual(await press('Enter'), ['W, id 99998' + help, { id: 99998, positions: [1] }]);
  assert.deepEqual(await press('Enter'), ['W, id 5' + help, { id: 5, positions: [0] }], 'round again');
  assert.deepEqual(await press('Tab'), ['out, b 0: id 5' + help, { id: 5, positions: [0] }], 'out lights the pinned id\'s row');
  assert.deepEqual(await press('Enter'), ['out, b 1: id 99998' + help, { id: 99998, positions: [1] }], 'out: in position order');
  assert.match((await press('Tab'))[0], /^Walk\./, 'Tab goes on to the next control');
  assert.deepEqual((await brief(page)).highlight, { id: 99998, positions: [1] }, 'kept lit after the picture');
  assert.match((await press('Shift+Tab'))[0], /^out, b 1: id 99998/, 'and back');
  // A small table: each row label of W is a stop of its own, named.
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=2,0,2,2&panels=forward'));
  now = '';
  for (let i = 0; i < 60 && !now.startsWith('onehot(ids) @ W = out'); i++) [now] = await press('Tab');
  assert.deepEqual(await press('Tab'), ['W, id 0. Enter keeps it lit, or lets it go.', { id: 0, positions: [1] }]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A narrow cell's number is written shorter or not at all, never rounded to another: a slip in fitting
// numbers to their cells (a whole number tried for every value) drew G's 0.01 and -0.02 as "0" and "-0"
// in a phone's picture. Read in the pixels: the ink of G's first cell spans a whole "0.01", or nothing.
untimed('a narrow picture cell shows its number whole or none: 0.01 never drawn as "0"', async () => {
  for (const [opts, drawn] of [[{ width: 390, height: 844, dpr: 2, mobile: true }, false], [{ width: 1440, height: 900, dpr: 2 }, true]]) {
    const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=example&ids=0,1,2,3,3&panels=backward', opts);
    await widgetCenter(page, 'picture:G'), await moveAway(page);
    const r = await rect(page, 'picture:G');
    const box = await page.locator('#canvas').boundingBox();
    // G's cell (b 0, column 0), inside its edges.
    const png = decodePng(await page.screenshot({ clip: { x: box.x + r.x + 2, y: box.y + r.y + 2, width: r.width / 3 - 4, height: r.height / 5 - 4 } }));
    const px = (x, y) => [0, 1, 2].map((k) => png.pixels[(y * png.width + x) * png.channels + k]);
    const fill = px(0, 0);
    const inked = [...Array(png.width).keys()].filter((x) => [...Array(png.height).keys()].some((y) => px(x, y).some((v, k) => Math.abs(v - fill[k]) > 80)));
    const span = inked.length ? (Math.max(...inked) - Math.min(...inked) + 1) / 2 : 0;  // CSS px
    console.log(`G[0][0] in the picture at ${opts.width} px: its number's ink spans ${span} CSS px`);
    if (drawn) assert.ok(span >= 20, `"0.01" drawn whole at ${opts.width} px: ${span} px of ink`);
    else assert.ok(span === 0 || span >= 20, `G[0][0] at ${opts.width} px: ${span} px of ink, a number cut short ("0")`);
    await closePage(page);
  }
});

// One pixel's colour, in page coordinates.
async function pixel(page, x, y) {
  const png = decodePng(await page.screenshot({ clip: { x, y, width: 1, height: 1 } }));
  return [...png.pixels.subarray(0, 3)];
}
const near = (a, b, tol = 3) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

// With ids 0, 0, 0, 99999, 7, 99999 W's top strip was painted with W[7] and labelled "0", and b0-b2's
// bands (id 0) went into it: out's rows 0-2 did not have the colours of the row their bands reached.
untimed('a strip holding several looked-up ids paints each its own row, where its bands end; its label lists them', async () => {
  const page = await openPage(browser, server.url + large('0,0,0,99999,7,99999'), { width: 1440, height: 900, dpr: 2 });
  await widgetCenter(page, 'picture:W'), await moveAway(page);
  const box = await page.locator('#canvas').boundingBox();
  const W = await rect(page, 'picture:W'), out = await rect(page, 'picture:out');
  // W and out share the table's colour scale: a sub-row of W has exactly the colours of the out rows of its id.
  for (const [strip, f, b] of [[0, 0.25, 0], [0, 0.75, 4], [47, 0.5, 3]])
    for (const c of [0, 5, 10, 15]) {
      const x = (r) => box.x + r.x + (r.width * (c + 0.5)) / 16;
      const w = await pixel(page, x(W), box.y + stripY(W, strip, f));
      const o = await pixel(page, x(out), box.y + out.y + (out.height * (b + 0.3)) / 6);
      assert.ok(near(w, o), `W's strip ${strip} at ${f} of its height, column ${c}: ${w}; out row ${b} (id ${[0, 0, 0, 99999, 7, 99999][b]}): ${o}`);
    }
  // Its label names both, the highlighted one in the accent colour, the other dim.
  const colors = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_picture_colors_json())));
  for (const [name, label] of [['picture:W', '0, 7'], ['picture:W:gather', '0, 7'], ['picture:onehotT', '0, 7'], ['picture:W', '99999']]) {
    const l = await rect(page, `${name}:label:${label}`);
    assert.ok(l && l.visible, `${name} has a label "${label}"`);
    const strip = label === '99999' ? 47 : 0, r = await rect(page, name);
    assert.ok(Math.abs(l.y + l.height / 2 - stripY(r, strip, 0.5)) <= 2, `"${label}" beside strip ${strip}: ${JSON.stringify(l)}`);
  }
  const accentIn = async (l, from, to) => {  // pixels of the accent colour in a horizontal slice of a label
    const png = decodePng(await page.screenshot({ clip: { x: box.x + l.x + l.width * from, y: box.y + l.y, width: l.width * (to - from), height: l.height } }));
    let n = 0;
    for (let i = 0; i < png.pixels.length; i += png.channels) n += near([...png.pixels.subarray(i, i + 3)], colors.highlight, 30);
    return n;
  };
  for (const [id, lit, dim] of [[7, [0.7, 1], [0, 0.3]], [0, [0, 0.3], [0.7, 1]]]) {
    await page.evaluate((h) => window.embeddingLab.highlight(h), id);
    await frames(page, 3);
    const l = await rect(page, 'picture:W:label:0, 7');
    const [a, d] = [await accentIn(l, ...lit), await accentIn(l, ...dim)];
    assert.ok(a >= 8 && d === 0, `id ${id} highlighted: accent pixels ${a} on its number, ${d} on the other`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Ids sharing a strip lost their labels: with 1, 2, 99998, 99999 only "1" and "99998" were written, and
// 99999, the table's last row, typed by the learner, was nowhere on the axis.
untimed('every looked-up id can be found on the axis: a strip lists its ids, or on a phone names one and counts the rest', async () => {
  const page = await openPage(browser, server.url + large('1,2,99998,99999'), { width: 1440, height: 900 });
  for (const name of ['picture:W', 'picture:W:gather', 'picture:onehotT'])
    for (const label of ['1, 2', '99998, 99999']) assert.ok(await rect(page, `${name}:label:${label}`), `${name}: "${label}"`);
  await closePage(page);
  // A phone has no room for "99998, 99999" beside W: the label names the id drawn (the highlighted one) and counts the other.
  const phone = await openPage(browser, server.url + large('0,0,7,99998,99999,50000'), { width: 390, height: 844, dpr: 3, mobile: true });
  for (const label of ['0 +1', '99998 +1', '50000']) assert.ok(await rect(phone, `picture:W:label:${label}`), `phone, W: "${label}"`);
  await phone.evaluate(() => window.embeddingLab.highlight(99999));
  await frames(phone, 3);
  assert.ok(await rect(phone, 'picture:W:label:99999 +1'), 'id 99999 highlighted: its strip\'s label names it');
  assert.equal(await rect(phone, 'picture:W:label:99998 +1'), null);
  assert.deepEqual(phone.problems, []);
  await closePage(phone);
});

// The faint bands are each lit 1's only link to its row of W when nothing is highlighted; at 27% alpha
// they were 1.9:1 (light) and 2.3:1 (dark) on the window. Read in the pixels: every band crossing the
// gap between the one-hot block and W has its darkest (lightest) pixel at 3:1 or more, dpr 1, 6 ids.
untimed('the faint bands reach 3:1 on the window in every theme, read in the pixels', async (t) => {
  const lines = [];
  for (const theme of THEMES) {
    const page = await openPage(browser, server.url + large('0,0,7,99998,99999,50000', `&theme=${theme}`), { width: 1440, height: 900 });
    await widgetCenter(page, 'picture:W'), await moveAway(page);
    const c = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_picture_colors_json())));
    const box = await page.locator('#canvas').boundingBox();
    const L = await rect(page, 'picture:onehot'), W = await rect(page, 'picture:W');
    const peaks = [];
    for (const dx of [4, 10, 16]) {  // just right of the one-hot block, where only bands are drawn
      const png = decodePng(await page.screenshot({ clip: { x: box.x + L.x + L.width + dx, y: box.y + W.y, width: 1, height: W.height } }));
      let run = 0;  // the peak of the band being crossed (0: none)
      for (let i = 0; i <= png.height; i++) {
        const r = i < png.height ? contrast([...png.pixels.subarray(i * png.channels, i * png.channels + 3)], c.window) : 1;
        if (r >= 1.3) run = Math.max(run, r);
        else if (run) peaks.push(run), run = 0;
      }
    }
    const line = `${theme}: faint band peaks ${peaks.map((r) => r.toFixed(2)).join(', ')} (band colour ${c.band ? contrast(c.band, c.window).toFixed(2) : '?'}:1, strong ${contrast(c.highlight, c.window).toFixed(2)}:1)`;
    console.log(line), lines.push(line);
    assert.ok(peaks.length >= 6, `${theme}: bands crossed: ${peaks.length}`);
    for (const r of peaks) assert.ok(r >= 3, `${theme}: a faint band peaks at ${r.toFixed(2)}:1`);
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
  t.diagnostic(lines.join('; '));
});
