// The page's second language (issue 15, src/i18n): lang= in the link and the browser's language
// pick it; every string switches (spot-checked in the screen-reader line, the header, the text
// view's whole DOM); numbers are shown and typed with a decimal comma, while links, snapshot()
// and exports keep the point; a bad lang= value or a catalog that cannot be fetched leaves the
// page in English with a message, and nothing the learner did is lost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, closePage, snapshot, frames, clickWidget, typeInto, widgetCenter, textViewArrived, holdTextView } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

const LINK = '#v=1&V=3&d=3&init=example&ids=1';
// Words English prose is made of and German prose is not: any of them in the German text view is
// a string the catalog missed. (Notation such as W[ids], padding_idx, SGD is not among them.)
const ENGLISH_WORDS = /\b(the|and|with|which|of|is|are|every|row|rows|gradient reaches|only|this|that|click|step|table|each|from|into)\b/i;

// (Nor are the link's names of locks and hidden controls where the Teach panel's help glosses them: "table: ...".)
const words = (text) => text.replace(/`[^`]*`/g, ' ').replace(/\b(table|ids|upstream|options|optimizer|size|fill|resize|random|bag|gfill|overview|openfull): /g, ' ');

/** A page in a context of its own (a browser locale, a catalog served differently), drawn and ready. */
async function openIn(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  await textViewArrived(page);
  await frames(page, 3);
  return page;
}

async function textViewText(page) {
  return page.evaluate(() => {
    const root = document.getElementById('text-view');
    // Inputs hold values (numbers, links), not texts the page writes; code and links are not prose.
    const skip = (n) => n.closest('input, textarea, code, pre, [data-notation]');
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent);
    for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]'))
      out.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '', el.getAttribute('placeholder') || '');
    return out.join('\n');
  });
}

test('lang=de: the page, its screen-reader line and <html lang> are German; the link keeps lang=de', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de');
  await frames(page, 3);
  const s = await snapshot(page);
  assert.equal(s.language, 'de');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.match(s.link, /(^|&)lang=de(&|$)/);
  assert.ok(s.liveText.length > 20, s.liveText);
  assert.doesNotMatch(words(s.liveText), ENGLISH_WORDS, `English left in the live line: ${s.liveText}`);
  assert.match(s.liveText, /0,4/, 'numbers in the live line have a decimal comma');
  // The same state in English says it in English: the line is the catalog's, not fixed text.
  const en = await openPage(browser, server.url + LINK + '&lang=en');
  const e = await snapshot(en);
  assert.equal(e.language, 'en');
  assert.notEqual(e.liveText, s.liveText);
  assert.match(e.liveText, /0\.4/);
  assert.deepEqual(page.problems, []);
  await page.context().close(), await closePage(en);
});

// The default state, then a tour step with every question card and a refused edit's message.
for (const [what, link] of [['the default state', LINK],
                            ['a tour step, the question cards, options and a bag', '#v=1&V=4&d=3&init=example&ids=2,0,2,2&pad=0&bag=mean&offsets=0,2&tour=solid&step=6&quiz=all']]) {
  test(`the text view in German, ${what}: no English sentence left in its DOM, numbers with a comma`, async () => {
    const page = await openPage(browser, server.url + link + '&lang=de&view=text');
    await frames(page, 3);
    const text = await textViewText(page);
    assert.ok(text.length > 500, 'the text view has content');
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
    const english = lines.filter((l) => ENGLISH_WORDS.test(words(l)));
    assert.deepEqual(english, [], `English lines in the German text view:\n${english.slice(0, 15).join('\n')}`);
    assert.ok(await page.evaluate(() => /0,4/.test(document.getElementById('text-view').textContent)), 'W[1][0] = 0,4 is shown with a comma');
    assert.deepEqual(page.problems, []);
    await closePage(page);
  });
}

test("a browser set to German opens in German; the link stays without lang", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const page = await openIn(context, server.url + LINK);
  const s = await snapshot(page);
  assert.equal(s.language, 'de');
  assert.doesNotMatch(s.link, /lang=/, 'the learner did not choose: the link does not pin a language');
  assert.doesNotMatch(words(s.liveText), ENGLISH_WORDS);
  await context.close();
});

// The header's language chooser, as a learner uses it: its list opens under it, English first, then
// Deutsch, one line each.
async function chooseLanguage(page, name) {
  await clickWidget(page, 'language');
  await frames(page, 3);
  const { x, y } = await widgetCenter(page, 'language');
  const line = await page.evaluate(() => window.embeddingLab.widgetRect('language').height);
  await page.mouse.click(x, y + line * (name === 'en' ? 1.1 : 2.1));
  await page.waitForFunction((n) => window.embeddingLab.snapshot().language === n, name, { timeout: 10000 });
  await frames(page, 4);
}

test('the header switches the language: the address pins it, English comes back the same way', async () => {
  const page = await openPage(browser, server.url + LINK, { width: 1280, height: 800 });
  assert.equal((await snapshot(page)).language, 'en');
  const english = (await snapshot(page)).liveText;
  const choose = (name) => chooseLanguage(page, name);
  const englishTitle = await page.title();
  await choose('de');
  let s = await snapshot(page);
  assert.match(s.link, /(^|&)lang=de(&|$)/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.match(await page.title(), /^Embedding Lab: eine Embedding-Schicht/, 'the tab title did not follow');
  assert.match(await page.evaluate(() => location.hash), /lang=de/);
  assert.notEqual(s.liveText, english);
  await choose('en');
  s = await snapshot(page);
  assert.equal(s.liveText, english);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.title(), englishTitle);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A cell's refusal was kept as the sentence first written: after the header's chooser turned the page
// German, "W[0][0]: '0,5x' is not a number (the cell keeps 0.1)" stayed on it in English.
test("a cell's refusal follows the language chosen: said again in German, gone where the text now reads", async () => {
  const page = await openPage(browser, server.url + LINK, { width: 1280, height: 800 });
  const choose = (name) => chooseLanguage(page, name);
  const kept = (await snapshot(page)).table[0][0];
  await typeInto(page, 'cell:W:0:0', '0,5x');
  await frames(page, 4);
  assert.equal((await snapshot(page)).errors.table, "W[0][0]: '0,5x' is not a number (the cell keeps 0.1)");
  await choose('de');
  assert.equal((await snapshot(page)).errors.table, "W[0][0]: '0,5x' ist keine Zahl (die Zelle behält 0,1)");
  await choose('en');
  assert.equal((await snapshot(page)).errors.table, "W[0][0]: '0,5x' is not a number (the cell keeps 0.1)");
  // "0,5" is no number in English; in German it is one: its message goes, and the cell keeps its value
  // until the learner enters it.
  await typeInto(page, 'cell:W:0:0', '0,5');
  await frames(page, 4);
  assert.equal((await snapshot(page)).errors.table, "W[0][0]: '0,5' is not a number (the cell keeps 0.1)");
  await choose('de');
  const s = await snapshot(page);
  assert.equal(s.errors.table, '');
  assert.equal(s.table[0][0], kept);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A number field kept its refusal in the language it was made in (V), or dropped it with the text when
// the value's own text changed with the language (lr's "0.1" is "0,1" in German).
test("a number field's refusal follows the language chosen: said again in German, taken where the text now reads", async () => {
  const page = await openPage(browser, server.url + LINK + '&opt=sgd', { width: 1280, height: 800 });
  const choose = (name) => chooseLanguage(page, name);
  const fields = async () => (await snapshot(page)).errors.fields;
  await typeInto(page, 'V', 'abc');
  await typeInto(page, 'opt:lr', '0,5');
  await frames(page, 4);
  assert.equal(await fields(), "V: 'abc' is not a whole number\nlr: '0,5' is not a number");
  await choose('de');
  assert.equal(await fields(), "V: 'abc' ist keine ganze Zahl", "V's said in German; lr's '0,5' now reads");
  const s = await snapshot(page);
  assert.equal(s.V, 3, 'V keeps its value');
  assert.match(await page.evaluate(() => window.embeddingLab.getLink()), /[&#]lr=0\.5(&|$)/, 'lr takes 0,5');
  await choose('en');
  assert.equal(await fields(), "V: 'abc' is not a whole number");
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('on a phone in German the language menu behind Share is as wide as "Deutsch" needs', async () => {
  // 80 px, the phone's width for it, cut "Deutsch" to "Deutsc".
  const page = await openPage(browser, server.url + '#v=1&lang=de', { width: 390, height: 844, dpr: 2, mobile: true });
  await clickWidget(page, 'share');
  await frames(page, 3);
  const menu = await page.evaluate(() => window.embeddingLab.widgetRect('language'));
  assert.ok(menu && menu.width > 80, `the language menu: ${JSON.stringify(menu)}`);
  await closePage(page);
});

// "Größe ändern" (Resize) was placed beside d as if it were as short as "Resize", and ran 20 px past the
// page's scrollbar on a 360 px phone, cut off.
test("on a 360 px German phone the table's Resize button goes to the next line rather than past the screen's edge", async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de', { width: 360, height: 740, dpr: 2, mobile: true });
  const [d, resize] = await page.evaluate(() => ['d', 'resize'].map((n) => window.embeddingLab.widgetRect(n)));
  assert.ok(resize.x + resize.width <= 360 - 20, `Resize ends at ${resize.x + resize.width}, under the scrollbar (about 338 px) or past the screen`);
  assert.ok(resize.y > d.y, 'on the line below V and d');
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('numbers typed the German way: "0,25" into W[1][0] is 0.25; links and snapshot() keep the point', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de');
  await typeInto(page, 'cell:W:1:0', '0,25');
  const s = await snapshot(page);
  assert.equal(s.table[1][0], 0.25);
  assert.match(s.link, /cells=1:0:0\.25/);
  assert.equal(s.errors.table, '');
  // A number that is not one gets a German message naming it, and the cell keeps its value.
  await typeInto(page, 'cell:W:1:1', '0,5x');
  const t = await snapshot(page);
  assert.equal(t.table[1][1], 0.5);
  assert.match(t.errors.table, /0,5x/);
  assert.doesNotMatch(words(t.errors.table), ENGLISH_WORDS, t.errors.table);
  // The text view's cells read it the same way, and quote it as typed.
  await page.evaluate(() => window.embeddingLab.setView('text'));
  await page.waitForSelector('#tv-w-2-0');
  await page.fill('#tv-w-2-0', '-0,75');
  await page.press('#tv-w-2-0', 'Enter');
  await page.waitForFunction(() => window.embeddingLab.snapshot().table[2][0] === -0.75);
  await page.fill('#tv-w-2-1', '0,5x');
  await page.press('#tv-w-2-1', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-w-2-1').getAttribute('aria-invalid') === 'true');
  assert.match((await snapshot(page)).errors.table, /'0,5x'/);
  // "1.000" could be a thousand (as V reads it) or 1: asked, not taken as 1; grouped with a decimal comma it
  // is read.
  await page.fill('#tv-w-2-2', '1.000');
  await page.press('#tv-w-2-2', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-w-2-2').getAttribute('aria-invalid') === 'true');
  assert.equal((await snapshot(page)).errors.table,
               "W[2][2]: '1.000': Punkt als Tausendertrennzeichen (1000) oder als Dezimalzeichen (1,000)? Schreib eins davon (die Zelle behält 0,9)");
  await page.fill('#tv-w-2-2', '1.234,5');
  await page.press('#tv-w-2-2', 'Enter');
  await page.waitForFunction(() => window.embeddingLab.snapshot().table[2][2] === 1234.5);
  await closePage(page);
});

// The text view's drop-downs named their choices by the link's tokens (none, upstream, mse) where the
// canvas names them in German: each choice now reads as the canvas says it, its value still the token.
test("the text view's drop-downs name their choices as the canvas does, in German too", async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de&view=text', { width: 1440, height: 900 });
  await page.waitForSelector('#tv-f-bag');
  const options = (id) => page.$$eval(`#${id} option`, (os) => os.map((o) => `${o.value}=${o.textContent}`));
  assert.deepEqual(await options('tv-f-bag'), ['none=keins', 'sum=sum', 'mean=mean', 'max=max']);
  assert.deepEqual(await options('tv-f-loss'), ['upstream=Upstream-G', 'mse=MSE zu Zielen']);
  assert.deepEqual(await options('tv-f-opt'), ['sgd=SGD', 'adam=Adam', 'adamw=AdamW', 'lazysgd=lazy SGD (momentum)', 'lazyadam=lazy Adam']);
  await page.selectOption('#tv-f-loss', { label: 'MSE zu Zielen' });
  await page.waitForFunction(() => /[&#]loss=mse/.test(window.embeddingLab.getLink()));
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// A German learner's review (D8): padding_idx and max_norm took only "none" and "off", and showed them.
test("the text view's padding_idx and max_norm show and take the German words keine and aus; the link keeps none and off", async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de&view=text', { width: 1440, height: 900 });
  await page.waitForSelector('#tv-f-pad');
  assert.equal(await page.inputValue('#tv-f-pad'), 'keine');
  assert.equal(await page.inputValue('#tv-f-maxnorm'), 'aus');
  assert.equal(await page.textContent('label[for=tv-f-pad]'), 'padding_idx (eine Zeile, oder keine) ');
  const enter = async (id, text) => {
    await page.fill(`#${id}`, text);
    await page.press(`#${id}`, 'Enter');
    await frames(page, 4);
  };
  await enter('tv-f-pad', '1');
  await enter('tv-f-maxnorm', '0,5');
  let s = await snapshot(page);
  assert.equal(s.settings.pad, '1');
  assert.equal(s.settings.maxnorm, '0.5');  // as the link writes them
  await page.waitForFunction(() => document.getElementById('tv-f-pad').value === '1');
  await enter('tv-f-pad', 'Keine');
  await enter('tv-f-maxnorm', 'aus');
  s = await snapshot(page);
  assert.equal(s.settings.pad, 'none');
  assert.equal(s.settings.maxnorm, 'off');
  assert.equal(await page.getAttribute('#tv-f-pad', 'aria-invalid'), null);
  assert.doesNotMatch(await page.evaluate(() => window.embeddingLab.getLink()), /pad=|maxnorm=/);
  await enter('tv-f-pad', 'kein');
  assert.equal(await page.textContent('#tv-f-pad-message'), "'kein' ist keine ganze Zahl (oder 'keine')");
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a German setting refused: its message quotes "1,5" as typed and its range the German way, canvas and text view', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de&opt=sgd', { width: 1440, height: 900 });
  // The field's recorded rect spans its label too: click into the field itself, at its left.
  const centre = await widgetCenter(page, 'opt:momentum');
  const r = await page.evaluate(() => window.embeddingLab.widgetRect('opt:momentum'));
  await page.mouse.click(centre.x - r.width / 2 + 15, centre.y);
  await frames(page, 2);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1,5', { delay: 5 });
  await page.keyboard.press('Enter');
  await frames(page, 10);
  const want = "'1,5' liegt außerhalb des Bereichs (0 bis 0,999)";
  assert.equal((await snapshot(page)).errors.fields, 'Momentum: ' + want);
  await page.evaluate(() => window.embeddingLab.setView('text'));
  await page.waitForSelector('#tv-f-mom');
  await page.fill('#tv-f-mom', '1,5');
  await page.press('#tv-f-mom', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-f-mom-message').textContent !== '');
  assert.equal(await page.textContent('#tv-f-mom-message'), want);  // beside the field: no key, no label
  // Typed with a point, the message quotes the point as typed.
  await page.fill('#tv-f-mom', '1.5');
  await page.press('#tv-f-mom', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-f-mom-message').textContent.includes("'1.5'"));
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a German whole number typed with a comma and refused: its range with the German grouping, canvas and text view', async () => {
  // The quote is put back as typed (1,5e9, where the link took 1.5e9); the range's points stay (100.000).
  const page = await openPage(browser, server.url + LINK + '&lang=de&panels=cost', { width: 1440, height: 900 });
  const want = "'1,5e9' liegt außerhalb des Bereichs (1 bis 100.000)";
  await typeInto(page, 'cost:V', '1,5e9');
  const fields = (await snapshot(page)).errors.fields;
  assert.ok(fields.endsWith(': ' + want), fields);
  await page.evaluate(() => window.embeddingLab.setView('text'));
  await page.waitForSelector('#tv-f-costV');
  await page.fill('#tv-f-costV', '1,5e9');
  await page.press('#tv-f-costV', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-f-costV-message').textContent !== '');
  assert.equal(await page.textContent('#tv-f-costV-message'), want);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('a German count typed with its grouping points, as the page writes counts: "20.000" is 20000, canvas and text view', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de&panels=cost', { width: 1440, height: 900 });
  await typeInto(page, 'cost:V', '20.000');
  let s = await snapshot(page);
  assert.equal(s.errors.fields, '');
  assert.equal(s.settings.costV, 20000);  // a point there read as the decimal was V = 20
  assert.match(s.link, /[#&]costV=20000(&|$)/);  // the link writes it plainly
  await page.evaluate(() => window.embeddingLab.setView('text'));
  await page.waitForSelector('#tv-f-costV');
  await page.fill('#tv-f-costV', '30.000');
  await page.press('#tv-f-costV', 'Enter');
  await page.waitForFunction(() => window.embeddingLab.snapshot().settings.costV === 30000);
  // Past the limit: the message quotes it as typed.
  await page.fill('#tv-f-costV', '200.000');
  await page.press('#tv-f-costV', 'Enter');
  await page.waitForFunction(() => document.getElementById('tv-f-costV-message').textContent !== '');
  assert.equal(await page.textContent('#tv-f-costV-message'), "'200.000' liegt außerhalb des Bereichs (1 bis 100.000)");
  // A link keeps the point as the decimal, in any language: costV=20.000 is 20.
  const link = (await snapshot(page)).link;
  assert.match(link, /[#&]costV=30000(&|$)/);
  s = await page.evaluate((l) => { window.embeddingLab.setLink(l.replace('costV=30000', 'costV=20.000')); return window.embeddingLab.snapshot(); }, link);
  assert.equal(s.settings.costV, 20);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

// The test above failed once in a full run: the redraw after the commit of "30.000" came after
// "200.000" was typed and refused, and dropped that text and its message (the field had been drawn
// over 20000, the redraw showed 30000: "the value under it changed", though the learner changed it).
// Here that redraw is held back and let go at each moment it can come: after the refused Enter,
// and between the typing and the Enter.
test('text typed after a commit of its field, before that commit\'s redraw, is kept with its message: "30.000" shown as 30000', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=de&panels=cost&view=text', { width: 1440, height: 900 });
  await page.waitForSelector('#tv-f-costV');
  const redraws = await holdTextView(page);
  const field = () => page.evaluate(() => ({ value: document.getElementById('tv-f-costV').value,
                                             invalid: document.getElementById('tv-f-costV').getAttribute('aria-invalid'),
                                             why: document.getElementById('tv-f-costV-message').textContent }));
  const refused = (text) => ({ value: text, invalid: 'true', why: `'${text}' liegt außerhalb des Bereichs (1 bis 100.000)` });
  const commitHeld = async (text, value) => {
    await redraws.hold();
    await page.fill('#tv-f-costV', text);
    await page.press('#tv-f-costV', 'Enter');
    assert.equal((await snapshot(page)).settings.costV, value);
    await frames(page, 2);
    assert.ok(await redraws.held() > 0, 'the commit\'s redraw was held (else this tests nothing)');
  };
  // The redraw after the refused Enter.
  await commitHeld('30.000', 30000);
  await page.fill('#tv-f-costV', '200.000');
  await page.press('#tv-f-costV', 'Enter');
  assert.deepEqual(await field(), refused('200.000'));
  await redraws.release();
  await frames(page, 2);
  assert.deepEqual(await field(), refused('200.000'), 'the redraw dropped the text typed and its message');
  // The redraw between the typing and the Enter: Enter sends the text from the field in its place.
  await commitHeld('40.000', 40000);
  await page.fill('#tv-f-costV', '300.000');
  await redraws.release();
  await frames(page, 2);
  assert.equal((await field()).value, '300.000', 'the redraw dropped the text typed');
  await page.press('#tv-f-costV', 'Enter');
  assert.deepEqual(await field(), refused('300.000'));
  assert.equal((await snapshot(page)).settings.costV, 40000);
  // The text taken itself is shown as the app reads it once its redraw comes.
  await commitHeld('50.000', 50000);
  await redraws.release();
  await frames(page, 2);
  assert.deepEqual(await field(), { value: '50000', invalid: null, why: '' });
  assert.deepEqual(page.problems, []);
  await closePage(page);
});

test('lang=xx: a message naming it, the page in English; a catalog that cannot be fetched: English and a message', async () => {
  const page = await openPage(browser, server.url + LINK + '&lang=xx');
  const s = await snapshot(page);
  assert.equal(s.language, 'en');
  assert.ok(s.linkErrors.errors.some((e) => /xx/.test(e)), JSON.stringify(s.linkErrors));
  await page.context().close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/lang/de.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
  const broken = await openIn(context, server.url + LINK + '&lang=de');
  const b = await snapshot(broken);
  assert.equal(b.language, 'en');
  assert.match(b.errors.language, /Deutsch/);
  assert.match(b.errors.language, /404/);
  assert.match(b.link, /lang=de/, 'the learner\'s choice stays in the link');
  // The page works on in English: an edit lands.
  await typeInto(broken, 'cell:W:1:0', '0.75');
  assert.equal((await snapshot(broken)).table[1][0], 0.75);
  await context.close();
});

// A German start waited for its catalog and the whole font with no limit: one stalled request (a mobile
// link) kept "Loading Embedding Lab..." up for good, though the wasm had come.
// A German link whose page could not start: the message was made before lang/de.json came, in
// English, and stayed so (7 times in 8 in a review); <html lang> stayed "en" for a screen reader.
test('a German link that cannot start says why in German, however late its catalog comes', async () => {
  for (const broken of ['embedding_lab.wasm', 'embedding_lab.js']) {
    const context = await browser.newContext({ viewport: { width: 900, height: 600 }, locale: 'en-US' });
    await context.route('**/' + broken, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await context.route('**/lang/de.json', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    const page = await context.newPage();
    await page.goto(server.url + LINK + '&lang=de');
    await page.locator('#status.error').waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
    const said = await page.locator('#status').textContent();
    assert.match(said, broken.endsWith('.js') ? /^Embedding Lab konnte embedding_lab\.js nicht laden/ : /^Embedding Lab konnte sein WebAssembly nicht laden/, `${broken}: ${said}`);
    assert.match(await page.title(), /^Embedding Lab: eine Embedding-Schicht/);
    await context.close();
  }
});

test('a stalled catalog does not hold the start: the page opens in English and turns German when it comes', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/lang/de.json', async (route) => { await new Promise((r) => setTimeout(r, 7000)); await route.continue(); });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(server.url + LINK + '&lang=de');
  await page.evaluate(() => window.embeddingLab.ready);
  const waited = Date.now() - t0;
  console.log(`  ready after ${waited} ms with the catalog held for 7 s`);
  assert.ok(waited < 6000, `ready after ${waited} ms`);
  assert.equal((await snapshot(page)).language, 'en');
  await page.waitForFunction(() => window.embeddingLab.snapshot().language === 'de', null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await context.close();
});

// A catalog that could not be fetched (offline) stayed refused for the page's life: choosing the language
// again, back online, fetched nothing and said the same message.
test('a catalog that failed is fetched again when the language is chosen again', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let asked = 0;
  await context.route('**/lang/de.json', (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()));
  const page = await openIn(context, server.url + LINK);
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink() + '&lang=de'));
  await page.waitForFunction(() => window.embeddingLab.snapshot().errors.language !== '');
  assert.match((await snapshot(page)).errors.language, /Deutsch/);
  assert.equal((await snapshot(page)).language, 'en');
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink().replace('lang=de', 'lang=en')));
  await page.evaluate(() => window.embeddingLab.setLink(window.embeddingLab.getLink().replace('lang=en', 'lang=de')));
  await page.waitForFunction(() => window.embeddingLab.snapshot().language === 'de');
  assert.equal(asked, 2);
  assert.equal((await snapshot(page)).errors.language, '');
  await context.close();
});

test('a catalog made for another build is refused whole: English and a message', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/lang/de.json', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.fingerprint = '0000000000000000';
    await route.fulfill({ response, body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
  });
  const page = await openIn(context, server.url + LINK + '&lang=de');
  const s = await snapshot(page);
  assert.equal(s.language, 'en');
  assert.match(s.errors.language, /another version/);
  await context.close();
});

// What a link could not apply (the banner, snapshot().linkErrors, setLink's answer) is said in the
// language the link asks for, not the one the page was in when the link came.
test("a link's messages are in its language: opened with lang=de, and sent to another language by a link", async () => {
  const de = await openPage(browser, server.url + LINK + '&lang=de&zz=1&seed=abc');
  const s = await snapshot(de);
  assert.equal(s.language, 'de');
  assert.match(s.linkErrors.errors.join('\n'), /^seed: 'abc' ist keine ganze Zahl \(weiter gilt 42\)$/);
  assert.match(s.linkErrors.notices.join('\n'), /^unbekannter Schlüssel 'zz' übergangen$/);
  // English's catalog is built in: the answer is in English at once.
  const back = await de.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&ids=1&lang=en&yy=2'));
  assert.deepEqual(back.notices, ["unknown key 'yy' ignored"]);
  assert.equal((await snapshot(de)).language, 'en');

  // German's catalog is fetched only when a link first asks for it: until it has come the page
  // and the answer stay English; then the page, and what the link said, are German.
  const en = await openPage(browser, server.url + LINK + '&lang=en');
  await en.evaluate(() => window.embeddingLab.setLink('v=1&V=3&d=3&ids=1&lang=de&yy=2'));
  await en.waitForFunction(() => window.embeddingLab.snapshot().language === 'de', null, { timeout: 10000 });
  await frames(en, 2);
  const t = await snapshot(en);
  assert.deepEqual(t.linkErrors.notices, ["unbekannter Schlüssel 'yy' übergangen"]);
  assert.match(t.link, /(^|&)lang=de(&|$)/);
  assert.deepEqual([...de.problems, ...en.problems], []);
  await closePage(de);
  await closePage(en);
});

// Deutsch chosen from the keyboard on the canvas: the combo was said as "language: English" (the catalog had
// not come), and the canvas's label and keys line stayed English under lang="de" until the text view's next
// redraw. The combo is said once, in German; the labels change with the page's language.
test('choosing Deutsch by keyboard: said once, in German, with the canvas\'s label at once', async () => {
  const page = await openPage(browser, server.url + '#v=1&V=3&d=3&init=example&ids=1');
  await textViewArrived(page);
  await page.evaluate(() => {
    window.said = [];
    new MutationObserver(() => window.said.push(document.getElementById('focused').textContent))
      .observe(document.getElementById('focused'), { childList: true, characterData: true, subtree: true });
  });
  await page.focus('#canvas');
  for (let i = 0; i < 30 && !/^language: English/.test(await page.textContent('#focused')); i++) await page.keyboard.press('Tab'), await frames(page, 2);
  assert.match(await page.textContent('#focused'), /^language: English/);
  await page.evaluate(() => { window.said = []; });
  await page.keyboard.press('Enter'), await frames(page, 3);
  await page.keyboard.press('ArrowDown'), await frames(page, 3);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await frames(page, 2);
  const label = await page.evaluate(() => [document.getElementById('canvas').getAttribute('aria-label'), document.getElementById('keys').textContent]);
  assert.doesNotMatch(label[0], /an interactive embedding table/, `the canvas's label in German: ${label[0]}`);
  assert.doesNotMatch(label[1], /^Keyboard:/, `the keys line in German: ${label[1]}`);
  await page.waitForFunction(() => /^Sprache: Deutsch/.test(document.getElementById('focused').textContent));
  const said = await page.evaluate(() => window.said);
  assert.ok(!said.some((s) => /^language: English/.test(s)), `said after Deutsch was chosen: ${JSON.stringify(said)}`);
  assert.deepEqual(page.problems, []);
  await closePage(page);
});
