// Shared by the browser tests: a static server for the built site (optionally
// with the strict CSP header), Debian's Chromium driven by playwright-core, and
// helpers that click the real canvas at the widget rectangles the app exports.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
export const SITE = process.env.SITE_DIR || path.join(ROOT, 'build/site');
export const OUT = path.join(HERE, 'out');  // screenshots, git-ignored
/** The page's themes, as a link names them (theme=...). */
export const THEMES = ['light', 'dark', 'contrast', 'contrastlight'];

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.png': 'image/png', '.ttf': 'font/ttf',
};

/** Serves `root` on a free loopback port. Returns {url, close, requests}. */
export async function serve(root = SITE, { headers = {} } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    try {
      const body = await readFile(file);
      // With its length, as static hosts send files (python3 -m http.server, which ./build.sh
      // serves with, too): without it Node sends every body chunked, of unknown length.
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Content-Length': body.length, ...headers });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((r) => server.close(r)) };
}

// A case that measures time is declared with timed(name, ...) in place of test(name, ...), the
// rest of its file with untimed(). ctest runs such a file twice (tests/cmake/BrowserTests.cmake):
// EL_CASES=timed with nothing beside it, EL_CASES=untimed beside another file. Run by hand
// (EL_CASES unset), the file runs every case.
const CASES = process.env.EL_CASES;
export const timed = (...args) => (CASES === 'untimed' ? undefined : test(...args));
export const untimed = (...args) => (CASES === 'timed' ? undefined : test(...args));

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync',
];
// Every page opens in a window of its own, and for each new window Chromium 156 loads the omnibox
// popup's WebUI (chrome://omnibox-popup.top-chrome) in a renderer of its own: about 0.9 s of CPU in
// the window's first second, beside the page under test on a 2-core machine. A page's first load
// in a new window is what most tests do, and what frame_floor.test.mjs times.
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Chromium keeps only the last --disable-features it is given, and Playwright gives it its own list
// first: ours must be that list and more. Playwright's list is read off the command line of a
// browser it starts (in /proc: its child with a --remote-debugging-pipe), once per process.
let playwrightDisabled;  // Playwright's own --disable-features argument ('' if it passes none)
function childBrowserArgs() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes('--remote-debugging-pipe')) return args;
    } catch { /* the process ended meanwhile */ }
  }
  return null;
}
// The list is Playwright's, not Chromium's: the probe launch (about a second) is made once per
// Playwright version, its answer kept in node_modules/.cache for the other test files (npm ci clears it).
const PROBE_CACHE = path.join(ROOT, 'node_modules/.cache/embedding-lab/playwright-disabled-features.json');
function probeKey() {
  const version = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/playwright-core/package.json'), 'utf8')).version;
  return `playwright-core ${version}, ${CHROMIUM}`;
}
async function playwrightDisabledFeatures() {
  if (playwrightDisabled !== undefined) return playwrightDisabled;
  const key = probeKey();
  try {
    const kept = JSON.parse(readFileSync(PROBE_CACHE, 'utf8'));
    if (kept.key === key && typeof kept.disabled === 'string') return (playwrightDisabled = kept.disabled);
  } catch { /* not kept yet, or unreadable: probe */ }
  const probe = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const args = childBrowserArgs();
  await probe.close();
  if (!args) throw new Error('could not read the command line of the browser Playwright started (/proc)');
  playwrightDisabled = args.find((a) => a.startsWith('--disable-features=')) || '';
  mkdirSync(path.dirname(PROBE_CACHE), { recursive: true });
  const scratch = `${PROBE_CACHE}.${process.pid}`;  // two files probing at once each write whole, then rename
  writeFileSync(scratch, JSON.stringify({ key, disabled: playwrightDisabled }));
  renameSync(scratch, PROBE_CACHE);
  return playwrightDisabled;
}

/** Debian's Chromium, headless, with WebGL through SwiftShader and no background networking (and any extra flags:
 *  diagnoses only; a --disable-features among them would replace the list above). */
