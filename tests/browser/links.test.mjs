// Share links in the real page: round trips, presets, bad links, back/forward.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, closePage, snapshot, frames, clickWidget, widgetCenter, screenshot, settle } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a hand-written link sets the state; keys left out get defaults', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1,1,2');
  const s = await snapshot(page);
  assert.deepEqual(s.ids, [1, 1, 2]);
  assert.equal(s.V, 3);
  assert.deepEqual(s.linkErrors, { ok: true, errors: [], notices: [] });
  await closePage(page);
});

test('every preset loads without an error and setLink(getLink()) leaves the snapshot identical', async () => {
  const page = await openPage(browser, server.url);
  const presets = await page.evaluate(() => window.embeddingLab.presets());
  assert.ok(presets.length >= 13);
  for (const p of presets) {
    assert.ok(p.link.length <= 2000, p.name);
    const result = await page.evaluate((link) => window.embeddingLab.setLink(link), p.link);
    assert.deepEqual(result, { ok: true, errors: [], notices: [] }, p.name);
    await settle(page);  // the deeper tier's presets reload the first page into the deeper build
    // Compared inside the page: a 100,000-row snapshot is too big to ship twice per preset.
    const same = await page.evaluate(() => {
      const exact = (k, v) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? `num:${Object.is(v, -0) ? '-0' : v}` : v);
      const lab = window.embeddingLab;
      const before = JSON.stringify(lab.snapshot(), exact);
      const again = lab.setLink(lab.getLink());
      return again.ok && JSON.stringify(lab.snapshot(), exact) === before;
    });
    assert.ok(same, p.name);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a bad link shows a banner naming the field, applies the rest, and the page lives on', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=0&ids=1,1&theme=dark');
  const s = await snapshot(page);
  assert.equal(s.linkErrors.ok, false);
  assert.match(s.linkErrors.errors[0], /^V: '0' is out of range \(1 to 100,000\)/);
  assert.deepEqual(s.ids, [1, 1]);
  await screenshot(page, 'links-bad-banner');
  await clickWidget(page, 'banner-dismiss');
  assert.equal((await snapshot(page)).linkErrors.errors.length, 0);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The banner is drawn on the canvas, which a screen reader cannot read: the text view has the same
// message near its top, and the live line says it once (it said neither before).
test('a bad link\'s problems are in the text view near its top and said once on the live line; a good link has none', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=abc&d=3&ids=1&foo=bar');
  const s = await snapshot(page);
  assert.match(s.linkErrors.errors.join(), /^V: 'abc'/);
  assert.match(s.linkErrors.notices.join(), /foo/);
  const expected = `This link had 1 problem; the rest of it was applied: ${[...s.linkErrors.errors, ...s.linkErrors.notices].join('; ')}`;
  await page.waitForFunction(() => document.getElementById('tv-link-problems'));
  const shown = await page.evaluate(() => {
    const box = document.getElementById('tv-link-problems');
    const firstSection = document.querySelector('#text-view h3');
    return { text: [...box.querySelectorAll('p, li')].map((e) => e.textContent),
             beforeSections: !!(box.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING) };
  });
  assert.deepEqual(shown.text, ['This link had 1 problem; the rest of it was applied:', ...s.linkErrors.errors, ...s.linkErrors.notices]);
  assert.ok(shown.beforeSections, 'the message comes before the tour and the tables');
  assert.equal(await page.textContent('#live'), expected, 'read out on the live line');
  // Once: an edit redraws the view with the message still there, but does not say it again.
  await page.evaluate(() => { document.getElementById('live').textContent = ''; window.embeddingLab.setCell(0, 0, '0.5'); });
  await page.waitForFunction(() => document.getElementById('tv-w-0-0').value === '0.5');
  await frames(page, 2);
  assert.notEqual(await page.$('#tv-link-problems'), null, 'still in the view after the edit');
  assert.doesNotMatch(await page.textContent('#live'), /This link had/, 'not said a second time');
  // A link pasted later (an id past V = 5) is said as it arrives; Dismiss on the canvas clears the view's copy too.
  await page.evaluate(() => { location.hash = 'v=1&V=5&d=2&ids=1,99'; });
  await page.waitForFunction(() => /^This link had 1 problem; the rest of it was applied: ids: .*99/.test(document.getElementById('live').textContent));
  assert.match(await page.textContent('#tv-link-problems'), /99/);
  await clickWidget(page, 'banner-dismiss');
  await page.waitForFunction(() => !document.getElementById('tv-link-problems'));
  assert.deepEqual(page.problems, []);
  await closePage(page);

  const good = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1');
  await frames(good, 2);
  assert.equal(await good.$('#tv-link-problems'), null, 'a good link: no message in the text view');
  assert.equal(await good.textContent('#live'), (await snapshot(good)).liveText, 'and the live line has the result');
  await closePage(good);
});

