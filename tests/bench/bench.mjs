// One process, three columns: our kernels natively (read from the native run's
// JSON), our kernels as WebAssembly, and TF.js's wasm backend (XNNPACK) on the
// same shapes and the same numbers. Prints one table and writes build/bench.json.
//
//   node --no-experimental-fetch tests/bench/bench.mjs --native build/bench-native/native.json \
//        --wasm build/bench-wasm/bench_kernels.cjs --out build/bench.json [--V 50000 --d 128 --B 256 --repeats 7]
//
// Timed samples of our wasm matmul and TF.js's matMul alternate, so a busy
// machine slows both columns alike.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------
// Options

const opt = { V: 50000, d: 128, B: 256, repeats: 7, native: null, wasm: null, out: null };
for (let i = 2; i + 1 < process.argv.length; i += 2) {
  const k = process.argv[i].replace(/^--/, '');
  if (!(k in opt)) throw new Error(`bench.mjs: unknown option ${process.argv[i]}`);
  opt[k] = ['V', 'd', 'B', 'repeats'].includes(k) ? Number(process.argv[i + 1]) : process.argv[i + 1];
}
const { V, d, B, repeats } = opt;

const KERNELS = ['one_hot', 'matmul_forward', 'gather_forward', 'memcpy', 'matmul_backward',
  'scatter_add_backward'];
const FLOPS = 2 * B * V * d;
const ROW_BYTES = B * d * 4;
const WORK = { one_hot: [B * V * 4, 'GB/s'], matmul_forward: [FLOPS, 'GFLOP/s'],
  gather_forward: [ROW_BYTES, 'GB/s'], memcpy: [ROW_BYTES, 'GB/s'],
  matmul_backward: [FLOPS, 'GFLOP/s'], scatter_add_backward: [ROW_BYTES, 'GB/s'] };

function summarise(times, inner, kernel) {
  const t = [...times].sort((a, b) => a - b);
  const n = t.length;
  const median = n % 2 ? t[(n - 1) / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  const [work, unit] = WORK[kernel];
  return { median_ms: median, min_ms: t[0], max_ms: t[n - 1], samples: n, inner,
    rate: work / (median * 1e6), unit };
}

// ---------------------------------------------------------------------------
// Our kernels as WebAssembly, driven sample by sample from here.

const createBenchModule = require(path.resolve(opt.wasm));
const ours = await createBenchModule({ noInitialRun: true, print: (s) => console.log(s),
  printErr: (s) => console.error(s) });
const equal = ours._bench_setup(V, d, B);
const wasmInfo = { target: 'wasm', flags: process.env.EL_BENCH_WASM_FLAGS || 'unknown',
  forward_equal: (equal & 1) !== 0, backward_equal: (equal & 2) !== 0,
  first_row_sum: ours._bench_first_row_sum(), kernels: {} };
const inner = KERNELS.map((_, k) => ours._bench_inner(k));

// ---------------------------------------------------------------------------
// TF.js wasm backend, offline: binaries from node_modules, by file path.
// A proxy over the file map records which binary the backend asked for, and
// fs.readFileSync is watched to confirm which file was actually read.

const tf = require('@tensorflow/tfjs-core');
const tfwasm = require('@tensorflow/tfjs-backend-wasm');
const tfjsDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
const tfjsVersion = require('@tensorflow/tfjs-backend-wasm/package.json').version;
const names = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];
const requested = [];
const fileMap = new Proxy(Object.fromEntries(names.map((n) => [n, path.join(tfjsDir, n)])), {
  get(target, key) { if (typeof key === 'string') requested.push(key); return target[key]; },
});
tfwasm.setWasmPaths(fileMap);
requested.length = 0;  // setWasmPaths itself looked up every name
const readFiles = [];
const fsReadFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (String(file).endsWith('.wasm')) readFiles.push(path.basename(String(file)));
  return fsReadFileSync.call(this, file, ...rest);
};
if (!(await tf.setBackend('wasm'))) throw new Error('TF.js could not start its wasm backend');
await tf.ready();
fs.readFileSync = fsReadFileSync;
const tfjsInfo = {
  version: tfjsVersion,
  backend: tf.getBackend(),
  simd: await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'),
  threads: await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT'),
  binary_requested: requested.filter((n) => names.includes(n)).pop() || null,
  binary_read: readFiles.pop() || null,
  kernels: {},
};

// The same inputs as bench_setup: xorshift32, W then ids then G.
let s = 12345;
const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
const uniform = () => (next() >>> 8) / 8388608 - 1;
const Wdata = new Float32Array(V * d).map(uniform);
const ids = Int32Array.from({ length: B }, () => next() % V);
const Gdata = new Float32Array(B * d).map(uniform);
const onehotData = new Float32Array(B * V);
ids.forEach((id, b) => { onehotData[b * V + id] = 1; });

const W = tf.tensor2d(Wdata, [V, d]);
const onehot = tf.tensor2d(onehotData, [B, V]);
const G = tf.tensor2d(Gdata, [B, d]);