export async function launch(extraArgs = []) {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (Debian package chromium)`);
  const theirs = await playwrightDisabledFeatures();
  const features = [...new Set([...theirs.replace(/^--disable-features=/, '').split(','), ...DISABLED_FEATURES])].filter(Boolean);
  // playwright gives each launch a fresh, empty profile of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: theirs ? [theirs] : [],
    args: [...ARGS, `--disable-features=${features.join(',')}`, ...extraArgs],
  });
}

/**
 * After `ready` (the first frame): the text view (web/text_view.js, which glue.js fetches once the
 * first frame is drawn) has arrived and shows the state. It never does if the app stops telling it
 * about the state: the wait then times out.
 */
export async function textViewArrived(page) {
  await page.waitForFunction(() => window.embeddingLabTextView !== undefined &&
    document.getElementById('text-view')?.childElementCount > 0, null, { timeout: 30000 });
}

/**
 * Holds the text view's redraws from hold() until release() lets the held ones run (glue.js calls
 * window.embeddingLabTextView.update by name for each): a redraw made to come at a chosen moment,
 * as a busy machine may make it come late. held() answers how many wait.
 */
export async function holdTextView(page) {
  await page.evaluate(() => {
    const view = window.embeddingLabTextView, update = view.update, held = [];
    view.update = (...a) => (window.elHold ? held.push(a) : update(...a));
    window.elHeld = () => held.length;
    window.elRelease = () => { window.elHold = false; for (const a of held.splice(0)) update(...a); };
  });
  return {
    hold: () => page.evaluate(() => { window.elHold = true; }),
    release: () => page.evaluate(() => window.elRelease()),
    held: () => page.evaluate(() => window.elHeld()),
  };
}

// Pages that tests gave back (closePage), each kept for the next openPage with the same device scale
// and touch. A new context, window and renderer per load cost 1.8 s of CPU (1.2 s of wall time) where
// navigating a kept page cost 1.1 s (0.6 s): 20 loads each way on 2 cores. The untimed browser files
// took 496 s instead of 660 s.
const spare = new WeakMap();  // browser -> [page]
const shape = ({ dpr, mobile }) => `dpr ${dpr}${mobile ? ', touch' : ''}`;

/**
 * Opens the page (in a new context, or in a page a test gave back) and waits for the first frame and
 * the text view. Collects console errors and page errors into page.problems.
 */
export async function openPage(browser, url, { width = 1280, height = 800, dpr = 1, mobile = false } = {}) {
  const kept = spare.get(browser) || [];
  let page = kept.find((p) => p.shape === shape({ dpr, mobile }));
  if (page) {
    kept.splice(kept.indexOf(page), 1);
    await page.setViewportSize({ width, height });
  } else {
    const context = await browser.newContext({
      viewport: { width, height }, deviceScaleFactor: dpr, isMobile: mobile, hasTouch: mobile,
    });
    page = await context.newPage();
    page.shape = shape({ dpr, mobile });
    page.on('console', (msg) => {
      if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  }
  page.problems = [];
  await page.goto(url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  await textViewArrived(page);
  return page;
}

/**
 * Gives back a page from openPage for a later openPage to navigate, in place of closing its context:
 * only a page the test changed through its document, mouse and keyboard (no listeners, init scripts,
 * routes, media emulation, permissions or CDP sessions of its own). What the page kept is cleared:
 * its session storage, the pointer's place over it (moved off), the document (about:blank). A page
 * with listeners of the test's own, or caught navigating, is closed instead.
 */
export async function closePage(page) {
  if (!page.shape) throw new Error('closePage: a page openPage did not open');
  // Listeners of the test's own would outlive it: such a page goes with its context.
  const ours = (event) => ['close', 'crash'].includes(event) ||
    (['console', 'pageerror'].includes(event) && page.listenerCount(event) === 1);
  if (!page.eventNames().every(ours)) return page.context().close();
  try {
    await page.evaluate(() => sessionStorage.clear());
    await page.mouse.move(-1, -1);
    await page.goto('about:blank');
  } catch {  // the page was navigating (a reload into the deeper tier): not kept
    await page.context().close();
    return;
  }
  const browser = page.context().browser();
  if (!spare.has(browser)) spare.set(browser, []);
  spare.get(browser).push(page);
}

/**
 * A link, preset or tour step with deeper=1 reloads the first page into the deeper tier's build
 * (issue 16, web/glue.js): waits until the page that answers has the build its address asks for.
 */
export async function settle(page) {
  for (let tries = 0; tries < 600; tries++) {
    try {
      await page.waitForFunction(() => window.embeddingLab !== undefined, null, { timeout: 30000 });
      // The reload may begin between two calls: then the new document has no embeddingLab yet.
      if (!(await page.evaluate(() => window.embeddingLab && window.embeddingLab.ready.then(() => true)))) continue;
      // The app's link, not the address: the address is rewritten a frame after a setLink, so
      // right after one it may not say deeper=1 yet though the reload is coming.
      const pending = await page.evaluate(() => !window.embeddingLab ||
        (/(?:^|&)deeper=1(?:&|$)/.test(window.embeddingLab.getLink()) && !window.embeddingLab.budget({ arrays: false }).loaded));
      if (!pending) return await textViewArrived(page);
      await page.waitForTimeout(50);  // the reload is set off after the frame that asked for it
    } catch (e) {
      if (!/context was destroyed|navigat/i.test(e.message)) throw e;
    }
  }
  throw new Error('the page never reloaded into the deeper build its address asks for');
}

/** Distinct colours inside a widget's rectangle (brought into view first), from a real screenshot. */
export async function coloursIn(page, name) {
  await widgetCenter(page, name);
  const rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
  const box = await page.locator('#canvas').boundingBox();
  const png = await page.screenshot({ clip: { x: box.x + rect.x, y: box.y + rect.y, width: rect.width, height: rect.height } });
  return page.evaluate(async (b64) => {
    const img = await createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png.toString('base64'));
}

export const snapshot = (page) => page.evaluate(() => window.embeddingLab.snapshot());

/**
 * Waits until the app has drawn `n` more frames (state changes show up after one). If the page
 * reloads meanwhile (a click that loads the deeper tier), `n` frames of the new page.
 */
export async function frames(page, n = 2) {
  let start = 0, origin = NaN;  // NaN: the page reloaded under us (then n frames of the new one)
  try {
    ({ start, origin } = await page.evaluate(() => {
      window.Module._el_wake();  // an idle page draws nothing
      return { start: window.embeddingLab.frameStats().frames, origin: performance.timeOrigin };
    }));
  } catch (e) {
    // The reload began while this ran (a fresh clone's lesson test saw it after a click on Next).
    if (!/Execution context was destroyed/.test(e.message)) throw e;
  }
  // Keep it awake while waiting: an idle page stops drawing a second after the last input.
  await page.waitForFunction(({ target, origin, n }) => {
    if (!window.Module || !window.Module._el_wake || !window.embeddingLab) return false;  // reloading
    let drawn;
    try {
      window.Module._el_wake();
      drawn = window.embeddingLab.frameStats().frames;
    } catch (e) {
      return false;  // the new page's script is there but its wasm is not running yet (the exports are stubs)
    }
    return performance.timeOrigin === origin ? drawn >= target : drawn >= n;
  }, { target: start + n, origin, n });
}

/**
 * The centre of a named widget, in page coordinates. A widget scrolled out of view is
 * first brought into view with the mouse wheel, as a person would.
 */
// A finger put down at (x0, y0) and moved in 20 px steps, a frame each, to (x1, y1), then lifted.
export async function fingerDrag(page, [x0, y0], [x1, y1], flick = false) {
  const cdp = await page.context().newCDPSession(page);
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / 20;
  const at = (i) => [{ x: x0 + (x1 - x0) * i / steps, y: y0 + (y1 - y0) * i / steps, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
    await frames(page, 1);
  }
  // A drag, not a flick: the finger holds still before it lifts (lifted while moving, the page coasts on).
  if (!flick) await page.waitForTimeout(120), await frames(page, 2);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page, 3);
}

export async function widgetCenter(page, name) {
  await frames(page, 1);
  const box = await page.locator('#canvas').boundingBox();
  let rect = null;
  for (let tries = 0; tries < 12; tries++) {
    rect = await page.evaluate((n) => window.embeddingLab.widgetRect(n), name);
    if (!rect) throw new Error(`widget '${name}' is not on screen`);
    if (rect.visible && rect.y >= 0 && rect.y + rect.height <= box.height) break;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.6);
    await page.mouse.wheel(0, Math.sign(rect.y - box.height / 2) * Math.max(60, Math.abs(rect.y - box.height / 2)));
    await frames(page, 3);
  }
  return { x: box.x + rect.x + rect.width / 2, y: box.y + rect.y + rect.height / 2 };
}

/** Clicks a named widget with the mouse (moving there first, as a person does). */
export async function clickWidget(page, name) {
  const { x, y } = await widgetCenter(page, name);
  await page.mouse.move(x, y);
  await frames(page, 1);
  await page.mouse.down();
  await frames(page, 1);
  await page.mouse.up();
  await frames(page, 2);
}

/** Clicks a text field, selects all, types `text` and presses Enter. */
export async function typeInto(page, name, text) {
  await clickWidget(page, name);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await frames(page, 1);
  await page.keyboard.type(text, { delay: 5 });
  await frames(page, 1);
  await page.keyboard.press('Enter');
  // ImGui takes queued key events a few per frame: wait long enough for every key to land.
  await frames(page, 4 + 2 * text.length);
}

export async function screenshot(page, name) {
  await mkdir(OUT, { recursive: true });
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Fraction of distinct colours in a screenshot buffer region: a blank canvas has ~1. */
export async function canvasBacking(page) {
  return page.evaluate(() => {
    const c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    return { width: c.width, height: c.height, cssWidth: r.width, cssHeight: r.height, dpr: devicePixelRatio };
  });
}