// A link refused whole (too long) changes nothing: its heading said "the rest of it was applied" over a
// message saying none of it was, and a pasted one replaced the learner's table with the starting one.
test('a link too long to read is refused whole: the page stays as it was, and says so', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1');
  await page.evaluate(() => window.embeddingLab.setCell(2, 1, '0.25'));
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=4&' + 'x'.repeat(70000)));
  await page.waitForFunction(() => document.getElementById('tv-link-problems'));
  const s = await snapshot(page);
  assert.equal(s.table[2][1], 0.25, 'the edit is kept');
  assert.equal(s.V, 3);
  assert.deepEqual(s.linkErrors.errors, ['the link is 70,008 characters long; the limit is 65,536']);
  assert.deepEqual(await page.$$eval('#tv-link-problems p, #tv-link-problems li', (e) => e.map((x) => x.textContent)),
                   ['This link was not applied; the page stays as it was:', ...s.linkErrors.errors]);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// ... and one opened from the address stays there, to be mended: the page wrote its own over it (the
// starting link on a fresh load, the last state's after a paste), and the text the learner had was gone.
test('a link too long to read stays in the address as given, on a fresh load and pasted into an open page', async () => {
  const long = 'v=1&V=4&' + 'x'.repeat(70000);
  const page = await openPage(browser, server.url + '#' + long);
  await frames(page, 4);
  assert.deepEqual((await snapshot(page)).linkErrors.errors, ['the link is 70,008 characters long; the limit is 65,536']);
  assert.equal(await page.evaluate(() => location.hash.slice(1)), long);
  await page.evaluate(() => { location.hash = 'v=1&V=3&d=3&init=example&ids=2'; });
  await page.waitForFunction(() => window.embeddingLab.snapshot().ids[0] === 2);
  await page.evaluate((l) => { location.hash = l; }, long + 'y');
  await page.waitForFunction(() => window.embeddingLab.snapshot().linkErrors.errors.length === 1);
  await frames(page, 4);
  assert.equal(await page.evaluate(() => location.hash.slice(1)), long + 'y');
  assert.deepEqual((await snapshot(page)).ids, [2], 'the page stays as it was');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('editing replaces the address without new history; presets and back/forward load state', async () => {
  const page = await openPage(browser, server.url);
  const historyLength = await page.evaluate(() => history.length);
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&init=example&ids=2'));
  await frames(page, 2);
  await clickWidget(page, 'preset:duplicates');
  await page.waitForFunction(() => window.embeddingLab.snapshot().ids.length === 4);
  assert.equal(await page.evaluate(() => history.length), historyLength + 1);
  await page.goBack();
  await page.waitForFunction(() => window.embeddingLab.snapshot().ids.length === 1);
  await page.goForward();
  await page.waitForFunction(() => window.embeddingLab.snapshot().ids.length === 4);
  // a pasted new fragment loads too
  await page.evaluate(() => { location.hash = 'v=1&V=5&d=2&init=zeros&ids=4'; });
  await page.waitForFunction(() => window.embeddingLab.snapshot().V === 5);
  await frames(page, 2);
  assert.match(await page.evaluate(() => location.hash), /V=5&d=2&init=zeros&ids=4/);
  await closePage(page);
});

test('a link put in the address wins over an edit whose link the app writes before the hashchange comes', async () => {
  const page = await openPage(browser, server.url);
  await frames(page, 2);
  // An edit, then a navigation, then the app's frame, before the navigation's hashchange: as when a
  // course page sets the embed's address while the page draws an edit. (glue.js asks for each frame
  // after the last one: the frame after the one already asked for.)
  await page.evaluate(() => {
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (frame) => raf((t) => {
      window.requestAnimationFrame = raf;
      window.embeddingLab.setIds('2');  // a commit: its link is written at the end of the frame
      location.hash = 'v=1&V=5&d=2&init=zeros&ids=4';
      frame(t);
    });
  });
  await page.waitForFunction(() => window.embeddingLab.snapshot().V === 5, null, { timeout: 10000 }).catch(() => {});
  await frames(page, 2);
  const s = await snapshot(page);
  assert.deepEqual([s.V, s.ids], [5, [4]], 'the link put in the address, not the edit written over it');
  assert.match(await page.evaluate(() => location.hash), /V=5&d=2&init=zeros&ids=4/);
  await closePage(page);
});

test('setLink() puts the page\'s link in the address (a reload keeps the state); a pasted address stays as given', async () => {
  const page = await openPage(browser, server.url);
  await page.evaluate(() => window.embeddingLab.setLink('v=1&V=4&d=2&init=zeros&ids=3,3'));
  await page.waitForFunction(() => /ids=3,3/.test(location.hash));
  assert.equal(await page.evaluate(() => location.hash.slice(1)), await page.evaluate(() => window.embeddingLab.getLink()));
  await page.reload();
  await page.waitForFunction(() => window.embeddingLab && window.embeddingLab.snapshot && window.Module._el_startup_json);
  await page.evaluate(() => window.embeddingLab.ready);
  assert.deepEqual(await page.evaluate(() => [window.embeddingLab.snapshot().V, window.embeddingLab.snapshot().ids]), [4, [3, 3]]);

  await page.evaluate(() => { location.hash = 'v=1&V=5&d=2&init=zeros&ids=4&nosuchkey=1'; });
  await page.waitForFunction(() => window.embeddingLab.snapshot().V === 5);
  await frames(page, 3);
  assert.match(await page.evaluate(() => location.hash), /&nosuchkey=1$/, 'the pasted link, its unknown key and all');
  await closePage(page);
});

// And on the canvas, under the copied text (review z6: a phone's clipboard is out of sight, and nothing
// on the page said the copy had happened). Where the browser refuses, it says nothing.
test('Copy link on the canvas puts the link on the clipboard and says so, on the live line and under the link', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2');
  const rect = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  assert.equal(await rect('share-copied'), null);
  await clickWidget(page, 'copy-link');
  await page.waitForFunction(() => document.getElementById('live').textContent === 'Copied to the clipboard.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), server.url + '#' + await page.evaluate(() => window.embeddingLab.getLink()));
  await frames(page, 2);
  const said = await rect('share-copied'), text = await rect('share-text');
  assert.ok(said && said.y > text.y, `"Copied to the clipboard." under the link: ${JSON.stringify(said)}`);
  // Another text to copy: not said until the browser took it; refused, never.
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  await clickWidget(page, 'copy-numpy');
  await frames(page, 4);
  assert.equal(await rect('share-copied'), null, 'a refused copy is not said to be done');
  await page.context().close();
});

test('embed mode shows only the named panels', async () => {
  const page = await openPage(browser, server.url + '#v=1&embed=1&panels=forward,backward', { width: 600, height: 400 });
  await frames(page, 2);
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('ids')), null);
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('copy-link')), null);
  assert.notEqual(await page.evaluate(() => window.embeddingLab.widgetRect('open-full')), null);
  assert.notEqual(await page.evaluate(() => window.embeddingLab.widgetRect('badge')), null);
  await screenshot(page, 'links-embed-600x400');
  await closePage(page);
});