// Forward once: equal to our result? (first row's sum, and exactness against the gather)
{
  const out = tf.matMul(onehot, W);
  const o = out.dataSync();
  out.dispose();
  let exact = true;
  for (let b = 0; b < B && exact; b++)
    for (let c = 0; c < d; c++) if (o[b * d + c] !== Wdata[ids[b] * d + c]) { exact = false; break; }
  let sum = 0;
  for (let c = 0; c < d; c++) sum += o[c];
  tfjsInfo.forward_equal_gather = exact;
  tfjsInfo.first_row_sum = sum;
}

const k_fwd = KERNELS.indexOf('matmul_forward'), k_bwd = KERNELS.indexOf('matmul_backward');
const timeMs = (fn) => { const t0 = performance.now(); fn(); return performance.now() - t0; };
// matMul with the same W tensor each time: XNNPACK keeps its packed copy of W
// between calls (the backend caches the operator per weight tensor).
const tfForward = () => { const out = tf.matMul(onehot, W); out.dataSync(); out.dispose(); };
// A new W tensor each call (made outside the timer): the packing is paid, like ours.
const tfForwardFresh = () => {
  const W2 = tf.tensor2d(Wdata, [V, d]);
  const t = timeMs(() => { const out = tf.matMul(onehot, W2); out.dataSync(); out.dispose(); });
  W2.dispose();
  return t;
};
// dW = onehot^T @ G, via matMul's transposeA (TF.js transposes the (B,V) block first: slow).
const tfBackward = () => { const out = tf.matMul(onehot, G, true, false); out.dataSync(); out.dispose(); };
// The same with onehot^T materialised outside the timer: a plain (V,B) @ (B,d) matMul.
const onehotT = tf.transpose(onehot);
const tfBackwardPre = () => { const out = tf.matMul(onehotT, G); out.dataSync(); out.dispose(); };

// Warm-up: operator creation, and any tier-up left (bench.sh runs Node with
// --no-liftoff, so both modules start optimised).
for (let r = 0; r < 2; r++) {
  ours._bench_time(k_fwd, 1); tfForward(); tfForwardFresh(); ours._bench_time(k_bwd, 1); tfBackwardPre();
}
tfBackward();

// ---------------------------------------------------------------------------
// Timed samples. Matmuls: `repeats` samples, ours and TF.js alternating.

const samples = { ours: KERNELS.map(() => []), tf_forward: [], tf_forward_fresh: [], tf_backward: [],
  tf_backward_pre: [] };
for (let r = 0; r < repeats; r++) {
  samples.ours[k_fwd].push(ours._bench_time(k_fwd, inner[k_fwd]));
  samples.tf_forward.push(timeMs(tfForward));
  samples.tf_forward_fresh.push(tfForwardFresh());
  samples.ours[k_bwd].push(ours._bench_time(k_bwd, inner[k_bwd]));
  samples.tf_backward_pre.push(timeMs(tfBackwardPre));
  if (r < 3) samples.tf_backward.push(timeMs(tfBackward));  // about 2 s each: 3 samples
}
// The cheap kernels: samples round-robin, so a burst of load hits them alike.
const k_onehot = KERNELS.indexOf('one_hot');
for (let r = 0; r < repeats; r++) samples.ours[k_onehot].push(ours._bench_time(k_onehot, inner[k_onehot]));
const cheap = ['gather_forward', 'memcpy', 'scatter_add_backward'].map((name) => KERNELS.indexOf(name));
for (let r = 0; r < Math.max(repeats, 31); r++)
  for (const k of cheap) samples.ours[k].push(ours._bench_time(k, inner[k]));
KERNELS.forEach((name, k) => { wasmInfo.kernels[name] = summarise(samples.ours[k], inner[k], name); });
tfjsInfo.kernels.matmul_forward = summarise(samples.tf_forward, 1, 'matmul_forward');
tfjsInfo.kernels.matmul_forward_new_W = summarise(samples.tf_forward_fresh, 1, 'matmul_forward');
tfjsInfo.kernels.matmul_backward = summarise(samples.tf_backward, 1, 'matmul_backward');
tfjsInfo.kernels.matmul_backward_pretransposed = summarise(samples.tf_backward_pre, 1, 'matmul_backward');
W.dispose(); onehot.dispose(); onehotT.dispose(); G.dispose();

// ---------------------------------------------------------------------------
// The table

const native = opt.native && fs.existsSync(opt.native) ? JSON.parse(fs.readFileSync(opt.native, 'utf8')) : null;
const fmtMs = (t) => {
  if (!t) return '-';
  const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(4));
  return `${f(t.median_ms)} (${f(t.min_ms)}-${f(t.max_ms)}) ${t.rate.toPrecision(3)} ${t.unit}`;
};
const rows = [
  ['build one-hot block', 'one_hot', null],
  ['dense matmul forward', 'matmul_forward', 'matmul_forward'],
  ['  (TF.js, new W tensor each call)', null, 'matmul_forward_new_W'],
  ['gather forward', 'gather_forward', null],
  ['memcpy of the gathered bytes', 'memcpy', null],
  ['dense backward onehot^T @ G', 'matmul_backward', 'matmul_backward'],
  ['  (TF.js, onehot^T made before the timer)', null, 'matmul_backward_pretransposed'],
  ['scatter-add backward', 'scatter_add_backward', null],
];
const table = [['kernel', 'native ms (min-max) rate', 'wasm ms (min-max) rate', 'tfjs-wasm ms (min-max) rate']];
for (const [label, ourKey, tfKey] of rows)
  table.push([label, fmtMs(ourKey && native?.kernels[ourKey]), fmtMs(ourKey && wasmInfo.kernels[ourKey]),
    fmtMs(tfKey && tfjsInfo.kernels[tfKey])]);
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
const line = (r) => r.map((x, c) => x.padEnd(widths[c])).join(' | ');

