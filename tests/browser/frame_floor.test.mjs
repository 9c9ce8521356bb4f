// ctest: timed cases alone (timed() cases measure time: nothing runs beside them)
// How close the page runs to what the browser itself costs, measured side by side in one
// run with the same browser flags and viewport, and printed (README quotes the figures):
// - a bare WebGL2 page (one context, one shader, one frame; served from here, not shipped)
//   against the app's first frame: on screen (each page's first-contentful-paint, the target)
//   and drawn (embeddingLab.ready); drawn again with the page's main thread slowed 2x (a slower core);
// - uiMs / frameMs at 1440 x 900, default state and the 100,000-row preset, dpr 1 and 2,
//   and frames per second while the pointer moves;
// - synchronous WebGL queries per steady frame, counted by wrapping the context's methods;
// - the main loop stopped while the tab is hidden or the embed is scrolled off its host page;
// - uiMs with every collapsible section open, all closed, and the page scrolled so that most
//   panels are out of view (skipped) or, for comparison, built anyway;
// - where the first frame's time goes (the app's start-up marks, Module._el_startup_json()).
// Asserted are only the robust things: zero getParameter/getError calls per steady frame,
// the first frame within 4x the bare page (a regression guard; 2x is the printed target), the loop
// stopped when hidden and back on return, panels
// out of view not built. Every figure is a console.log line (README quotes them).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { serve, launch, widgetCenter, frames, timed, untimed } from './harness.mjs';