test('setLink(getLink()) leaves snapshot() identical for randomly generated states', async () => {
  const page = await openPage(browser, server.url);
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const inits = ['example', 'normal', 'uniform', 'zeros'];
  const opts = ['sgd', 'adam', 'adamw', 'lazysgd', 'lazyadam'];
  for (let i = 0; i < 25; i++) {
    const V = 1 + rand(40), d = 1 + rand(12), B = 1 + rand(10);
    const ids = Array.from({ length: B }, () => rand(V));
    const cells = Array.from({ length: rand(4) }, () => `${rand(V)}:${rand(d)}:${(rand(2000) - 1000) / 37}`);
    const g = Array.from({ length: rand(3) }, () => `${rand(B)}:${rand(d)}:${(rand(200) - 100) / 7}`);
    let link = `v=1&V=${V}&d=${d}&init=${inits[rand(4)]}&seed=${rand(1000)}&ids=${ids.join(',')}` +
      `&opt=${opts[rand(5)]}&lr=${rand(100) / 97}&theme=${rand(2) ? 'dark' : 'light'}`;
    if (cells.length) link += `&cells=${cells.join(',')}`;
    if (g.length) link += `&g=${g.join(',')}`;
    if (rand(2)) link += `&pad=${rand(V)}`;
    if (rand(2)) link += '&freqscale=1';
    const same = await page.evaluate((l) => {
      const exact = (k, v) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? `num:${Object.is(v, -0) ? '-0' : v}` : v);
      const lab = window.embeddingLab;
      const first = lab.setLink(l);
      const before = JSON.stringify(lab.snapshot(), exact);
      const again = lab.setLink(lab.getLink());
      return { first, ok: again.ok && JSON.stringify(lab.snapshot(), exact) === before };
    }, link);
    assert.deepEqual(same.first.errors, [], link);
    assert.ok(same.ok, link);
  }
  await closePage(page);
});

