// A course page hosting two embeds (issue 15): the auto-height frame follows the height its page
// posts within one frame; malformed messages change nothing; locked fields refuse edits through
// the canvas, the DOM layer's setters and setLink; every question card posts its answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, screenshot, clickWidget, SITE } from './harness.mjs';

const AUTO_LINK = 'v=1&V=3&d=3&init=example&ids=2,0,2,2&embed=1&panels=table,ids,backward&lock=table,ids' +
                  '&quiz=all&height=auto&maxheight=4000';
const FIXED_LINK = 'v=1&V=3&d=3&init=example&ids=1&embed=1&panels=table,forward';

let site, host, hostDir, browser, page;
before(async () => {
  site = await serve();
  hostDir = await mkdtemp(path.join(os.tmpdir(), 'course-'));
  // The host page is served from another port (another origin), as a course site would be.
  await writeFile(path.join(hostDir, 'course.html'), `<!doctype html><html><head><meta charset="utf-8">
<title>Lesson 4</title></head><body style="margin:0"><h1>Lesson 4</h1>
<iframe id="auto" src="${site.url}index.html#${AUTO_LINK.replace(/&/g, '&amp;')}" data-embedding-lab="auto"
        width="900" height="300" title="auto" style="display:block;border:0"></iframe>
<iframe id="fixed" src="${site.url}index.html#${FIXED_LINK.replace(/&/g, '&amp;')}"
        width="900" height="400" title="fixed" style="display:block;border:0"></iframe>
<p><a id="after" href="#exercises">The exercises</a></p>
<script src="${site.url}embed.js"></script>
<script src="record.js"></script></body></html>`);
  // The course page's own record of what its frames said (what an LMS would store).
  await writeFile(path.join(hostDir, 'record.js'), `window.received = [];
window.addEventListener('message', (event) => {
  const from = ['auto', 'fixed'].find((id) => document.getElementById(id).contentWindow === event.source) || 'other';
  const entry = { from, data: event.data };
  window.received.push(entry);
  if (event.data && event.data.type === 'embedding-lab:resize')
    requestAnimationFrame(() => { entry.heightNextFrame = document.getElementById(from === 'other' ? 'auto' : from).getBoundingClientRect().height; });
});`);
  host = await serve(hostDir);
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1000, height: 2600 } });
  page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (err) => page.problems.push(err.message));
  await page.goto(host.url + 'course.html');
  for (const id of ['auto', 'fixed']) {
    const frame = await lab(id);
    await labReady(frame);
  }
});
after(async () => {
  await browser?.close();
  await site?.close();
  await host?.close();
  if (hostDir) await rm(hostDir, { recursive: true, force: true });
});

async function lab(id) { return (await page.$('#' + id)).contentFrame(); }
// A page or a course page's frame, once its lab has drawn its first frame.
async function labReady(target) {
  await target.waitForFunction(() => window.embeddingLab !== undefined);
  await target.evaluate(() => window.embeddingLab.ready);
  return target;
}
const received = () => page.evaluate(() => window.received);
const resizes = async (from) => (await received()).filter((m) => m.from === from && m.data.type === 'embedding-lab:resize');
// The auto frame's resize messages once they have settled (no new one for two host frames, the
// last one's next-frame height recorded): a layout can take a frame or two to settle (a scrollbar
// that appears and goes), and each message must be followed within one frame.
async function settledResize() {
  for (;;) {
    const count = (await received()).length;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const all = await received();
    const last = all.filter((m) => m.from === 'auto' && m.data && m.data.type === 'embedding-lab:resize').at(-1);
    if (all.length === count && last && last.heightNextFrame !== undefined) return last;
  }
}
const frameHeight = (id) => page.evaluate((i) => document.getElementById(i).getBoundingClientRect().height, id);

async function frames(frame, n = 2) {
  const start = await frame.evaluate(() => { window.Module._el_wake(); return window.embeddingLab.frameStats().frames; });
  await frame.waitForFunction((target) => { window.Module._el_wake(); return window.embeddingLab.frameStats().frames >= target; }, start + n);
}

// Clicks a widget of the lab in iframe `id` with the real mouse, at page coordinates.
async function click(id, name) {
  const frame = await lab(id);
  await frames(frame, 1);
  const box = await (await page.$('#' + id)).boundingBox();
  const rect = await frame.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  assert.ok(rect && rect.visible, `${name} is not visible in #${id}`);
  const x = box.x + rect.x + rect.width / 2, y = box.y + rect.y + rect.height / 2;
  await page.mouse.move(x, y);
  await frames(frame, 1);
  await page.mouse.down();
  await frames(frame, 1);
  await page.mouse.up();
  await frames(frame, 2);
}

async function typeText(id, text) {
  const frame = await lab(id);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 5 });
  await frames(frame, 4 + 2 * text.length);
}

test('the auto-height frame takes its page\'s height within one frame; the fixed one keeps its own', async () => {
  await page.waitForFunction(() => window.received.some((m) => m.from === 'auto' && m.data.type === 'embedding-lab:resize' &&
                                                             m.heightNextFrame !== undefined));
  let last = await settledResize();
  assert.equal(last.data.auto, true);
  assert.equal(last.heightNextFrame, last.data.height, 'the frame did not follow in the next frame');
  assert.ok((await received()).some((m) => m.from === 'auto' && m.data.subject === 'lti.frameResize' && m.data.height === last.data.height));
  // A panel opens inside the auto frame: its content grows, and the frame with it.
  const before = last.data.height;
  const auto = await lab('auto');
  const result = await auto.evaluate((link) => window.embeddingLab.setLink(link), AUTO_LINK.replace('panels=table,ids,backward', 'panels=table,ids,forward,backward'));
  assert.deepEqual(result.errors, []);
  await page.waitForFunction((h) => window.received.some((m) => m.from === 'auto' && m.data.type === 'embedding-lab:resize' &&
                                                              m.data.height !== h && m.heightNextFrame !== undefined), before);
  last = await settledResize();
  assert.notEqual(last.data.height, before);
  assert.equal(last.heightNextFrame, last.data.height);
  assert.equal(await frameHeight('auto'), last.data.height);
  // The fixed embed says its height too (type only, no lti.frameResize), and nothing resizes it.
  const fixed = await resizes('fixed');
  assert.ok(fixed.length >= 1);
  assert.equal(fixed.at(-1).data.auto, false);
  assert.ok(!(await received()).some((m) => m.from === 'fixed' && m.data.subject === 'lti.frameResize'));
  assert.equal(await frameHeight('fixed'), 400);
  assert.deepEqual(page.problems, []);
});

