// Where the first frame's time goes, from a Chrome DevTools Protocol trace of one load of a built
// site (not a test of its own: run it by hand when start-up changes):
//
//   node tests/browser/profile_startup.mjs [site dir, default build/site] [trace.json to keep]
//   JS_FLAGS='--wasm-tier-up-filter=<function index>' node tests/browser/profile_startup.mjs   (V8 flags: a diagnosis)
//   THROTTLE=2 node tests/browser/profile_startup.mjs   (the page's main thread slowed 2x)
//
// Prints the main thread's biggest tasks up to the first frame, and how many WebAssembly functions
// V8 compiled lazily (on their first call, on the main thread) in each of the app's start-up steps
// (Module._el_startup_json), with their code size. For function names, link a copy with
// --profiling-funcs: the names are then read from the wasm's name section.
// Also the main thread's time on a core against its wall time (a trace event's tdur is thread CPU
// time), and what V8's optimising tier (TurboFan) compiled on other threads meanwhile: on 2 cores
// that competes with the main thread. Which functions those were, and how long each took, V8 prints
// with --js-flags=--trace-wasm-compilation-times on the renderer's stdout (README, "Where the first
// frame's time goes"); JS_FLAGS=--wasm-tier-up-filter=<index> lets only that function tier up.
// Tracing slows everything down (V8 logs each compiled function): compare counts and shares,
// and take times from frame_floor.test.mjs.
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { serve, launch, SITE } from './harness.mjs';

const siteDir = path.resolve(process.argv[2] || SITE);
const keep = process.argv[3];

// Function index -> [body size, name] from the wasm's import, code and name sections.
function wasmFunctions(bytes) {
  let i = 8, imports = 0;
  const out = new Map();
  const leb = () => { let r = 0, s = 0, b; do { b = bytes[i++]; r |= (b & 0x7f) << s; s += 7; } while (b & 0x80); return r >>> 0; };
  const name = () => { const n = leb(); const t = Buffer.from(bytes.subarray(i, i + n)).toString(); i += n; return t; };
  while (i < bytes.length) {
    const id = bytes[i++], size = leb(), end = i + size;
    if (id === 2) {  // imports: functions take the first indices
      for (let n = leb(); n > 0; n--) {
        name(); name();
        const kind = bytes[i++];
        if (kind === 0) { leb(); imports++; }
        else if (kind === 1) { i++; const f = leb(); leb(); if (f & 1) leb(); }
        else if (kind === 2) { const f = leb(); leb(); if (f & 1) leb(); }
        else if (kind === 3) i += 2;
      }
    } else if (id === 10) {
      for (let n = leb(), k = 0; k < n; k++) { const s = leb(); out.set(imports + k, [s, `function ${imports + k}`]); i += s; }
    } else if (id === 0 && name() === 'name') {
      while (i < end) {
        const sub = bytes[i++], subEnd = leb() + i;
        if (sub === 1) for (let n = leb(); n > 0; n--) { const f = leb(), t = name(); if (out.has(f)) out.get(f)[1] = t; }
        i = subEnd;
      }
    }
    i = end;
  }
  return out;
}

const functions = wasmFunctions(await readFile(path.join(siteDir, 'embedding_lab.wasm')));
const site = await serve(siteDir);
const browser = await launch(process.env.JS_FLAGS ? [`--js-flags=${process.env.JS_FLAGS}`] : []);
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
// THROTTLE=2: the page's main thread slowed 2x, as frame_floor.test.mjs's second case (a slower core).
if (process.env.THROTTLE) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: +process.env.THROTTLE });
await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'v8.wasm', 'v8.execute', 'blink.user_timing', 'loading'] });
await page.goto(site.url);
await page.evaluate(() => window.embeddingLab.ready);
const marks = await page.evaluate(() => JSON.parse(window.Module.UTF8ToString(window.Module._el_startup_json())));
const trace = await browser.stopTracing();
await browser.close();
await site.close();
if (keep) await writeFile(keep, trace);

const events = JSON.parse(trace.toString()).traceEvents;
const nav = events.filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL || '').startsWith('http')).pop();
const at = (e) => (e.ts - nav.ts) / 1000;
const end = marks[marks.length - 1].atMs;
const mainTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args.name === 'CrRendererMain').tid;
const onMain = events.filter((e) => e.pid === nav.pid && e.tid === mainTid && e.ph === 'X' && at(e) >= 0 && at(e) <= end);

console.log(`start-up steps (ms since navigation, traced): ${marks.map((m) => `${m.step} ${m.atMs.toFixed(0)}`).join(', ')}`);
console.log('main thread before the first frame, outermost events of 2 ms or more (start, ms, what):');
let outer = null;
for (const e of onMain.filter((x) => x.dur >= 2000 && x.cat.includes('devtools.timeline')).sort((a, b) => a.ts - b.ts)) {
  if (outer && e.ts < outer.ts + outer.dur) continue;  // inside the last one printed
  outer = e;
  const url = e.args?.data?.url || e.args?.beginData?.url || '';
  console.log(`  ${at(e).toFixed(0).padStart(5)} ${(e.dur / 1000).toFixed(1).padStart(6)}  ${e.name} ${url.split('/').pop()}`);
}
const lazy = onMain.filter((e) => e.name === 'wasm.CompileLazy');
const steps = [...marks.map((m) => ({ step: m.step, until: m.atMs, n: 0, bytes: 0, ms: 0, top: [] }))];
for (const e of lazy) {
  const s = steps.find((x) => at(e) <= x.until);
  if (!s) continue;
  const [size = 0, fname = '?'] = functions.get(e.args.func_index) || [];
  s.n++, s.bytes += size, s.ms += e.dur / 1000, s.top.push([size, fname]);
}
const total = [...functions.values()].reduce((a, [s]) => a + s, 0);
console.log(`wasm functions compiled lazily on the main thread, by start-up step (of ${functions.size} functions, ${(total / 1024).toFixed(0)} KB of code):`);
for (const s of steps) {
  const top = s.top.sort((a, b) => b[0] - a[0]).slice(0, 3).map(([b, n]) => `${n.slice(0, 40)} ${(b / 1024).toFixed(1)} KB`).join('; ');
  console.log(`  ${s.step.padEnd(30)} ${String(s.n).padStart(5)} functions ${(s.bytes / 1024).toFixed(0).padStart(4)} KB ${s.ms.toFixed(1).padStart(6)} ms traced${top ? '  (largest: ' + top + ')' : ''}`);
}
const cpu = (xs) => xs.reduce((a, e) => a + (e.tdur || 0), 0) / 1000, wall = (xs) => xs.reduce((a, e) => a + e.dur, 0) / 1000;
const tasks = onMain.filter((e) => e.cat === 'toplevel');
console.log(`main thread until the first frame: tasks ${wall(tasks).toFixed(0)} ms wall, ${cpu(tasks).toFixed(0)} ms on a core; ` +
  `lazy compilation ${wall(lazy).toFixed(0)} ms wall, ${cpu(lazy).toFixed(0)} ms on a core (the rest waiting, most likely for a core)`);
const tierUp = events.filter((e) => e.pid === nav.pid && e.name === 'wasm.TopTierCompilation' && at(e) >= 0 && at(e) <= end);
console.log(`optimising tier (TurboFan) on other threads until the first frame: ${tierUp.length} jobs, ${wall(tierUp).toFixed(0)} ms wall, ${cpu(tierUp).toFixed(0)} ms on a core`);