// A reviewer's case: a link near the limit (V=1000, d=64, thousands of edited cells) loads; five
// more edits made a link the page refuses, written into the address with no word, and opening it
// applied nothing. Now the address keeps the last link that fit, the header says so, and Copy link
// copies nothing rather than a link that opens to nothing.
test('a state whose link would be too long keeps the last link that fit in the address and says so', async () => {
  const limit = 64 * 1024;
  const page = await openPage(browser, server.url);
  let link = 'v=1&V=1000&d=64&init=normal&seed=7&ids=1&cells=';
  for (let i = 0; link.length < 65500; i++) link += `${i ? ',' : ''}${Math.floor(i / 64)}:${i % 64}:${2 + (i % 7)}`;  // 2 to 8
  const loaded = await page.evaluate((l) => window.embeddingLab.setLink(l), link);
  assert.deepEqual(loaded, { ok: true, errors: [], notices: [] });
  await frames(page, 2);
  assert.ok((await page.evaluate(() => window.embeddingLab.getLink())).length <= limit, 'it loads, so it fits');
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('link-over-limit')), null, 'no warning yet');

  for (let k = 0; k < 5; k++) {
    const r = await page.evaluate((row) => window.embeddingLab.setCell(row, 0, '-0.123456789'), 990 + k);
    assert.equal(r.ok, true);
    await frames(page, 1);
  }
  await frames(page, 2);
  const now = await page.evaluate(() => ({ link: window.embeddingLab.getLink(), hash: location.hash.slice(1) }));
  assert.ok(now.link.length > limit, `the state's link is over the limit (${now.link.length})`);
  assert.ok(now.hash.length <= limit, `the address holds a link the page reads (${now.hash.length})`);
  assert.notEqual(now.hash, now.link);
  assert.notEqual(await page.evaluate(() => window.embeddingLab.widgetRect('link-over-limit')), null, 'the header says so');
  const table = (await snapshot(page)).table;
  for (let k = 0; k < 5; k++) assert.equal(table[990 + k][0], Math.fround(-0.123456789), 'the edits are kept on the page');
  await screenshot(page, 'links-over-limit');
  // The snapshot and the text view say it too, with the exact length, and offer no link to copy.
  assert.match((await snapshot(page)).linkOverLimit, new RegExp(`${now.link.length.toLocaleString('en-US')} characters.*65,536`));
  await page.waitForFunction(() => document.getElementById('tv-link-over-limit'));
  assert.equal(await page.$('#tv-share-link'), null);

  // The deeper tier would reload at the link (and lose the edits): it is not loaded, and says so.
  assert.equal((await page.evaluate(() => window.embeddingLab.setField('deeper', '1'))).ok, true);
  await frames(page, 3);
  const kept = await snapshot(page);
  assert.equal(kept.settings.deeper, false);
  assert.equal(kept.table[990][0], Math.fround(-0.123456789), 'still the page with the edits');

  // Copy link puts nothing on the clipboard and says why.
  await clickWidget(page, 'copy-link');
  await frames(page, 2);
  assert.equal(await page.evaluate(() => window.embeddingLab.shareText()), '');
  assert.notEqual(await page.evaluate(() => window.embeddingLab.widgetRect('share-not-copied')), null);

  // The address opens to the state it names, with no error.
  const reopened = await openPage(browser, server.url + '#' + now.hash);
  const s = await snapshot(reopened);
  assert.deepEqual(s.linkErrors, { ok: true, errors: [], notices: [] });
  assert.equal(s.V, 1000);
  await closePage(reopened);

  // A fill (no edited cells) makes the link fit again: the address follows and the warning goes.
  assert.equal((await page.evaluate(() => window.embeddingLab.setField('init', 'normal'))).ok, true);
  await frames(page, 3);
  const after = await page.evaluate(() => ({ link: window.embeddingLab.getLink(), hash: location.hash.slice(1) }));
  assert.equal(after.hash, after.link);
  assert.equal(await page.evaluate(() => window.embeddingLab.widgetRect('link-over-limit')), null);
  assert.equal((await snapshot(page)).linkOverLimit, '');
  await page.waitForFunction(() => document.getElementById('tv-share-link'));
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A link with 40 problems made a banner taller than the screen: Dismiss and every panel below it,
// out of reach of the wheel and of a finger (the banner sits in the page's fixed top part).
test('a link with many problems keeps Dismiss and the lesson on screen: the banner scrolls inside a third of it', async () => {
  const link = 'v=1&V=3&d=3&init=example&ids=1&' + Array.from({ length: 40 }, (_, i) => `k${i}=1`).join('&');
  for (const size of [{ width: 390, height: 844, mobile: true }, { width: 1280, height: 800 }]) {
    const page = await openPage(browser, server.url + '#' + link, size);
    const dismiss = await page.evaluate(() => window.embeddingLab.widgetRect('banner-dismiss'));
    const V = await page.evaluate(() => window.embeddingLab.widgetRect('V'));
    assert.ok(dismiss.visible && dismiss.y + dismiss.height <= size.height / 2, `Dismiss at y = ${dismiss.y} of ${size.height}`);
    assert.ok(V.y + V.height < size.height, `the table's V field at y = ${V.y}, below the screen's ${size.height}`);
    const notices = (await snapshot(page)).linkErrors.notices;  // a few listed, the rest counted
    assert.equal(notices.length, 8);
    assert.equal(notices.at(-1), '... and 33 more');
    await closePage(page);
  }
});