const med = (info, k) => info?.kernels[k]?.median_ms;
const ratio = (name, a, b, target) => ({ name, value: a / b, target,
  met: target == null ? null : a / b <= target });
const ratios = [
  ratio('wasm matmul forward / tfjs matMul (W reused)', med(wasmInfo, 'matmul_forward'), med(tfjsInfo, 'matmul_forward'), 1.25),
  ratio('wasm matmul forward / tfjs matMul (new W each call)', med(wasmInfo, 'matmul_forward'), med(tfjsInfo, 'matmul_forward_new_W'), 1.25),
  ratio('wasm dense backward / tfjs matMul(transposeA)', med(wasmInfo, 'matmul_backward'), med(tfjsInfo, 'matmul_backward'), null),
  ratio('wasm dense backward / tfjs matMul(onehot^T made before)', med(wasmInfo, 'matmul_backward'), med(tfjsInfo, 'matmul_backward_pretransposed'), null),
  ratio('wasm gather / wasm memcpy', med(wasmInfo, 'gather_forward'), med(wasmInfo, 'memcpy'), 2),
  ratio('wasm scatter-add / wasm memcpy', med(wasmInfo, 'scatter_add_backward'), med(wasmInfo, 'memcpy'), 2),
  ratio('native gather / native memcpy', med(native, 'gather_forward'), med(native, 'memcpy'), 2),
  ratio('native scatter-add / native memcpy', med(native, 'scatter_add_backward'), med(native, 'memcpy'), 2),
  ratio('wasm/native matmul forward', med(wasmInfo, 'matmul_forward'), med(native, 'matmul_forward'), null),
  ratio('wasm/native dense backward', med(wasmInfo, 'matmul_backward'), med(native, 'matmul_backward'), null),
  ratio('one-hot route / gather route, forward (wasm)', med(wasmInfo, 'matmul_forward'), med(wasmInfo, 'gather_forward'), null),
  ratio('one-hot route / scatter-add, backward (wasm)', med(wasmInfo, 'matmul_backward'), med(wasmInfo, 'scatter_add_backward'), null),
];

const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`;
console.log(`\nEmbedding Lab kernels: V=${V} d=${d} B=${B}; ${repeats} samples per matmul (TF.js transposeA: 3); ms per call as median (min-max)`);
console.log(`machine: ${machine}`);
console.log(`native: ${native ? native.flags : 'not run'}`);
console.log(`wasm:   ${wasmInfo.flags}; Node flags ${process.execArgv.join(' ') || '(none)'}`);
console.log(`tfjs:   @tensorflow/tfjs-backend-wasm ${tfjsInfo.version}, backend '${tfjsInfo.backend}', SIMD ${tfjsInfo.simd}, ` +
  `threads ${tfjsInfo.threads}, binary ${tfjsInfo.binary_read ?? tfjsInfo.binary_requested} (single-threaded)`);
console.log('');
console.log(line(table[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of table.slice(1)) console.log(line(r));
console.log('');
for (const r of ratios) {
  const verdict = r.target == null ? '' : r.met ? `  (target <= ${r.target}: met)` : `  (target <= ${r.target}: NOT met)`;
  console.log(`${r.name.padEnd(52)} ${Number.isFinite(r.value) ? r.value.toFixed(2) : '-'}${verdict}`);
}
const checks = [
  ['native: one-hot matmul == gather, onehot^T @ G == scatter-add (bit for bit)', native ? native.forward_equal && native.backward_equal : null],
  ['wasm:   one-hot matmul == gather, onehot^T @ G == scatter-add (bit for bit)', wasmInfo.forward_equal && wasmInfo.backward_equal],
  ['tfjs:   matMul(onehot, W) == gather (bit for bit)', tfjsInfo.forward_equal_gather],
];
console.log('');
for (const [what, ok] of checks) console.log(`${ok == null ? 'not run' : ok ? 'ok     ' : 'FAILED '} ${what}`);

if (opt.out) {
  fs.mkdirSync(path.dirname(opt.out), { recursive: true });
  fs.writeFileSync(opt.out, JSON.stringify({ shape: { V, d, B }, repeats, machine, date: new Date().toISOString(),
    native, wasm: wasmInfo, tfjs: tfjsInfo, ratios, checks: Object.fromEntries(checks) }, null, 2) + '\n');
  console.log(`\nwrote ${opt.out}`);
}
const allChecks = checks.every(([, ok]) => ok !== false);
process.exitCode = allChecks ? 0 : 1;