// The text view over the canvas (a screen reader's or a keyboard's choice) was held to the canvas's height
// and scrolled inside the course page: the frame now grows to hold it, up to maxheight, and goes back after.
test('an auto-height frame holds its text view while it is shown, up to maxheight, and the canvas\'s height after', async () => {
  const auto = await lab('auto');
  const link = await auto.evaluate(() => window.embeddingLab.getLink());
  const lastResize = (h) => page.waitForFunction((h) => window.received.filter((m) => m.from === 'auto' && m.data.type === 'embedding-lab:resize').at(-1).data.height === h, h);
  const view = () => auto.evaluate(() => { const v = document.getElementById('text-view'); return { scroll: v.scrollHeight, client: v.clientHeight }; });
  // embed.js holds the frame to the maxheight= of its own link: the host raises it there, in the frame's src.
  const src = await page.evaluate(() => document.getElementById('auto').src);
  const hostCap = async (from, to) => {
    await page.evaluate((s) => { document.getElementById('auto').src = s; }, src.replace(from, to));
    await auto.waitForFunction((h) => window.embeddingLab.snapshot({ matrices: false }).settings.maxheight === h, Number(to.split('=')[1]));
  };
  await hostCap('maxheight=4000', 'maxheight=9000');
  try {
    await auto.evaluate((l) => window.embeddingLab.setLink(l), link.replace('maxheight=4000', 'maxheight=9000'));
    const canvasHeight = (await settledResize()).data.height;
    await auto.evaluate(() => window.embeddingLab.setView('text'));
    await page.waitForFunction((h) => window.received.some((m) => m.from === 'auto' && m.data.type === 'embedding-lab:resize' && m.data.height > h), canvasHeight);
    let last = await settledResize();
    assert.equal(last.heightNextFrame, last.data.height, 'the frame did not follow in the next frame');
    assert.ok((await received()).some((m) => m.from === 'auto' && m.data.subject === 'lti.frameResize' && m.data.height === last.data.height));
    const shown = await view();
    assert.ok(shown.scroll <= shown.client && shown.client === last.data.height,
              `the view scrolls inside the frame: ${JSON.stringify(shown)}, frame ${last.data.height}`);
    // Past maxheight the frame stops, and the view scrolls inside it, as the canvas's content does.
    await auto.evaluate((l) => window.embeddingLab.setLink(l + '&view=text'), link.replace('maxheight=4000', 'maxheight=1000'));
    await lastResize(1000);
    assert.ok((await view()).scroll > 1000);
    await auto.evaluate((l) => window.embeddingLab.setLink(l), link.replace('maxheight=4000', 'maxheight=9000'));
    await lastResize(canvasHeight);
    last = await settledResize();
    assert.equal(await frameHeight('auto'), canvasHeight);
    assert.deepEqual(page.problems, []);
  } finally {
    await auto.evaluate((l) => window.embeddingLab.setLink(l), link);
    await hostCap('maxheight=9000', 'maxheight=4000');
  }
});

test('a frame given to the host script after it posted its height is asked for it, and takes it', async () => {
  // As with embed.js added late, or a frame inserted and scanned once loaded: the page had posted its
  // height before anyone listened, and kept the frame's fixed 300 px until its content changed.
  await page.evaluate((src) => {
    const f = Object.assign(document.createElement('iframe'), { id: 'late', src, width: 900, height: 300, title: 'late' });
    f.style.cssText = 'display:block;border:0';
    document.body.appendChild(f);
  }, `${site.url}index.html#${AUTO_LINK}`);
  try {
    const late = await lab('late');
    await labReady(late);
    await frames(late, 4);
    const posted = () => late.evaluate(() => window.embeddingLab.snapshot({ matrices: false }).teach.postedHeight);
    assert.ok(await posted() > 300, `posted ${await posted()}`);
    assert.equal(await frameHeight('late'), 300, 'not resized before it is attached');
    await page.evaluate(() => window.EmbeddingLabFrames.attach(document.getElementById('late')));
    // The height it posted last (a layout still settling may post once more meanwhile, and the answer
    // carries the newest).
    const deadline = Date.now() + 10000;
    while (await frameHeight('late') !== await posted()) {
      assert.ok(Date.now() < deadline, `the frame stayed ${await frameHeight('late')} px; the page posted ${await posted()}`);
      await page.waitForTimeout(50);
    }
    assert.ok(await frameHeight('late') > 300);
  } finally {
    await page.evaluate(() => { const f = document.getElementById('late'); window.EmbeddingLabFrames.detach(f); f.remove(); });
  }
  assert.deepEqual(page.problems, []);
});