// A notice (a value the link had that was changed, not refused) ran past a phone's right edge on one line,
// and a swipe to read it scrolled Dismiss away.
test('a link\'s notice wraps to a phone\'s width', async () => {
  const page = await openPage(browser, server.url + '#v=1&tour=basics&step=11', { width: 390, height: 844, dpr: 2, mobile: true });
  const notice = await page.evaluate(() => window.embeddingLab.widgetRect('banner-notice'));
  const canvas = await page.locator('#canvas').boundingBox();
  assert.match((await snapshot(page)).linkErrors.notices[0], /step=11 is past its end/);
  assert.ok(notice?.visible && notice.x + notice.width <= canvas.width, `the notice spans ${JSON.stringify(notice)} on a ${canvas.width} px screen`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// section= opens a section that starts closed (the bias, below the raw id's) and scrolls to it once: on a
// phone the experiments panel is screens below the top. Closing it drops it from the link; a name the page
// does not know is said, with the known ones, and the rest of the link applies.
test('a link with section= opens that section on screen; closed, the link drops it', async () => {
  const height = 844;
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2&section=bias',
                              { width: 390, height, dpr: 2, mobile: true });
  await settle(page);
  const rect = (name) => page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  const heading = await rect('section'), inside = await rect('bias-difference');
  assert.ok(heading?.visible && heading.y >= 0 && heading.y <= height / 2,
            `the bias section's heading near the top of the screen: ${JSON.stringify(heading)}`);
  assert.ok(inside?.visible && inside.y > heading.y && inside.y + inside.height <= height,
            `the bias section is open and on screen: ${JSON.stringify(inside)}`);
  // Its verdicts fit the phone's width (on the line after their comparison): they ran off the screen's edge.
  assert.ok(inside.x >= 0 && inside.x + inside.width <= 390, `the verdict within the screen's width: ${JSON.stringify(inside)}`);
  await screenshot(page, 'section-bias-phone');
  let s = await snapshot(page);
  assert.equal(s.settings.section, 'bias');
  assert.deepEqual(s.linkErrors, { ok: true, errors: [], notices: [] });
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /&section=bias/);
  // Scrolled once: the learner scrolls away and the page stays there.
  await page.mouse.move(200, 600);
  await page.mouse.wheel(0, -400);
  await frames(page, 6);
  assert.ok((await rect('section')).y > heading.y + 100, 'the page is not pulled back to the section');
  // Closed by the learner: the link no longer names it.
  await clickWidget(page, 'section');
  await settle(page);
  s = await snapshot(page);
  assert.equal(s.settings.section, 'none');
  assert.doesNotMatch(await page.evaluate(() => window.embeddingLab.getLink()), /section=/);
  // setField('section', ...) does what the link's key does (it answered ok and opened nothing: review z1).
  assert.deepEqual(await page.evaluate(() => window.embeddingLab.setField('section', 'nonfinite')), { ok: true, error: '' });
  await settle(page);
  assert.equal((await snapshot(page)).settings.section, 'nonfinite');
  // The page scrolls to it over the next frames (settle waits for none: under load the rectangle read was the
  // frame's before the scroll, the section not yet drawn).
  await page.waitForFunction((h) => { const r = window.embeddingLab.widgetRect('section'); return r?.visible && r.y >= 0 && r.y <= h / 2; },
                             height, { timeout: 10000 }).catch(() => {});
  const named = await rect('section');
  assert.ok(named?.visible && named.y >= 0 && named.y <= height / 2, `the non-finite section's heading brought near the top: ${JSON.stringify(named)}`);
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /&section=nonfinite/);
  // A misspelt name: said with the names the page knows; the rest applies.
  const result = await page.evaluate(() => window.embeddingLab.setLink('v=1&V=5&d=2&ids=4&section=biass'));
  assert.deepEqual(result.errors, ["section: 'biass' is not one of none, rawid, bias, nonfinite (still using none)"]);
  s = await snapshot(page);
  assert.equal(s.V, 5);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Review z1: a link with padding_idx and max_norm on reproduced the numbers, with "Lookup options
// (PyTorch)" closed: nothing on screen said which options made them. A link that turns one on opens it.
test('a link that turns a lookup option on opens Lookup options; a link without leaves it as it was', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0');
  await settle(page);
  const shown = async (name) => (await page.evaluate((n) => window.embeddingLab.widgetRect(n), name))?.visible === true;
  assert.equal(await shown('option:pad'), true, 'opened with padding_idx on: its field is shown');
  await clickWidget(page, 'lookup-options');  // closed by the learner
  await frames(page, 3);
  assert.equal(await shown('option:padding'), false);
  for (const [link, open] of [['v=1&V=4&d=3&ids=1', false], ['v=1&V=6&d=3&ids=1,2&maxnorm=1', true],
                              ['v=1&V=3&d=3&ids=1,1&freqscale=1', true], ['v=1&V=3&d=3&ids=1&sparse=1', true]]) {
    if (open) {  // closed again first, so that the link is what opens it
      if (await shown('option:padding')) await clickWidget(page, 'lookup-options'), await frames(page, 3);
    }
    assert.deepEqual(await page.evaluate((l) => window.embeddingLab.setLink(l), link), { ok: true, errors: [], notices: [] });
    await frames(page, 4);
    assert.equal(await shown('option:padding'), open, link);
    if (link.includes('maxnorm')) assert.equal(await shown('option:maxnorm'), true, 'its max_norm field shown');
  }
  // The learner's own choice stands until the next link: closed after a link opened it, it stays closed.
  await clickWidget(page, 'lookup-options');
  await frames(page, 6);
  assert.equal(await shown('option:padding'), false);
  // setField, a course page's way to the same settings, does as the link does (review z4): an option
  // turned on opens the section, one turned off or another setting leaves it as it was.
  for (const [key, value, open] of [['lr', '0.5', false], ['sparse', '0', false], ['pad', '0', true]]) {
    assert.equal((await page.evaluate(([k, v]) => window.embeddingLab.setField(k, v), [key, value])).ok, true);
    await frames(page, 4);
    assert.equal(await shown('option:padding'), open, `setField('${key}', '${value}')`);
  }
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// Review z1: an experiment's section the learner opened was not in the link, so the link's receiver
// found it closed, further down. Opened by a click, a key or a tap, it is the section the link names.
test('an experiment\'s section opened by a click, a key or a tap is the one the link names', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=2');
  await settle(page);
  // Scrolled to first, and clicked once it stays put (the panels below a long one are sticky and follow
  // the scroll over a frame or two: a click at once could miss the header).
  const click = async (name) => { await widgetCenter(page, name); await frames(page, 6); await clickWidget(page, name); };
  assert.doesNotMatch(await page.evaluate(() => window.embeddingLab.getLink()), /section=/, 'a section open by default is not named');
  await click('exp_bias');
  await settle(page);
  const link = await page.evaluate(() => window.embeddingLab.getLink());
  assert.match(link, /&section=bias/);
  // The link opens it for its receiver, on a phone too, and there a tap on another names that one.
  const phone = await openPage(browser, server.url + '#' + link, { width: 390, height: 844, dpr: 2, mobile: true });
  await settle(phone);
  assert.ok((await phone.evaluate(() => window.embeddingLab.widgetRect('bias-difference')))?.visible, 'the bias section open for the receiver');
  const tap = await widgetCenter(phone, 'exp_inf');
  await phone.touchscreen.tap(tap.x, tap.y);
  await frames(phone, 4);
  assert.match(await phone.evaluate(() => window.embeddingLab.getLink()), /&section=nonfinite/, 'tapped open, it is named');
  assert.deepEqual(phone.problems, []);
  await closePage(phone);
  // Two open, the named one closed: the other, still open, is named (review z4: the link named none).
  await click('exp_inf');
  await settle(page);
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /&section=nonfinite/, 'the second one opened is named');
  await click('exp_inf');
  await frames(page, 4);
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /&section=bias/, 'closed, the one still open is named');
  await click('exp_bias');  // closed: the link names none
  await settle(page);
  assert.doesNotMatch(await page.evaluate(() => window.embeddingLab.getLink()), /section=/);
  // Opened again from the keyboard: Tab to its header (a few frames a press: the focus moves, then the
  // page scrolls to it), then Space.
  await page.locator('#canvas').focus();
  let presses = 0;
  while (!(await page.evaluate(() => window.embeddingLab.widgetRect('exp_bias')))?.keyboardFocus && presses++ < 300) {
    await page.keyboard.press('Tab');
    await frames(page, 3);
  }
  assert.ok(presses < 300, 'Tab reached the header');
  await frames(page, 10);
  await page.keyboard.press('Space');
  await frames(page, 6);
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /&section=bias/);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// /tmp/review-i l2.mjs/l4.mjs: 5,000 entries of one cell gave a banner (and a live line) of 4,999 notices.
test('a cell repeated 5,000 times is one notice with its count; a long banner list ends in a count', async () => {
  const cells = Array.from({ length: 5000 }, (_, i) => `0:0:${i}`).join(',');
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1&cells=' + cells);
  let s = await snapshot(page);
  assert.deepEqual(s.linkErrors, { ok: true, errors: [],
    notices: ['cells: cell 0:0 is given 5,000 times (first in entry 0); the first value, 0, is used'] });
  assert.equal(s.table[0][0], 0);
  // 30 cells each given twice: 7 listed, then the count.
  const twice = Array.from({ length: 30 }, (_, i) => `${Math.floor(i / 3)}:${i % 3}:1,${Math.floor(i / 3)}:${i % 3}:2`).join(',');
  const said = await page.evaluate((link) => window.embeddingLab.setLink(link), 'v=1&V=10&d=3&ids=1&cells=' + twice);
  assert.equal(said.notices.length, 8);
  assert.match(said.notices[0], /^cells: cell 0:0 is given more than once \(entries 0 and 1\)/);
  assert.equal(said.notices.at(-1), '... and 23 more');
  await closePage(page);
});

// /tmp/review-i l2.mjs/l5.mjs: "ids=1,,2", "ids=1,2," and a link cut after "ids=4," were taken without a word.
test('an empty entry in a link\'s ids is a notice; the other ids are taken', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=5&d=3&init=normal&seed=1&ids=1,,2');
  assert.deepEqual((await snapshot(page)).linkErrors, { ok: true, errors: [], notices: ['ids: an empty entry (two commas in a row, or a comma at an end) was left out'] });
  for (const [link, ids] of [['v=1&V=5&ids=1,2,', [1, 2]], ['v=1&V=5&d=3&ids=4,', [4]]]) {
    const said = await page.evaluate((l) => window.embeddingLab.setLink(l), link);
    assert.deepEqual(said, { ok: true, errors: [], notices: ['ids: an empty entry (two commas in a row, or a comma at an end) was left out'] }, link);
    assert.deepEqual((await snapshot(page)).ids, ids, link);
  }
  await closePage(page);
});