const VIEWPORT = { width: 1440, height: 900 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadText = () => `uptime load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
// How precise a ratio of medians of paired rounds is: the 2.5th and 97.5th percentiles of that
// ratio over 2,000 resamples of the rounds (each drawn with replacement, its two loads kept
// together). A fixed seed, so the same loads print the same interval.
function ratioInterval(num, den) {
  let seed = 12345;  // a 32-bit LCG in exact integer arithmetic (a float product past 2^53 loses its low bits)
  const random = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 4294967296; };
  const ratios = [];
  for (let k = 0; k < 2000; k++) {
    const a = [], b = [];
    for (let i = 0; i < num.length; i++) { const j = Math.floor(random() * num.length); a.push(num[j]), b.push(den[j]); }
    ratios.push(median(a) / median(b));
  }
  ratios.sort((x, y) => x - y);
  return [ratios[50], ratios[1949]];
}
const interval = (num, den) => {
  const [lo, hi] = ratioInterval(num, den);
  return `95% interval ${lo.toFixed(2)}-${hi.toFixed(2)}x${hi > 2 ? ', reaching past 2x' : ''}`;
};
// The 2x target is a figure printed as met or not, not an assertion: from run to run on a quiet
// 2-core machine the ratio moves by a few tenths (README). What is asserted is a regression guard:
// the stock ImGui backend's page was 5x, and 4x fails. The app's start-up is CPU work (compiling
// and running the wasm, and without a GPU rasterising its frame) where the bare page mostly
// waits, so on a machine running more work than it has cores the guard widens by the run queue's length.
const regressionGuard = () => 4 * Math.max(1, os.loadavg()[0] / os.cpus().length);
const verdict = (ratio, guard) => ratio <= 2 ? 'target <= 2x: met' : `target <= 2x: NOT met (regression guard <= ${guard.toFixed(1)}x)`;

// The floor: what any WebGL2 page pays before its first frame is drawn. Same context
// attributes and canvas sizing as the app; the frame is drawn in a requestAnimationFrame
// callback (drawn at once in the script instead, it came no sooner: 78 against 76 ms drawn and
// 152 against 144 ms on screen, medians of 20 alternated loads; README).
const BARE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>bare WebGL2</title>
<style>html, body { margin: 0; height: 100%; overflow: hidden; } #c { position: fixed; inset: 0; width: 100%; height: 100%; display: block; }</style>
</head><body><canvas id="c"></canvas><script src="bare.js"></script></body></html>`;
const BARE_JS = `'use strict';
requestAnimationFrame(() => {
  const canvas = document.getElementById('c');
  canvas.width = Math.round(canvas.clientWidth * devicePixelRatio);
  canvas.height = Math.round(canvas.clientHeight * devicePixelRatio);
  const gl = canvas.getContext('webgl2', { alpha: false, depth: false, stencil: false, antialias: false,
                                          preserveDrawingBuffer: false, powerPreference: 'low-power' });
  const shader = (kind, source) => {
    const s = gl.createShader(kind);
    gl.shaderSource(s, '#version 300 es\\n' + source);
    gl.compileShader(s);
    return s;
  };
  const program = gl.createProgram();
  gl.attachShader(program, shader(gl.VERTEX_SHADER, 'layout (location = 0) in vec2 p; void main() { gl_Position = vec4(p, 0, 1); }'));
  gl.attachShader(program, shader(gl.FRAGMENT_SHADER, 'precision mediump float; out vec4 o; void main() { o = vec4(0.2, 0.4, 0.8, 1); }'));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
  gl.useProgram(program);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, 0, 1]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.viewport(0, 0, canvas.width, canvas.height);
  gl.clearColor(0.95, 0.95, 0.95, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.drawArrays(gl.TRIANGLES, 0, 3);
  window.__firstFrameMs = performance.now();
});
`;

let site, extra, extraDir, browser;
before(async () => {
  site = await serve();
  extraDir = await mkdtemp(path.join(os.tmpdir(), 'frame-floor-'));
  await writeFile(path.join(extraDir, 'bare.html'), BARE_HTML);
  await writeFile(path.join(extraDir, 'bare.js'), BARE_JS);
  extra = await serve(extraDir);  // another port: the host page below embeds the app cross-origin
  // A course page with the demo below a screenful of text, as an embed is usually placed.
  await writeFile(path.join(extraDir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0"><div style="height:100px">course text</div>
<iframe id="demo" src="${site.url}#v=1&embed=1&panels=forward" width="900" height="560" title="demo"></iframe>
<div style="height:4000px">more course text</div></body></html>`);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
  await extra?.close();
  if (extraDir) await rm(extraDir, { recursive: true, force: true });
});

// WebGL calls that wait for the GPU process to answer (a synchronous round trip).
const SYNC_QUERIES = [
  'getParameter', 'getError', 'isEnabled', 'getShaderParameter', 'getProgramParameter', 'getUniform',
  'getUniformLocation', 'getAttribLocation', 'getActiveUniform', 'getBufferParameter', 'getTexParameter',
  'getVertexAttrib', 'getIndexedParameter', 'getContextAttributes', 'getExtension', 'getSupportedExtensions',
  'checkFramebufferStatus', 'readPixels', 'finish', 'clientWaitSync', 'getSyncParameter', 'getQueryParameter',
];

// Init script: counts calls to the sync queries on every WebGL2 context the page makes,
// and calls to requestAnimationFrame (a stopped main loop asks for none).
function instrument(names) {
  window.__glCalls = {};
  window.__rafCalls = 0;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, attributes) {
    const ctx = getContext.call(this, kind, attributes);
    if (ctx && kind === 'webgl2' && !ctx.__counted) {
      ctx.__counted = true;
      for (const name of names) {
        const method = ctx[name];
        if (typeof method !== 'function') continue;
        ctx[name] = function (...args) {
          window.__glCalls[name] = (window.__glCalls[name] || 0) + 1;
          return method.apply(this, args);
        };
      }
    }
    return ctx;
  };
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = function (callback) { window.__rafCalls++; return raf.call(window, callback); };
}

// Waits for the first frame: glue.js hides #status once it is drawn (the bare page writes its time itself).
function noteFirstFrame() {
  new MutationObserver((_, observer) => {
    const s = document.getElementById('status');
    if (s && s.className === 'hidden') { window.__firstFrameMs = performance.now(); observer.disconnect(); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
}

// The first frame's times: drawn (the draw calls made: the bare page writes its time right after its
// draw call, the app marks it right after its first frame's, the "first frame drawn" start-up step,
// where `ready` resolves) and on screen (the browser's first-contentful-paint, the time the
// compositor presented the canvas with that frame: nothing else on either page is contentful
// before it). Drawing is not showing: the GPU (without one, the CPU rasterising WebGL) still has
// the frame to render. For the app, also where it went: when each start-up step finished (ms
// since navigation), with when the page's HTML and the wasm had arrived.
// With `throttle`, the page's main thread runs that many times slower (DevTools' CPU throttling).
async function firstFrameMs(url, { throttle = 1 } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.addInitScript(noteFirstFrame);
  if (throttle !== 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(url);
  await page.waitForFunction(() => window.__firstFrameMs !== undefined, null, { timeout: 30000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 30000 });
  const shownMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
  const steps = await page.evaluate(() => {
    const M = window.Module;
    if (!M || !M._el_startup_json) return null;
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
    return [['HTML received', performance.getEntriesByType('navigation')[0].responseEnd],
            ['wasm received', wasm ? wasm.responseEnd : NaN],
            ...JSON.parse(M.UTF8ToString(M._el_startup_json())).map((m) => [m.step, m.atMs])];
  });
  const drawn = steps ? steps.find(([step]) => step === 'first frame drawn') : null;
  const ms = drawn ? drawn[1] : await page.evaluate(() => window.__firstFrameMs);
  await context.close();
  return { ms, shownMs, steps };
}

async function openApp(url, { dpr = 1 } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: dpr });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  await page.addInitScript(instrument, SYNC_QUERIES);
  await page.goto(url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  return page;
}

// Moves the pointer in circles over (x, y), one mousemove per animation frame from inside
// the page, until the app has drawn n frames; per-frame figures from frameStats().
// With `wake`, every frame is preceded by a call of the JS API, after which the app builds
// every panel (none is skipped as out of view): the comparison for what skipping saves.
async function whileMoving(page, x, y, n = 90, { wake = false } = {}) {
  return page.evaluate(({ x, y, n, wake }) => new Promise((resolve, reject) => {
    const canvas = document.getElementById('canvas');
    const frame = [], ui = [], drawnPanels = [], skipped = [];
    const start = window.embeddingLab.frameStats().frames;
    let last = start, i = 0;
    const calls0 = { ...window.__glCalls };
    const t0 = performance.now(), deadline = t0 + 60000;
    const tick = () => {
      const s = window.embeddingLab.frameStats();
      if (s.frames === last + 1) {  // exactly one new frame (NaN: a build without uiMs)
        frame.push(s.lastFrameMs), ui.push(s.lastUiMs ?? NaN), drawnPanels.push(s.panelsDrawn), skipped.push(s.panelsSkipped);
      }
      last = s.frames;
      if (frame.length >= n) {
        const drawn = s.frames - start, seconds = (performance.now() - t0) / 1000;
        const calls = {};
        for (const [k, v] of Object.entries(window.__glCalls)) if (v - (calls0[k] || 0)) calls[k] = v - (calls0[k] || 0);
        const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        resolve({ frameMs: med(frame), uiMs: med(ui), fps: drawn / seconds, drawn, calls,
                  panelsDrawn: med(drawnPanels), panelsSkipped: med(skipped) });
        return;
      }
      if (performance.now() > deadline) { reject(new Error(`only ${frame.length} frames in 60 s`)); return; }
      const a = (i++ % 36) * Math.PI / 18;
      canvas.dispatchEvent(new MouseEvent('mousemove', {
        clientX: x + 60 * Math.cos(a), clientY: y + 40 * Math.sin(a), bubbles: true, cancelable: true, view: window }));
      if (wake) window.Module._el_wake();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), { x, y, n, wake });
}

timed('first frame: measured against a bare WebGL2 page (one context, one shader, one frame); 2x is the target', async (t) => {
  const bare = [], app = [], bareShown = [], appShown = [], steps = [];
  // Alternated, so both see the same load. Thirty rounds: single loads on this machine range over a
  // factor of two, and in one run of sixty the drawn ratio from fifteen rounds moved by about 0.09 (one
  // standard deviation over resamples), from thirty by about 0.06 (README).
  for (let i = 0; i < 30; i++) {
    const b = await firstFrameMs(extra.url + 'bare.html');
    bare.push(b.ms), bareShown.push(b.shownMs);
    const run = await firstFrameMs(site.url);
    app.push(run.ms), appShown.push(run.shownMs);
    steps.push(run.steps);
  }
  const list = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  const b = median(bare), a = median(app), bs = median(bareShown), as = median(appShown);
  const line = `first frame at ${VIEWPORT.width} x ${VIEWPORT.height}, on screen (first-contentful-paint): bare WebGL2 ` +
               `page median ${bs.toFixed(0)} ms (${list(bareShown)}), Embedding Lab median ${as.toFixed(0)} ms ` +
               `(${list(appShown)}): ${(as / bs).toFixed(2)}x, ${interval(appShown, bareShown)} (${loadText()})`;
  const guard = regressionGuard();
  console.log(`${line}; ${verdict(as / bs, guard)}`);
  console.log(`first frame drawn (draw calls made; for the app its "first frame drawn" step, where embeddingLab.ready resolves): bare page median ${b.toFixed(0)} ms ` +
              `(${list(bare)}), Embedding Lab median ${a.toFixed(0)} ms (${list(app)}): ${(a / b).toFixed(2)}x, ${interval(app, bare)}; ${verdict(a / b, guard)}`);
  // Where the app's first frame goes: each step's median finishing time since navigation.
  const at = steps[0].map(([name], i) => `${name} ${median(steps.map((s) => s[i][1])).toFixed(0)}`);
  console.log(`first frame, app start-up steps (median ms since navigation): ${at.join(', ')}, on screen ${as.toFixed(0)}`);
  assert.ok(as <= guard * bs, `first frame on screen at ${as.toFixed(0)} ms, more than ${guard.toFixed(1)}x the bare page's ${bs.toFixed(0)} ms (${loadText()})`);
  assert.ok(a <= guard * b, `first frame drawn at ${a.toFixed(0)} ms, more than ${guard.toFixed(1)}x the bare page's ${b.toFixed(0)} ms (${loadText()})`);
});

// The drawn ratio depends on the machine: on one slower than this one (2026-12-05: the bare page drew
// in 89-148 ms) it was 1.86-2.27x. The bare page mostly waits (for its script, for the GPU process),
// the app mostly computes on the page's main thread, so a slower core costs the app more. The same
// loads with that thread slowed 2x (Chromium's CPU throttling, which the page cannot tell from a slower
// core) show how the ratio stands there on any machine. Printed only.
timed('first frame with the page\'s main thread slowed 2x: the drawn ratio printed', async () => {
  const bare = [], app = [];
  for (let i = 0; i < 16; i++) {
    bare.push((await firstFrameMs(extra.url + 'bare.html', { throttle: 2 })).ms);
    app.push((await firstFrameMs(site.url, { throttle: 2 })).ms);
  }
  const b = median(bare), a = median(app), guard = regressionGuard();
  console.log(`first frame drawn with the page's main thread slowed 2x (CPU throttling): bare page median ${b.toFixed(0)} ms, ` +
              `Embedding Lab median ${a.toFixed(0)} ms: ${(a / b).toFixed(2)}x, ${interval(app, bare)}; ${verdict(a / b, guard)} (${loadText()})`);
  assert.ok(a <= guard * b, `first frame drawn at ${a.toFixed(0)} ms, more than ${guard.toFixed(1)}x the bare page's ${b.toFixed(0)} ms`);
});

// The first atlas has only what the page writes (main.cpp, kFirstGlyphRanges), and the wasm only those
// glyphs' outlines: the whole font is the site's font.ttf, which a page fetches only when some text needs
// it. A link whose error quotes a letter beyond them must bring it in, and be drawn with it.
untimed('font: the first frame rasterises only the glyphs the page writes; other text brings in the whole font', async () => {
  const page = await openApp(site.url);
  const fetched = (p) => p.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/font.ttf')));
  const glyphs = () => page.evaluate(() => window.Module._el_font_glyphs());
  const first = await glyphs();
  await frames(page, 4);
  assert.equal(await fetched(page), false, 'the default page does not fetch font.ttf');
  const r = await page.evaluate(() => window.embeddingLab.setLink('v=1&ids=%C3%A9'));
  assert.ok(r.errors.some((e) => e.includes('\u00e9')), `the link's error does not quote the id: ${JSON.stringify(r)}`);
  await page.waitForFunction(() => window.Module._el_font_glyphs() >= 200, null, { timeout: 10000 });
  const all = await glyphs();
  assert.equal(await fetched(page), true, 'font.ttf fetched once some text needed it');
  const opened = await openApp(site.url + '#v=1&ids=%C3%A9');  // the banner quotes it in the very first frame
  await opened.waitForFunction(() => window.Module._el_font_glyphs() >= 200, null, { timeout: 10000 });
  const atStart = await opened.evaluate(() => window.Module._el_font_glyphs());
  console.log(`font atlas: ${first} glyphs in the first frame, ${all} once a link's error quotes '\u00e9'; ` +
              `${atStart} once the page that opens with that link has fetched font.ttf`);
  assert.ok(first <= 110, `the first atlas has ${first} glyphs: more than the page writes`);
  assert.deepEqual([...page.problems, ...opened.problems], []);
  await page.context().close();
  await opened.context().close();
});

for (const dpr of [1, 2]) {
  timed(`steady frames at dpr ${dpr}: no synchronous WebGL query; uiMs, frameMs and fps printed`, async (t) => {
    const page = await openApp(site.url, { dpr });
    const box = await page.locator('#canvas').boundingBox();
    // dpr 2 fills four times the pixels: software WebGL draws far fewer frames a second there.
    const n = dpr === 1 ? 90 : 40;
    const plain = await whileMoving(page, box.x + box.width / 2, box.y + box.height / 2, n);

    const large = (await page.evaluate(() => window.embeddingLab.presets())).find((p) => p.name === 'large');
    assert.ok(large, 'no "large" preset');
    await page.evaluate((link) => window.embeddingLab.setLink(link), large.link);
    await page.waitForFunction(() => window.embeddingLab.snapshot({ matrices: false }).V === 100000);
    const { x, y } = await widgetCenter(page, 'cell:W:0:0');  // over the table, so the heatmap redraws
    const big = await whileMoving(page, x + 60, y + 80, n);

    for (const [what, s] of [['default state', plain], ['100,000-row preset', big]]) {
      const perFrame = Object.entries(s.calls).map(([k, v]) => `${k} ${(v / s.drawn).toFixed(2)}`).join(', ') || 'none';
      const line = `${VIEWPORT.width} x ${VIEWPORT.height} dpr ${dpr}, ${what}, pointer moving: uiMs ${s.uiMs.toFixed(2)}, ` +
                   `frameMs ${s.frameMs.toFixed(2)}, ${s.fps.toFixed(1)} frames/s; sync WebGL queries per frame: ${perFrame} (${loadText()})`;
      console.log(line);
      assert.equal(s.calls.getParameter || 0, 0, `${what}: getParameter called in steady frames`);
      assert.equal(s.calls.getError || 0, 0, `${what}: getError called in steady frames`);
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

timed('collapsed sections and panels scrolled out of view cost nothing: uiMs open, closed, scrolled away', async () => {
  const page = await openApp(site.url);
  const box = await page.locator('#canvas').boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const sections = async (open) => {
    await page.evaluate((o) => window.Module._el_set_sections_open(o), open ? 1 : 0);
    await page.waitForFunction(() => window.embeddingLab.frameStats().frames > 0);
  };
  const scrollTo = async (dy) => {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, dy);
    await whileMoving(page, cx, cy, 10);  // let the scroll land
  };
  const measured = [];
  const measure = async (what, options) => {
    const s = await whileMoving(page, cx, cy, 60, options);
    const line = `${VIEWPORT.width} x ${VIEWPORT.height} dpr 1, ${what}: uiMs ${s.uiMs.toFixed(2)}, frameMs ${s.frameMs.toFixed(2)}, ` +
                 `panels built ${s.panelsDrawn} of ${s.panelsDrawn + s.panelsSkipped} (${loadText()})`;
    console.log(line);
    measured.push(s);
    return s;
  };

  await sections(true);
  const open = await measure('every section open, page at the top');
  await sections(false);
  const closed = await measure('every section closed, page at the top');
  await sections(true);
  await scrollTo(20000);
  const away = await measure('every section open, scrolled to the bottom (panels out of view skipped)');
  const built = await measure('every section open, scrolled to the bottom, every panel built anyway', { wake: true });

  // Out of view is not built: at the bottom of the page the first row of panels is above the
  // view; built anyway (a JS API call before each frame re-measures every panel) it would be.
  assert.ok(away.panelsSkipped >= 3, `only ${away.panelsSkipped} panels skipped at the bottom of the page`);
  assert.equal(built.panelsSkipped, 0, 'panels skipped although every one had to be measured again');
  assert.ok(open.panelsSkipped >= 1, 'the row below the fold was built at the top of the page');
  // 10 groups in ui.cpp's layout: 9, and the budget panel, which in the first page (before the deeper tier is
  // loaded) is one group; the deeper build adds a second (variants, activation, compression).
  assert.equal(closed.panelsDrawn + closed.panelsSkipped, 10, 'not every panel group counted');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// RendererDraw draws nothing for a frame exactly like the last one drawn: the canvas keeps
// showing it, and without a GPU the CPU has nothing to rasterise. The page draws for a second
// after any input, and most of those frames look the same.
untimed('a frame exactly like the last one is not drawn again; a change is drawn', async () => {
  const page = await openApp(site.url);
  const stats = () => page.evaluate(() => window.embeddingLab.frameStats());
  const frames = (n) => page.evaluate((n) => new Promise((resolve) => {
    const tick = () => (n-- > 0 ? (window.Module._el_wake(), requestAnimationFrame(tick)) : resolve());
    tick();
  }), n);
  await frames(30);  // start-up done (the experiments' trainings end within a few frames)
  const shot = () => page.locator('#canvas').screenshot();
  const a = await stats(), before = await shot();
  await frames(20);  // awake, nothing changed
  const b = await stats(), after = await shot();
  assert.equal((await page.evaluate(() => window.embeddingLab.setCell(1, 1, '0.75'))).ok, true);
  await frames(3);
  const c = await stats();
  console.log(`frames built and drawn: at start-up ${a.frames} and ${a.framesDrawn}; 20 unchanged frames later ` +
              `${b.frames} and ${b.framesDrawn}; after an edit ${c.frames} and ${c.framesDrawn}; ` +
              `longest frame since load ${c.maxFrameMs.toFixed(1)} ms (not asserted)`);
  assert.ok(b.frames >= a.frames + 20, `only ${b.frames - a.frames} frames built while awake`);
  assert.equal(b.framesDrawn, a.framesDrawn, 'unchanged frames were drawn again');
  assert.ok(before.equals(after), 'the canvas changed while no frame was drawn');
  assert.ok(c.framesDrawn > b.framesDrawn, 'an edit was not drawn');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// main() draws the first frame itself, not in an animation frame (main.cpp): a page that gets
// none (a background tab, an embed off its host page's screen) still becomes ready.
untimed('a page opened in a hidden tab still draws its first frame and becomes ready', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });
  await page.goto(site.url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  const s = await page.evaluate(() => window.embeddingLab.ready.then(() => window.embeddingLab.frameStats()));
  console.log(`hidden from the start: ready with ${s.frames} frames built, ${s.framesDrawn} drawn, running ${s.running}`);
  assert.equal(s.running, false);
  assert.equal(s.framesDrawn, 1);
  await context.close();
});

untimed('a hidden tab stops the main loop entirely; it resumes and draws on return', async () => {
  const page = await openApp(site.url);
  const setHidden = (hidden) => page.evaluate((h) => {
    // The page is the only one in its headless window: tell it, as a browser does when a tab is switched away.
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  const probe = () => page.evaluate(() => ({ raf: window.__rafCalls, ...window.embeddingLab.frameStats() }));

  await setHidden(true);
  await sleep(300);  // a requestAnimationFrame already asked for may still run once
  const a = await probe();
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + 200, box.y + 200);  // input would wake an idle page
  await page.evaluate(() => window.Module._el_wake());
  await sleep(1000);
  const b = await probe();
  console.log(`hidden tab: running ${b.running}, ${b.raf - a.raf} requestAnimationFrame calls and ${b.frames - a.frames} frames in 1 s with input`);
  assert.equal(b.running, false, 'the main loop still runs in a hidden tab');
  assert.equal(b.raf - a.raf, 0, 'requestAnimationFrame still called in a hidden tab');
  assert.equal(b.frames, a.frames, 'frames drawn in a hidden tab');

  await setHidden(false);
  await page.waitForFunction((n) => window.embeddingLab.frameStats().frames > n, b.frames, { timeout: 10000 });
  assert.equal((await probe()).running, true);
  await page.context().close();
});

// Timed, though it measures nothing: on a busy machine the host page's IntersectionObserver notice comes late.
timed('an embed scrolled off its host page stops its main loop; it resumes on return', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(extra.url + 'host.html');
  let frame;
  await page.waitForFunction(() => document.getElementById('demo') !== null);
  for (let i = 0; i < 100 && !frame; i++, await sleep(50)) frame = page.frames().find((f) => f.url().startsWith(site.url));
  assert.ok(frame, 'the embed did not load');
  await frame.waitForFunction(() => window.embeddingLab !== undefined);
  await frame.evaluate(() => window.embeddingLab.ready);
  assert.equal((await frame.evaluate(() => window.embeddingLab.frameStats())).running, true);

  // Off the host page's screen. In two whole ./build.sh test runs the frame's IntersectionObserver
  // notice never came after the one scroll (30 s), while the file passed alone every time (also
  // under ctest): a host page's reader keeps scrolling, and each scroll makes the browser look
  // again, so the test scrolls on a little every 2 s, for up to 30 s, until the loop stops.
  let stopped = false;
  for (let y = 2500; !stopped && y < 2515; y++) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    stopped = await frame.waitForFunction(() => !window.embeddingLab.frameStats().running, null, { timeout: 2000 })
      .then(() => true, () => false);
  }
  assert.ok(stopped, 'the embed kept its loop running for 30 s off its host page');
  const a = await frame.evaluate(() => { window.Module._el_wake(); return window.embeddingLab.frameStats().frames; });
  await sleep(1000);
  const b = await frame.evaluate(() => window.embeddingLab.frameStats().frames);
  console.log(`embed scrolled off its host page: ${b - a} frames in 1 s after a wake-up`);
  assert.equal(b, a, 'an embed off screen kept drawing');

  await page.evaluate(() => window.scrollTo(0, 0));
  await frame.waitForFunction(() => window.embeddingLab.frameStats().running, null, { timeout: 10000 });
  await frame.waitForFunction((n) => window.embeddingLab.frameStats().frames > n, b, { timeout: 10000 });
  await context.close();
});