// A tour or a preset started inside an embed dropped the teacher's quiz=, height=auto and maxheight=:
// the cards went, the page posted auto:false and no lti.frameResize, and the frame grew to 1,932 px
// past maxheight=900. The host script now holds a frame to the maxheight= of its link as well.
test('a tour and a preset started inside an embed keep its question cards, auto height and maxheight', async () => {
  const link = 'v=1&V=3&d=3&init=example&embed=1&panels=forward,tour,presets&quiz=backward&height=auto&maxheight=900&hide=openfull&ids=1';
  await page.evaluate((src) => {
    window.teacherGot = [];
    const f = Object.assign(document.createElement('iframe'), { id: 'teacher', src, width: 900, height: 300, title: 'teacher' });
    f.style.cssText = 'display:block;border:0';
    f.dataset.embeddingLab = 'auto';
    window.addEventListener('message', (e) => { if (e.source === f.contentWindow) window.teacherGot.push(e.data); });
    document.body.prepend(f);
    window.EmbeddingLabFrames.attach(f);
  }, `${site.url}index.html#${link}`);
  const teacher = await lab('teacher');
  await labReady(teacher);
  await frames(teacher, 4);
  const kept = async (what) => {
    await frames(teacher, 4);
    const s = await teacher.evaluate(() => window.embeddingLab.snapshot({ matrices: false }));
    assert.deepEqual([s.settings.quiz, s.settings.height, s.settings.maxheight, s.teach.hide], ['backward', 'auto', 900, 'openfull'],
                     `after ${what}: ${await teacher.evaluate(() => window.embeddingLab.getLink())}`);
    assert.ok(await teacher.evaluate(() => window.embeddingLab.widgetRect('card:nonzero-rows:check')), `after ${what}: no question card`);
    const got = await page.evaluate(() => window.teacherGot.splice(0));
    assert.ok(got.every((m) => m.type !== 'embedding-lab:resize' || (m.auto === true && m.height <= 900)), `after ${what}: ${JSON.stringify(got)}`);
    assert.ok(await frameHeight('teacher') <= 900, `after ${what}: the frame is ${await frameHeight('teacher')} px`);
    return s;
  };
  try {
    await kept('opening');
    await click('teacher', 'tour:basics');
    assert.equal((await kept('the basics tour')).tour.depth, 'basics');
    await click('teacher', 'tour-next');
    await kept('a tour step');
    const preset = (await teacher.evaluate(() => window.embeddingLab.presets()))[1];
    await teacher.evaluate((l) => { location.hash = l; }, preset.open);  // as the text view's preset link
    assert.equal((await kept(`the preset ${preset.name}`)).tour.depth, 'none');
    assert.ok(await frameHeight('teacher') > 300, 'the frame follows its page');
    // A page that posts past its frame's maxheight (as it did) is held to it by the host script.
    await teacher.evaluate(() => window.parent.postMessage({ type: 'embedding-lab:resize', height: 1932, auto: false }, '*'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await frameHeight('teacher'), 900);
  } finally {
    await page.evaluate(() => { const f = document.getElementById('teacher'); window.EmbeddingLabFrames.detach(f); f.remove(); });
  }
  assert.deepEqual(page.problems, []);
});

test('malformed or foreign messages change nothing, in the host script and in the page', async () => {
  const autoBefore = await frameHeight('auto');
  const auto = await lab('auto'), fixed = await lab('fixed');
  const linkBefore = await auto.evaluate(() => window.embeddingLab.getLink());
  // From inside the auto frame: wrong shapes and out-of-range heights.
  await auto.evaluate(() => {
    for (const m of [{ type: 'embedding-lab:resize', height: '900' }, { type: 'embedding-lab:resize', height: -5 },
                     { type: 'embedding-lab:resize', height: 1e9 }, { type: 'embedding-lab:resize', height: NaN },
                     { type: 'embedding-lab:resize' }, { height: 700 }, 'embedding-lab:resize 700',
                     JSON.stringify({ type: 'embedding-lab:resize', height: 700 }), null, [700]])
      window.parent.postMessage(m, '*');
  });
  // A well-formed message from a frame the host script was not given, and from the host itself.
  await fixed.evaluate(() => window.parent.postMessage({ type: 'embedding-lab:resize', height: 333 }, '*'));
  await page.evaluate(() => window.postMessage({ type: 'embedding-lab:resize', height: 444 }, '*'));
  // Into the lab: messages it never asked for, of every shape.
  await page.evaluate(() => {
    const w = document.getElementById('auto').contentWindow;
    for (const m of [{ type: 'embedding-lab:setLink', link: 'v=1&ids=0' }, { subject: 'lti.frameResize', height: 10 },
                     'v=1&V=9&ids=0', { type: 'embedding-lab:resize', height: 10 }, null])
      w.postMessage(m, '*');
  });
  await frames(auto, 4);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await frameHeight('auto'), autoBefore);
  assert.equal(await frameHeight('fixed'), 400);
  assert.equal(await auto.evaluate(() => window.embeddingLab.getLink()), linkBefore);
  assert.deepEqual(page.problems, []);
});

test('locked fields refuse edits through the canvas, the DOM layer and setLink, each with the lock\'s message', async () => {
  const auto = await lab('auto');
  const tableMessage = 'locked by the teacher (lock=table): the table W cannot be changed on this page';
  const idsMessage = 'locked by the teacher (lock=ids): the batch of ids cannot be changed on this page';
  const before = await auto.evaluate(() => window.embeddingLab.snapshot());
  // Canvas: a click on a cell opens no editor (typing changes nothing) and says why.
  await click('auto', 'cell:W:1:1');
  await typeText('auto', '5\n');
  let s = await auto.evaluate(() => window.embeddingLab.snapshot());
  assert.deepEqual(s.table, before.table);
  assert.equal(s.errors.lock, tableMessage);
  await click('auto', 'chip:2');  // a chip click would remove one use of id 2
  s = await auto.evaluate(() => window.embeddingLab.snapshot());
  assert.deepEqual(s.ids, [2, 0, 2, 2]);
  assert.equal(s.errors.lock, idsMessage);
  // The DOM layer's setters (the text view edits through them).
  assert.deepEqual(await auto.evaluate(() => window.embeddingLab.setCell(1, 1, '5')), { ok: false, error: tableMessage });
  assert.deepEqual(await auto.evaluate(() => window.embeddingLab.setIds('0, 1')), { ok: false, error: idsMessage });
  // A training step would change W: refused with the same message, W as it was.
  const step = await auto.evaluate(() => window.embeddingLab.step(1));
  assert.equal(step.error, tableMessage);
  assert.deepEqual((await auto.evaluate(() => window.embeddingLab.snapshot())).table, before.table);
  const size = await auto.evaluate(() => window.embeddingLab.setSize(4, 3));
  assert.equal(size.ok, false);
  assert.match(size.error, /^locked by the teacher \(lock=size\)/);
  // setLink: the locked keys keep their values, each refusal named; lock= cannot remove the teacher's.
  const r = await auto.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&ids=0&cells=1:1:5&lock=&theme=dark&embed=1'));
  assert.ok(r.errors.includes('ids: ' + idsMessage), JSON.stringify(r.errors));
  assert.ok(r.errors.includes('cells: ' + tableMessage), JSON.stringify(r.errors));
  s = await auto.evaluate(() => window.embeddingLab.snapshot());
  assert.deepEqual(s.table, before.table);
  assert.deepEqual(s.ids, [2, 0, 2, 2]);
  assert.equal(s.theme, 'dark');
  assert.equal(s.teach.lock, 'table,ids');
  // A course page's script setting a link without the embed's keys: the frame stays the teacher's embed (its
  // panels, height and questions; it became the whole page, header and all, refused or not).
  for (const link of ['v=1&V=3&d=3&ids=1,1', 'v=1&V=3&d=3&init=example&ids=2,0,2,2&g=0:0:0.5']) {
    const answer = await auto.evaluate((l) => window.embeddingLab.setLink(l), link);
    const now = await auto.evaluate(() => window.embeddingLab.getLink());
    for (const part of ['embed=1', 'panels=table,ids,backward', 'height=auto', 'lock=table,ids'])
      assert.ok(now.split('&').includes(part), `${part} kept after setLink('${link}'): ${now} (${JSON.stringify(answer)})`);
    assert.deepEqual(answer.errors, link.includes('ids=1,1') ? ['ids: ' + idsMessage] : []);
  }
  // ... and one naming them with a refused value keeps the teacher's, and says so ("panels=foo" made the frame
  // the whole page; "embed=maybe" left embed mode, "still using 0").
  for (const [bad, said] of [['panels=foo', /^panels: 'foo' is not a panel .*table,ids,backward/], ['embed=maybe', /^embed: 'maybe' .*still using 1/],
                             ['height=tall', /^height: 'tall' .*still using auto/]]) {
    const answer = await auto.evaluate((l) => window.embeddingLab.setLink(l), 'v=1&V=3&d=3&init=example&ids=2,0,2,2&' + bad);
    const now = await auto.evaluate(() => window.embeddingLab.getLink());
    for (const part of ['embed=1', 'panels=table,ids,backward', 'height=auto'])
      assert.ok(now.split('&').includes(part), `${part} kept after setLink(...&${bad}): ${now} (${JSON.stringify(answer)})`);
    assert.equal(answer.errors.length, 1, JSON.stringify(answer));
    assert.match(answer.errors[0], said);
  }
  await auto.evaluate((link) => window.embeddingLab.setLink(link), AUTO_LINK);  // back as the teacher set it
  assert.deepEqual(page.problems, []);
});