// Empty entries in cells=, g= and offsets= were skipped without a word.
test('an empty entry in a link\'s cells, g or offsets is the same notice; the other entries are taken', async () => {
  const said = 'an empty entry (two commas in a row, or a comma at an end) was left out';
  const page = await openPage(browser, server.url + '#v=1&V=4&d=3&init=normal&seed=1&ids=1&cells=0:0:1,,0:1:5');
  let s = await snapshot(page);
  assert.deepEqual(s.linkErrors, { ok: true, errors: [], notices: ['cells: ' + said] });
  assert.deepEqual(s.table[0].slice(0, 2), [1, 5]);
  for (const [link, key] of [['v=1&V=4&d=3&ids=1&g=0:0:2,', 'g'], ['v=1&V=4&d=3&ids=1,2,3&bag=sum&offsets=0,,2', 'offsets']]) {
    assert.deepEqual(await page.evaluate((l) => window.embeddingLab.setLink(l), link), { ok: true, errors: [], notices: [key + ': ' + said] }, link);
  }
  s = await snapshot(page);
  assert.deepEqual(s.bag.offsets, [0, 2]);
  await closePage(page);
});

// A link to a table of a million numbers or more (the "large" preset: 100,000 x 16) is built in one call,
// 0.2 s here and seconds on a slow phone, and the page froze without a word. A line says so first, in a
// frame painted before the work; a small link opens at once, without it.
test('a large table opened from the address says it is being built before the page stops for it', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3', { width: 1280, height: 800 });
  const large = (await page.evaluate(() => window.embeddingLab.presets())).find((p) => p.name === 'large');
  assert.ok(large && /(^|&)V=100000(&|$)/.test(large.link), 'the large preset');
  await page.evaluate(() => {
    window.painted = [];
    const st = document.getElementById('status');
    const tick = () => { window.painted.push(getComputedStyle(st).display === 'none' ? '' : st.textContent); requestAnimationFrame(tick); };
    tick();
  });
  await page.evaluate(() => { location.hash = '#v=1&V=4&d=3'; });
  await page.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).V === 4);
  await page.evaluate((l) => { location.hash = l; }, large.link);
  await page.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).V === 100000, null, { timeout: 20000 });
  await frames(page, 2);
  const painted = [...new Set(await page.evaluate(() => window.painted))];
  // Nothing for the small link, the line for the large one, then nothing again.
  assert.deepEqual(painted, ['', 'Building the table\u2026'], `painted: ${JSON.stringify(painted)}`);
  assert.equal(await page.locator('#status').getAttribute('class'), 'hidden');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