test('answering each question card right and wrong posts the expected messages to the host page', async () => {
  const auto = await lab('auto');
  await auto.evaluate((link) => window.embeddingLab.setLink(link), AUTO_LINK);
  await frames(auto, 3);
  const start = (await received()).length;
  const expected = [];
  const check = (question, correct, attempts) => expected.push({ question, correct, attempts });
  // Predict, then reveal: the page's own dW stays covered while a card asks about it.
  const drawn = async (name) => { await frames(auto, 2); return (await auto.evaluate((n) => window.embeddingLab.widgetRect(n), name)) !== null; };
  assert.deepEqual([await drawn('dW-covered'), await drawn('cell:dW:0:0')], [true, false]);
  // The text view covers it too (a screen reader must not read the answer either).
  const covered = () => auto.evaluate(() => [!!document.getElementById('tv-dw-covered'),
    [...document.querySelectorAll('caption')].some((c) => c.textContent.startsWith('dW = onehot^T @ G'))]);
  await auto.waitForFunction(() => !!document.getElementById('tv-dw-covered'));
  assert.deepEqual(await covered(), [true, false]);
  // Each verdict is said on the live line first, as the text view's cards say theirs (a screen
  // reader on the canvas heard nothing); a second wrong answer is said again.
  const said = async (verdict) => {
    await auto.waitForFunction((v) => document.getElementById('live').textContent.startsWith(v), verdict);
    await auto.evaluate(() => { document.getElementById('live').textContent = ''; });  // to see the next one said
  };
  // Which rows of dW are nonzero (ids 2, 0, 2, 2): first none picked, then rows 0 and 2.
  await click('auto', 'card:nonzero-rows:check'); check('nonzero-rows', false, 1);
  await said('Not quite: try again, or show the answer. ');
  await click('auto', 'card:nonzero-rows:check'); check('nonzero-rows', false, 2);
  await said('Not quite: try again, or show the answer. ');
  await click('auto', 'card:nonzero-rows:row:0');
  await click('auto', 'card:nonzero-rows:row:2');
  await click('auto', 'card:nonzero-rows:check'); check('nonzero-rows', true, 3);
  await said('Right. ');
  assert.equal(await drawn('dW-covered'), true, 'the row-of-dW card is still open');
  // Row 2 of dW: a wrong row, then the sum the page computes (typed as the shortest decimals).
  const row2 = (await auto.evaluate(() => window.embeddingLab.snapshot())).gradTable[2];
  await click('auto', 'card:grad-row:input');
  await typeText('auto', '1, 2');  // too few numbers: refused, and said why
  await click('auto', 'card:grad-row:check');
  await said('row 2 of dW has d = 3 numbers; you typed 2. ');  // a message ends there, before the result
  await click('auto', 'card:grad-row:input');
  await typeText('auto', '1, 2, 3');
  await click('auto', 'card:grad-row:check'); check('grad-row', false, 1);
  await said('Not quite');
  await click('auto', 'card:grad-row:input');
  await typeText('auto', row2.map((x) => Number(x.toPrecision(6))).join(', '));
  await click('auto', 'card:grad-row:check'); check('grad-row', true, 2);
  assert.deepEqual([await drawn('dW-covered'), await drawn('cell:dW:0:0')], [false, true]);
  await auto.waitForFunction(() => !document.getElementById('tv-dw-covered'));
  assert.deepEqual(await covered(), [false, true]);
  // Momentum: a step on id 1, then on the batch: the batch's rows 0 and 2 move, and row 1 with them.
  await click('auto', 'card:moved-rows:row:2');
  await click('auto', 'card:moved-rows:row:0');
  await click('auto', 'card:moved-rows:check'); check('moved-rows', false, 1);
  await click('auto', 'card:moved-rows:row:1');
  await click('auto', 'card:moved-rows:check'); check('moved-rows', true, 2);
  // The seven claims: each is false, so True is wrong and False right.
  for (let i = 0; i < 7; i++) {
    await click('auto', `card:claim-${i}:true`); check(`claim-${i}`, false, 1);
    await click('auto', `card:claim-${i}:false`); check(`claim-${i}`, true, 2);
  }
  const answers = (await received()).slice(start).filter((m) => m.data && m.data.type === 'embedding-lab:answer');
  assert.ok(answers.every((m) => m.from === 'auto'));
  assert.deepEqual(answers.map((m) => ({ question: m.data.question, correct: m.data.correct, attempts: m.data.attempts })), expected);
  for (const { data } of answers) {
    assert.match(data.state, /(^|&)quiz=all(&|$)/);
    assert.equal(data.statement.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
    assert.equal(data.statement.result.success, data.correct);
    assert.ok(data.statement.object.id.endsWith('#question=' + data.question));
  }
  assert.deepEqual(page.problems, []);
});

// A keyboard leaves an embed with Escape, then Tab. Its text view was about 96 Tab stops between the
// canvas and the course page's next link; until it is opened it is one, its toggle.
test('Escape and at most 3 Tabs leave an embed for the course page\'s next link; its text view opens and works when asked for', async () => {
  const fixed = await lab('fixed');
  const where = async () => {
    const id = await page.evaluate(() => document.activeElement.id);
    return id === 'fixed' ? 'fixed>' + await fixed.evaluate(() => document.activeElement.id) : id;
  };
  await fixed.focus('#canvas');
  await page.keyboard.press('Escape');
  const stops = [];
  while (stops.length < 120 && stops.at(-1) !== 'after') {
    await page.keyboard.press('Tab');
    stops.push(await where());
  }
  assert.ok(stops.length <= 3 && stops.at(-1) === 'after', `${stops.length} Tabs to the course page's link: ${stops.slice(0, 6).join(', ')}, ...`);
  assert.deepEqual(stops, ['fixed>tv-toggle', 'after'], 'the text view\'s toggle is its one stop');
  // Folded, the view is still all there for a screen reader (both frames are embeds): its table, named cells and toggle.
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  assert.equal(frameTree.childFrames.length, 2);
  for (const { frame } of frameTree.childFrames) {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', { frameId: frame.id });
    const named = (role, name) => nodes.some((n) => !n.ignored && n.role?.value === role && (n.name?.value || '').startsWith(name));
    assert.ok(named('table', 'Table W: 3 rows') && named('textbox', 'W row 1, column 2') && named('button', 'Switch to this text view'),
              'the folded text view in the accessibility tree');
  }
  await cdp.detach();
  // An id lit meanwhile (a pointer over the picture) redraws the view's picture lines only: that redraw
  // dropped the folding, and the whole view showed over the canvas at the next focus.
  await fixed.evaluate(() => window.embeddingLab.highlight(1));
  await fixed.waitForFunction(() => document.getElementById('tv-highlight')?.textContent.includes('1'));
  // Shift+Tab goes back to the toggle; Enter opens the view over the canvas, every control in the Tab order.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await where(), 'fixed>tv-toggle');
  // Focused, the folded view shows its toggle alone, as a skip link does, not the whole view over the canvas.
  const folded = await fixed.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    const view = box('text-view'), toggle = box('tv-toggle'), canvas = box('canvas');
    return { view: [view.width, view.height], toggle: [toggle.width, toggle.height],
             atCentre: document.elementFromPoint(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)?.id };
  });
  await screenshot(page, 'course-folded-text-view-toggle');
  assert.equal(folded.atCentre, 'canvas', 'the canvas stays in sight while the toggle has the focus');
  assert.ok(folded.toggle[0] > 0 && folded.view[0] <= folded.toggle[0] + 40 && folded.view[1] <= folded.toggle[1] + 40,
            `the view shows its toggle alone: view ${folded.view}, toggle ${folded.toggle}`);
  await page.keyboard.press('Enter');
  await fixed.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).view === 'text' &&
                                    document.getElementById('tv-w-0-0')?.tabIndex === 0);
  const shown = await fixed.evaluate(() => document.getElementById('text-view').getBoundingClientRect());
  assert.ok(shown.width > 800 && shown.height > 300, 'the text view covers the frame');
  for (let i = 0; i < 20 && await where() !== 'fixed>tv-w-0-0'; i++) await page.keyboard.press('Tab');
  assert.equal(await where(), 'fixed>tv-w-0-0', 'Tab reaches W[0][0] in the opened view');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0.25');
  await page.keyboard.press('Enter');
  await fixed.waitForFunction(() => window.embeddingLab.snapshot().table[0][0] === 0.25);
  // "Back to the canvas" folds it to one stop again, the keyboard back on the canvas.
  await fixed.focus('#tv-toggle');
  await page.keyboard.press('Enter');
  await fixed.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).view === 'canvas' &&
                                    document.getElementById('tv-w-0-0')?.tabIndex === -1);
  assert.equal(await where(), 'fixed>canvas');
  assert.deepEqual(page.problems, []);
});

// A course page on a phone (390 x 844): `before` px of text, an auto-height demo of `panels` (the 3 x 3
// example, or the state `link` gives), `after` px of text; returned once the demo is ready.
async function coursePageOnPhone(file, before, panels, after, link = 'v=1&V=3&d=3&init=example&ids=1') {
  await writeFile(path.join(hostDir, file), `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Lesson 4 on a phone</title></head>
<body style="margin:0"><p style="height:${before}px">Intro.</p>
<iframe id="auto" src="${site.url}index.html#${link.replaceAll('&', '&amp;')}&amp;embed=1&amp;panels=${panels}&amp;height=auto"
        data-embedding-lab="auto" height="300" title="auto" style="display:block;border:0;width:100%"></iframe>
<p style="height:${after}px">After the demo.</p><script src="${site.url}embed.js"></script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(host.url + file);
  const frame = await (await phone.$('#auto')).contentFrame();
  await labReady(frame);
  return { context, phone, frame };
}

// On a phone a finger on an embedded demo could not scroll the course page (touch-action none, every
// touch event prevented): past an auto-height embed a reader was stuck. A drag the demo cannot
// scroll itself now scrolls the host; a tap is still the demo's alone (no mouse events emulated).
test('on a phone, a finger drag on an embed scrolls the course page where the demo cannot scroll; a tap stays the demo\'s', async () => {
  const { context, phone, frame } = await coursePageOnPhone('phone.html', 300, 'table', 2000);
  await frame.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).teach.postedHeight > 300);
  await phone.waitForTimeout(300);  // the host script has sized the frame
  const cdp = await context.newCDPSession(phone);
  const drag = async (y0, y1) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: y0 }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: y0 + (y1 - y0) * i / 10 }] });
      await phone.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await phone.waitForTimeout(400);
    return phone.evaluate(() => window.scrollY);
  };
  const frameTop = () => phone.evaluate(() => document.getElementById('auto').getBoundingClientRect().top);
  await phone.evaluate(() => window.scrollTo(0, 200));
  await phone.waitForTimeout(200);
  // The whole demo fits its frame (auto height): a drag on it, up or down, scrolls the course page.
  // (Once the host has given the frame the last height posted, and the demo has drawn a frame at it:
  // on a loaded machine that came later than the fixed 300 ms above.)
  await frame.waitForFunction(() => document.getElementById('canvas').style.touchAction === 'pan-y', null, { timeout: 10000 });
  const y0 = await frameTop();
  assert.ok(y0 < 600, `the demo is on screen (its top at ${y0})`);
  const up = await drag(y0 + 250, y0 + 50);
  assert.ok(up > 300, `a finger moving up on the demo left the course page at scrollY ${up}`);
  const down = await drag(400, 700);
  assert.ok(down < up - 100, `a finger moving down on the demo left the course page at scrollY ${down} (from ${up})`);
  // A tap on a button presses it once: the mouse events the browser emulates after it are not passed on.
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForTimeout(200);
  await frame.evaluate(() => { window.presses = 0; window.Module._el_input_pointer = ((f) => (x, y, b) => { window.presses += b & 1 && !window.down; window.down = b & 1; return f(x, y, b); })(window.Module._el_input_pointer); });
  const zeros = await frame.evaluate(() => window.embeddingLab.widgetRect('fill:zeros'));
  const top = await frameTop();
  await phone.touchscreen.tap(zeros.x + zeros.width / 2, top + zeros.y + zeros.height / 2);
  await frame.waitForFunction(() => window.embeddingLab.snapshot().table[2][2] === 0);
  await phone.waitForTimeout(300);
  assert.equal(await frame.evaluate(() => window.presses), 1, 'the app saw the tap pressed more than once (emulated mouse events?)');
  // A page of its own keeps every drag (a pan there would pull to refresh).
  const own = await context.newPage();
  await own.goto(site.url + 'index.html#v=1&V=3&d=3&init=example&ids=1');
  await own.evaluate(() => window.embeddingLab.ready);
  assert.equal(await own.evaluate(() => document.getElementById('canvas').style.touchAction), '');
  await context.close();
});

// Review z7: a drag on a box that scrolls went to the course page whenever the embed's own page was at an
// end (always, in an auto height): the canvas's touch-action handed it to the host before the app saw it.
test('on a phone, a finger drag on the 100,000-row grid in an auto-height embed scrolls the grid, not the course page', async () => {
  const { context, phone, frame } = await coursePageOnPhone('grid.html', 100, 'table', 2000, 'v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000');
  await frame.waitForFunction(() => document.getElementById('canvas').style.touchAction === 'pan-y', null, { timeout: 10000 });
  const cdp = await context.newCDPSession(phone);
  const cell = (r) => frame.evaluate((n) => window.embeddingLab.widgetRect(n), `cell:W:${r}:0`);
  const drag = async (y0, y1) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 150, y: y0 }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 150, y: y0 + (y1 - y0) * i / 10 }] });
      await phone.waitForTimeout(16);
    }
    await phone.waitForTimeout(150);  // held still: a drag, not a flick
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await phone.waitForTimeout(300);
  };
  const top = await phone.evaluate(() => document.getElementById('auto').getBoundingClientRect().top);
  const first = await cell(0);
  await drag(top + first.y + 200, top + first.y + 100);
  assert.equal(await cell(0), null, 'a finger moving up on the grid scrolled it: row 0 left it');
  assert.equal(await phone.evaluate(() => window.scrollY), 0, 'the course page stayed');
  await drag(top + first.y + 100, top + first.y + 200);
  assert.ok(await cell(0), 'and down, back to row 0');
  assert.equal(await phone.evaluate(() => window.scrollY), 0, 'the course page stayed');
  // Past the grid, the embed (which fits its frame) hands the drag to the course page, as before.
  await drag(top + first.y - 20, top + first.y - 120);
  assert.ok(await phone.evaluate(() => window.scrollY) > 50, 'a drag above the grid scrolled the course page');
  await context.close();
});

// An auto-height embed loaded below the fold on a phone posted the height of its first frame (336 px)
// and grew to its whole height (920 px) only once scrolled to, moving the text under the reader.
test('an auto-height embed below the fold takes its whole height before the reader scrolls to it', async () => {
  const { context, phone, frame } = await coursePageOnPhone('below.html', 2500, 'table,backward', 100);
  await phone.waitForTimeout(2500);
  const height = () => phone.evaluate(() => document.getElementById('auto').getBoundingClientRect().height);
  const before = await height();
  await phone.evaluate(() => document.getElementById('auto').scrollIntoView());
  await phone.waitForTimeout(1500);
  const after = await height();
  console.log(`  auto-height embed below the fold: ${before} px before it was scrolled to, ${after} px after`);
  assert.ok(before > 600, `it posted ${before} px, the height of its first frame only`);
  assert.equal(after, before, 'it grew once the reader got there');
  await context.close();
});

// A new link for an embed off the host page's screen (its address changed by the host) was applied,
// but with its loop stopped the embed posted no new height until the reader scrolled to it.
test('an auto-height embed off screen posts its new height when the host gives it a new link', async () => {
  const { context, phone, frame } = await coursePageOnPhone('offscreen.html', 2500, 'table', 100);
  // (Polled by a timer: an iframe off screen gets no animation frames.)
  await frame.waitForFunction(() => !window.embeddingLab.frameStats().running, null, { polling: 100, timeout: 15000 });
  const height = () => phone.evaluate(() => document.getElementById('auto').getBoundingClientRect().height);
  const before = await height();
  await phone.evaluate((url) => { document.getElementById('auto').src = url; }, frame.url().replace('panels=table', 'panels=table,backward'));
  await phone.waitForFunction((h) => document.getElementById('auto').getBoundingClientRect().height > h + 100, before, { timeout: 10000 });
  const after = await height();
  const onScreen = await phone.evaluate(() => document.getElementById('auto').getBoundingClientRect().top < innerHeight);
  console.log(`  auto-height embed off screen, given a new link: ${before} -> ${after} px`);
  assert.equal(onScreen, false, 'the embed stayed below the fold');
  assert.ok((await frame.evaluate(() => window.embeddingLab.snapshot({ matrices: false }).settings.panels)).includes('backward'));
  await frame.waitForFunction(() => !window.embeddingLab.frameStats().running, null, { polling: 100, timeout: 15000 });  // and stops again
  await context.close();
});

// "Open the full demo" asked window.open for 'noopener', which always answers null: the page then
// took the tab for blocked and wrote the link over the learner's clipboard as well. Where a
// sandbox does forbid new tabs, the frame loads the full page itself: the link had been copied, said only
// on the screen reader's line (and without clipboard-write, nothing happened at all).
test('"Open the full demo" opens the full page and leaves the clipboard alone; in a sandbox without popups the frame opens it', async () => {
  const link = FIXED_LINK;
  await writeFile(path.join(hostDir, 'open.html'), `<!doctype html><html><head><meta charset="utf-8"><title>open</title></head>
<body style="margin:0"><iframe id="free" src="${site.url}index.html#${link.replace(/&/g, '&amp;')}" width="900" height="400" title="free"></iframe>
<iframe id="boxed" sandbox="allow-scripts allow-same-origin" src="${site.url}index.html#${link.replace(/&/g, '&amp;')}"
        width="100" height="400" title="boxed"></iframe></body></html>`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const course = await context.newPage();
  await course.goto(host.url + 'open.html');
  const clickOpenFull = async (id) => {
    const frame = await (await course.$('#' + id)).contentFrame();
    await labReady(frame);
    await frame.evaluate(() => {  // what the page asks the clipboard to hold
      window.copied = [];
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text) => { window.copied.push(text); } } });
    });
    // (After the click the boxed frame may already be loading the full page: no Module to wake there yet.)
    const wake = async () => { await frame.evaluate(() => window.Module?._el_wake?.()).catch(() => {}); await course.waitForTimeout(100); };
    await wake();
    const box = await (await course.$('#' + id)).boundingBox();
    const r = await frame.evaluate(() => window.embeddingLab.widgetRect('open-full'));
    assert.ok(r && r.visible, `no "Open the full demo" in #${id}`);
    await course.mouse.move(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
    await wake();
    await course.mouse.down(); await wake(); await course.mouse.up(); await wake(); await wake();
    return frame;
  };
  const opened = context.waitForEvent('page');
  const free = await clickOpenFull('free');
  const tab = await opened;
  await labReady(tab);
  const full = await tab.evaluate(() => window.embeddingLab.snapshot({ matrices: false }).settings);
  assert.equal(full.embed, false, 'the new tab is the full page');
  assert.deepEqual(await tab.evaluate(() => window.opener), null, 'the new tab has no opener');
  assert.deepEqual(await free.evaluate(() => window.copied), [], 'the clipboard was written although the tab opened');

  const boxed = await clickOpenFull('boxed');
  await boxed.waitForFunction(() => !/embed=1/.test(location.hash) && window.embeddingLab?.snapshot({ matrices: false }).settings.embed === false,
                              null, { timeout: 15000, polling: 100 });
  assert.match(await boxed.evaluate(() => location.hash), /^#v=1&/);
  assert.equal(await boxed.evaluate(() => window.copied), undefined, 'a new page in the frame (nothing copied before it)');
  assert.equal(context.pages().length, 2, 'the sandbox opened a tab');
  await boxed.evaluate(() => history.back());  // Back: the embed again
  await boxed.waitForFunction(() => /embed=1/.test(location.hash) && window.embeddingLab?.snapshot({ matrices: false }).settings.embed === true,
                              null, { timeout: 15000, polling: 100 });
  await context.close();
});

// Both snippets say width="900" (a size for pages that set none), which scrolled a 480 px course column
// sideways. The snippet carries no inline style (a strict style-src would refuse it): embed.js holds an
// auto-height frame to its column, and for the fixed one the README gives the host its one CSS rule.
test('an auto-height embed in a 360 px column stays inside it: the course page does not scroll sideways', async () => {
  await writeFile(path.join(hostDir, 'column.html'), `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Narrow column</title></head>
<body style="margin:0"><main id="column" style="width:360px;margin:0 auto"><p>Lesson 4.</p>
<iframe id="auto" src="${site.url}index.html#v=1&amp;V=3&amp;d=3&amp;init=example&amp;ids=1,1,2&amp;embed=1&amp;panels=forward,backward&amp;height=auto"
        title="Embedding Lab: lookup vs one-hot matmul" width="900" height="560" data-embedding-lab="auto" allow="clipboard-write" loading="lazy"></iframe>
</main><script src="${site.url}embed.js" defer></script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const course = await context.newPage();
  await course.goto(host.url + 'column.html');
  const frame = await (await course.$('#auto')).contentFrame();
  await labReady(frame);
  // Once the host script has given the frame a height its page posted.
  await course.waitForFunction(() => document.getElementById('auto').getBoundingClientRect().height !== 560, null, { timeout: 10000 });
  const m = await course.evaluate(() => ({ frame: document.getElementById('auto').getBoundingClientRect().width,
    scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  await screenshot(course, 'course-column-360');
  assert.ok(m.frame <= 360, `the frame is ${m.frame} px wide in a 360 px column`);
  assert.ok(m.scroll <= m.client, `the course page scrolls sideways: ${m.scroll} px wide in ${m.client}`);
  assert.ok(await frame.evaluate(() => document.getElementById('canvas').getBoundingClientRect().width) <= 360);
  await context.close();
});

// In <iframe sandbox="allow-scripts"> (no allow-same-origin) the frame's origin is opaque: the .wasm is
// fetched cross-origin and refused, always. The page said "Reload the page to try again" (it never
// loads). The review saw it cut off: that frame overflowed its column (see the 360 px test), but a token of
// the message ('sandbox="allow-') ran past a 120 px frame too, until the status box could break inside words.
// A course page could not tell whether its frames had come up or failed (the wasm missing after a
// deploy, a blocked file): each now says so, once.
test('the course page hears each frame come up, and a frame that could not start, with its message', async () => {
  for (const id of ['auto', 'fixed'])
    assert.equal((await received()).filter((m) => m.from === id && m.data?.type === 'embedding-lab:ready').length, 1, id);
  await writeFile(path.join(hostDir, 'broken.html'), `<!doctype html><html><head><meta charset="utf-8"><title>Broken</title>
<script>window.got = []; addEventListener('message', (e) => window.got.push(e.data));</script></head>
<body><iframe src="${site.url}index.html#${FIXED_LINK.replace(/&/g, '&amp;')}" width="600" height="400" title="lab"></iframe></body></html>`);
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.route('**/embedding_lab.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const course = await context.newPage();
  await course.goto(host.url + 'broken.html');
  await course.waitForFunction(() => window.got.some((m) => m.type === 'embedding-lab:error'), null, { timeout: 15000 });
  const got = await course.evaluate(() => window.got);
  assert.deepEqual(got.filter((m) => m.type !== 'embedding-lab:resize'), [{ type: 'embedding-lab:error',
    message: 'Embedding Lab could not load its WebAssembly (embedding_lab.wasm: HTTP 404). Reload the page to try again.' }]);
  await context.close();
});

test('in <iframe sandbox="allow-scripts"> the page says the sandbox needs allow-same-origin, wrapped inside its frame', async () => {
  await writeFile(path.join(hostDir, 'sandboxed.html'), `<!doctype html><html><head><meta charset="utf-8"><title>Sandboxed</title></head>
<body style="margin:0"><iframe id="boxed" sandbox="allow-scripts" src="${site.url}index.html#${FIXED_LINK.replace(/&/g, '&amp;')}"
        width="100" height="400" title="boxed" style="display:block;border:0"></iframe></body></html>`);
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const course = await context.newPage();
  await course.goto(host.url + 'sandboxed.html');
  const frame = await (await course.$('#boxed')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 15000 });
  const status = await frame.evaluate(() => {
    const box = document.getElementById('status'), range = document.createRange();
    range.selectNodeContents(box);
    const text = range.getBoundingClientRect();
    return { origin: self.origin, text: box.textContent, left: text.left, right: text.right, width: innerWidth };
  });
  await screenshot(course, 'course-sandboxed-normal-build');
  assert.equal(status.origin, 'null');
  assert.match(status.text, /sandbox needs allow-same-origin/);
  assert.match(status.text, /single-file build/);
  assert.doesNotMatch(status.text, /Reload/);
  assert.ok(status.left >= 0 && status.right <= status.width, `the message runs past the frame: ${JSON.stringify(status)}`);
  // The German text is in the catalog too (a sandboxed frame cannot fetch it either: it is said in English there).
  const de = JSON.parse(await readFile(path.join(SITE, 'lang/de.json'), 'utf8'));
  assert.match(de.glue.sandboxed, /allow-same-origin/);
  await context.close();
});

// "Teach with this" on a tour step, as a teacher uses it: its text view's panel, as a keyboard or screen
// reader does (the canvas's panel edits the same draft).
async function teachOnTourStep() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const teacher = await context.newPage();
  teacher.problems = [];
  teacher.on('pageerror', (err) => teacher.problems.push(err.message));
  await teacher.goto(site.url + 'index.html#tour=solid&step=3');
  await labReady(teacher);
  await teacher.waitForFunction(() => document.getElementById('tv-teach-panels-tour'));
  const tick = (box, on) => teacher.evaluate(([id, on]) => {
    const input = document.getElementById('tv-teach-' + id);
    if (input.checked !== on) input.click();
  }, [box, on]);
  return { context, teacher, tick };
}

// The canvas panel's lists share names (the panel and the lock "table" and "ids", the lock and the hidden
// control "options"), and shared ImGui ids: a click on the lock "table" did nothing, Space on it unticked the
// panel "table". Each box answers its own click now.
test('"Teach with this" on the canvas: the lock and the panel of one name are two boxes', async () => {
  const { context, teacher } = await teachOnTourStep();
  await clickWidget(teacher, 'teach');
  const link = async () => {
    await clickWidget(teacher, 'teach-copy-link');
    return teacher.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).teach.output.split('#')[1]);
  };
  for (const box of ['teach-panel:table', 'teach-lock:table', 'teach-lock:ids', 'teach-hide:options']) await clickWidget(teacher, box);
  const clicked = await link();
  assert.match(clicked, /(^|&)panels=table,forward,backward(&|$)/, clicked);
  assert.match(clicked, /(^|&)lock=table,ids(&|$)/, clicked);
  assert.match(clicked, /(^|&)hide=options(&|$)/, clicked);
  await clickWidget(teacher, 'teach-lock:table');  // unticked again: the panel stays
  const again = await link();
  assert.match(again, /(^|&)panels=table,forward,backward(&|$)/, again);
  assert.match(again, /(^|&)lock=ids(&|$)/, again);
  assert.deepEqual(teacher.problems, []);
  await context.close();
});

// Page Down in the lab scrolls the lab's own page while it can, and else the course page around it (the
// lab took the key and the course page stood still: an auto-height embed never scrolls itself). A link the
// course page sets with its own panels= draws no "given more than once" notice.
test('Page Down in an embed scrolls the course page where the lab cannot scroll; a course page\'s own panels= draw no notice', async () => {
  await writeFile(path.join(hostDir, 'long.html'), `<!doctype html><html><head><meta charset="utf-8"><title>long</title></head>
<body style="margin:0"><p style="height:300px">Lesson 5.</p><iframe id="auto" src="${site.url}index.html#v=1&amp;ids=1,2&amp;embed=1&amp;panels=table,forward&amp;height=auto"
  data-embedding-lab="auto" width="900" height="300" title="lab" style="display:block;border:0"></iframe>
<p style="height:3000px">More of the lesson.</p><script src="${site.url}embed.js"></script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const course = await context.newPage();
  await course.goto(host.url + 'long.html');
  const frame = await (await course.$('#auto')).contentFrame();
  await labReady(frame);
  await frame.focus('#canvas');
  await frame.evaluate(() => window.Module._el_wake());
  await course.keyboard.press('PageDown');
  await course.waitForFunction(() => scrollY > 300, null, { timeout: 5000 });
  const answer = await frame.evaluate(() => window.embeddingLab.setLink('v=1&ids=2,1&panels=table,backward'));
  assert.deepEqual(answer, { ok: true, errors: [], notices: [] });
  const link = await frame.evaluate(() => window.embeddingLab.getLink());
  assert.ok(link.split('&').includes('panels=table,backward') && link.split('&').includes('embed=1'), link);
  await context.close();
});

// It wrote a link without tour= and step=: learners got the tour's chooser, not the step on the teacher's screen.
test('"Teach with this" keeps the tour step on screen when the tour panel is in, and drops it when not', async () => {
  const { context, teacher, tick } = await teachOnTourStep();
  const copyLink = async () => {
    await teacher.evaluate(() => document.getElementById('tv-teach-copy-0').click());
    return teacher.evaluate(() => JSON.parse(Module.UTF8ToString(Module._el_text_view_json())).teach.output.split('#')[1]);
  };
  await tick('panels-tour', true);
  const link = await copyLink();
  assert.match(link, /(^|&)panels=forward,backward,tour(&|$)/);
  assert.match(link, /(^|&)tour=solid&step=3(&|$)/, link);
  // A learner opening it is on that step.
  const learner = await context.newPage();
  await learner.goto(site.url + 'index.html#' + link);
  await labReady(learner);
  assert.deepEqual((await learner.evaluate(() => window.embeddingLab.snapshot({ matrices: false }))).tour, { depth: 'solid', step: 3 });
  // Without the tour panel a learner could not leave the step: no tour in the link.
  await tick('panels-tour', false);
  assert.doesNotMatch(await copyLink(), /(^|&)(tour|step)=/);
  assert.deepEqual(teacher.problems, []);
  await context.close();
});

// With the tour panel ticked beside lock=table,ids, learners met red refusals at the steps that set those
// fields (the lock rule is right): the panel says so before the link is copied.
test('"Teach with this" warns when the tour panel\'s steps would run into the chosen locks, in English and German', async () => {
  const { context, teacher, tick } = await teachOnTourStep();
  const warning = () => teacher.evaluate(() => document.getElementById('tv-teach-tour-locks').textContent);
  assert.equal(await warning(), '');
  await tick('lock-table', true);
  await tick('lock-ids', true);
  assert.equal(await warning(), '', 'no tour panel, no warning');
  await tick('panels-tour', true);
  await teacher.waitForFunction(() => document.getElementById('tv-teach-tour-locks').textContent !== '');
  const said = await warning();
  console.log(`  ${said}`);
  assert.equal(said, 'Tour steps and Show me links set what lock=table,ids holds: learners would see a refusal there. Untick tour or those locks.');
  // The canvas's panel says it too, under the locks.
  await clickWidget(teacher, 'teach');
  assert.ok(await teacher.evaluate(() => window.embeddingLab.widgetRect('teach-tour-locks')), 'no warning in the canvas\'s panel');
  await teacher.evaluate(() => window.embeddingLab.setField('lang', 'de'));
  await teacher.waitForFunction(() => document.getElementById('tv-teach-tour-locks')?.textContent.startsWith('Tour-Schritte'));
  assert.match(await warning(), /lock=[a-z,]+ festhält/);
  await teacher.evaluate(() => window.embeddingLab.setField('lang', 'en'));
  // The locks unticked: no warning.
  await tick('lock-table', false);
  await tick('lock-ids', false);
  await teacher.waitForFunction(() => document.getElementById('tv-teach-tour-locks').textContent === '');
  assert.deepEqual(teacher.problems, []);
  await context.close();
});
