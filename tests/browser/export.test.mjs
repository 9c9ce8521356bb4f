// "Copy as NumPy" and "Copy as PyTorch": each script runs in Debian's NumPy / PyTorch (python3-torch,
// PyTorch 1.13) and prints the page's numbers, number for number.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serve, launch, openPage, closePage, snapshot, clickWidget } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PYTHON = '/usr/bin/python3';  // Debian's python3, where python3-numpy and python3-torch are installed

// "name = [[...]]" lines; Python writes nan/inf bare, which JSON cannot hold: they become
// the strings snapshot() uses for them ("nan", "inf", "-inf").
// Past 4,096 numbers a gradient is printed as its looked-up rows ("grad rows = {7: [...], ...}") and
// whether every other row is 0: with the snapshot's V and d (`shape`) it is put back whole, for
// comparing with the page's; where the script says another row is not 0, it is left out (and fails).
function parseOutput(text, shape) {
  const out = {}, rows = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^(gather|matmul|grad|bags|bag_grad|bags_matmul|M)( rows)? = (.*)$/);
    if (!m) continue;
    const value = JSON.parse(m[3].replace(/([{,] )?(\d+): /g, (_, before, k) => `${before || ''}"${k}": `)
      .replace(/-inf\b/g, '"-inf"').replace(/(?<!-)\binf\b/g, '"inf"').replace(/\bnan\b/g, '"nan"'));
    if (m[2]) rows[m[1]] = value;
    else out[m[1]] = value;
  }
  for (const [name, given] of Object.entries(rows)) {
    if (!new RegExp(`^${name} is 0 in every other row: True$`, 'm').test(text)) continue;
    out[name] = Array.from({ length: shape.V }, (_, k) => given[k] || Array(shape.d).fill(0));
  }
  return out;
}

const cases = [
  ['the canonical example', 'v=1&V=3&d=3&init=example&ids=1'],
  ['repeated ids', 'v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3'],
  ['a non-finite table', 'v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf'],
  ['padding and scale_grad_by_freq', 'v=1&V=5&d=4&init=normal&seed=9&ids=0,3,3,3,1,0&pad=0&freqscale=1'],
  ['max_norm rescaling rows, with padding', 'v=1&V=5&d=4&init=normal&seed=7&ids=0,1,2,2&maxnorm=0.5&pad=2'],
  ['a large table', 'v=1&V=20000&d=8&init=normal&seed=3&ids=7,19999,7'],
];

for (const [name, link] of cases) {
  test(`the NumPy script reproduces ${name}`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('numpy'));
    const output = execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' });
    const s = await snapshot(page);
    const printed = parseOutput(output, s);
    if (s.V * s.d > 4096) assert.ok(output.length < 20000, `a large table's gradient printed as its looked-up rows: ${output.length} characters`);
    assert.deepEqual(printed.gather, s.gather);
    assert.deepEqual(printed.matmul, s.matmul);
    assert.deepEqual(printed.grad, s.gradTable);
    await closePage(page);
  });
}

// EmbeddingBag in the NumPy script too (it printed no bags): the bags, M @ W as the page computes it,
// and the bag's own gradient dW_bag (it printed none; the PyTorch script did), bit for bit.
const numpyBagCases = [
  ['EmbeddingBag mean (the preset)', 'v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2'],
  ['EmbeddingBag mean with padding', 'v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2&pad=1'],
  ['EmbeddingBag sum, an empty bag', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=sum&offsets=0,1,1,3'],
  ['EmbeddingBag max with padding', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=max&offsets=0,3&pad=0'],
  ['EmbeddingBag max, ties and an empty bag', 'v=1&V=4&d=3&init=zeros&ids=1,2,3,0&bag=max&offsets=0,2,2&cells=2:0:1,1:1:1&g=0:0:0.5,1:1:-2,2:2:3'],
  ['EmbeddingBag sum with scale_grad_by_freq', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=sum&offsets=0,2&freqscale=1&g=0:0:0.7,1:2:-0.3'],
  ['EmbeddingBag mean with scale_grad_by_freq', 'v=1&V=6&d=2&init=normal&seed=5&ids=1,2,3,3&bag=mean&offsets=0,1&freqscale=1&g=1:0:0.3'],
  ['EmbeddingBag mean with sparse gradients', 'v=1&V=6&d=2&init=normal&seed=5&ids=1,2,3,3,1&bag=mean&offsets=0,2&sparse=1'],
  ['EmbeddingBag mean on a large table', 'v=1&V=20000&d=8&init=normal&seed=3&ids=7,19999,7,600,12000&bag=mean&offsets=0,2'],
];

for (const [name, link] of numpyBagCases) {
  test(`the NumPy script prints the page's bags: ${name}`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('numpy'));
    const s = await snapshot(page);
    const printed = parseOutput(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' }), s);
    assert.ok(s.bagOutputs.length > 0, 'the page computed the bags');
    assert.deepEqual(printed.bags, s.bagOutputs);
    if (link.includes('bag=max')) assert.equal(printed.bags_matmul, undefined, 'max has no matrix route');
    else assert.deepEqual(printed.bags_matmul, s.bagMatmul);
    if (link.includes('V=4') && !link.includes('bag=max')) assert.equal(printed.M.length, s.bag.bags, 'M, one row per bag');
    assert.equal(s.bagGrad?.length, s.V, 'the page computed the bag\'s gradient');
    assert.deepEqual(printed.bag_grad, s.bagGrad);
    await closePage(page);
  });
}

// inf or nan in G: the one-hot route's 0 * inf is nan wherever another position's row is summed,
// where the scatter-add has a number; the page says the routes differ, and the script's largest
// difference says so too (nan: it read 0.0, np.nanmax skipping those cells). The same inf in both
// routes is no difference.
for (const [name, link, difference] of [
  ['inf in G, a row no id touched', 'v=1&V=3&d=3&init=example&ids=1,1&g=0:0:inf', 'nan'],
  ['nan in G', 'v=1&V=3&d=3&init=example&ids=2&g=0:1:nan', 'nan'],
  ['inf in G, every row looked up', 'v=1&V=2&d=2&init=example&ids=0,1&g=0:0:inf', 'nan'],
  ['inf in G, the only id', 'v=1&V=1&d=2&init=example&ids=0&g=0:0:inf', '0.0'],
  ['the canonical example', 'v=1&V=3&d=3&init=example&ids=1', '0.0'],
]) {
  test(`the NumPy script's gradient difference agrees with the page: ${name}`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('numpy'));
    const output = execFileSync(PYTHON, ['-c', script], { encoding: 'utf8', stdio: 'pipe' });
    assert.equal(/^largest difference between the two gradients: (.*)$/m.exec(output)[1], difference);
    const s = await snapshot(page);
    assert.equal(s.gradsEqual, difference === '0.0', 'the page says the same');
    assert.deepEqual(parseOutput(output, s).grad, s.gradTable);
    await closePage(page);
  });
}

// The PyTorch script: every option of the lookup, and EmbeddingBag.
const torchCases = [
  ['the canonical example', 'v=1&V=3&d=3&init=example&ids=1'],
  ['repeated ids', 'v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3'],
  ['a non-finite table', 'v=1&V=3&d=3&init=example&ids=0,1&cells=0:2:inf'],
  ['padding and scale_grad_by_freq', 'v=1&V=5&d=4&init=normal&seed=9&ids=0,3,3,3,1,0&pad=0&freqscale=1'],
  ['a negative padding_idx and sparse', 'v=1&V=6&d=3&init=normal&seed=4&ids=5,1,1,2&pad=-1&sparse=1'],
  ['max_norm (norm_type 2)', 'v=1&V=7&d=5&init=normal&seed=2&ids=1,2,2,6,4&maxnorm=1.5'],
  ['max_norm with norm_type 3', 'v=1&V=7&d=5&init=normal&seed=8&ids=0,3,5&maxnorm=0.9&normtype=3'],
  ['max_norm rescaling rows, with padding', 'v=1&V=5&d=4&init=normal&seed=7&ids=0,1,2,2&maxnorm=0.5&pad=2'],
  // PyTorch's max_norm=0.3 is the double 0.3: a row of norm float32(0.3) is past it (the page left it alone).
  ['max_norm rescaling a row of norm float32(0.3) at max_norm=0.3', 'v=1&V=2&d=1&cells=0:0:0.3&ids=0&maxnorm=0.3'],
  ['EmbeddingBag mean with padding', 'v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2&pad=1'],
  ['EmbeddingBag sum', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=sum&offsets=0,1,3'],
  ['EmbeddingBag max', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=max&offsets=0,3'],
  ['EmbeddingBag mean (the preset)', 'v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2'],
  ['EmbeddingBag max with padding and an empty bag', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=max&offsets=0,3,3&pad=1&g=0:0:0.5,1:1:-2,2:2:3'],
  ['EmbeddingBag sum with scale_grad_by_freq', 'v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=sum&offsets=0,2&freqscale=1&g=0:0:0.7,1:2:-0.3'],
  ['EmbeddingBag mean with sparse gradients', 'v=1&V=6&d=2&init=normal&seed=5&ids=1,2,3,3&bag=mean&offsets=0,2&sparse=1'],
  ['more bags than ids', 'v=1&V=3&d=2&init=example&ids=2,0&bag=sum&offsets=0,1,2'],
  ['a large table', 'v=1&V=20000&d=8&init=normal&seed=3&ids=7,19999,7'],
];

for (const [name, link] of torchCases) {
  test(`the PyTorch script reproduces ${name}`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('pytorch'));
    assert.doesNotMatch(script, /torch\.array/);
    const output = execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' });
    const s = await snapshot(page);
    const printed = parseOutput(output, s);
    if (s.V * s.d > 4096) assert.ok(output.length < 20000, `a large table's gradient printed as its looked-up rows: ${output.length} characters`);
    assert.deepEqual(printed.gather, s.gather);
    assert.deepEqual(printed.matmul, s.matmul);
    assert.deepEqual(printed.grad, s.gradTable);
    if (link.includes('bag=')) {
      assert.deepEqual(printed.bags, s.bagOutputs);
      // The bag's own backward (defect 1 of the review): not the lookup's G per position, G_bags per bag.
      assert.equal(s.bagGrad?.length, s.V, 'the page computed the bag\'s gradient');
      assert.deepEqual(printed.bag_grad, s.bagGrad);
    } else assert.equal(printed.bags, undefined);
    if (link.includes('maxnorm=')) {
      // The script starts from W before the page's rescale: PyTorch's own max_norm rescales the
      // rows the page says it rescaled (the comment, from the page's lookup), and no others.
      const said = /\(here rows ([\d, ]+), as on the page\)/.exec(script);
      if (name.startsWith('max_norm rescaling')) assert.ok(said, 'the script names the rows the page rescaled');
      const done = /^rows max_norm rescaled: (.*)$/m.exec(output)[1];
      assert.deepEqual(JSON.parse(done), said ? said[1].split(', ').map(Number) : []);
    }
    await closePage(page);
  });
}

// Where the page refuses the bag, so does the script, with PyTorch's own message (it printed bags
// computed without scale_grad_by_freq), after printing the lookup, matmul and gradient the page shows
// (the bag line came first, and the script printed nothing).
for (const [option, key, refusal] of [['scale_grad_by_freq', 'freqscale=1', /max mode does not support scaling the gradient by the frequency/],
                                      ['sparse', 'sparse=1', /max mode does not support sparse weights/]]) {
  test(`the PyTorch script refuses EmbeddingBag max with ${option}, as the page does, after the lookup's numbers`, { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
    const page = await openPage(browser, `${server.url}#v=1&V=5&d=3&init=normal&seed=6&ids=4,4,1,0,2&bag=max&offsets=0,3&${key}`);
    const s = await snapshot(page);
    assert.equal(s.bag.bags, 0, 'the page computed the bags');
    const script = await page.evaluate(() => window.embeddingLab.exportScript('pytorch'));
    let error;
    assert.throws(() => execFileSync(PYTHON, ['-c', script], { encoding: 'utf8', stdio: 'pipe' }), (e) => (error = e, refusal.test(e.stderr)));
    const printed = parseOutput(error.stdout, s);
    assert.deepEqual(printed.gather, s.gather);
    assert.deepEqual(printed.matmul, s.matmul);
    assert.deepEqual(printed.grad, s.gradTable);
    assert.equal(printed.bags, undefined);
    await closePage(page);
  });
}

// sparse with scale_grad_by_freq: PyTorch's backward raises, and the script died before printing
// anything. It prints the lookup and leaves the backward out, as the page does.
test('the PyTorch script of sparse with scale_grad_by_freq prints the lookup and leaves out the backward PyTorch refuses', { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
  const page = await openPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1,1,2&sparse=1&freqscale=1`);
  const s = await snapshot(page);
  assert.match(s.errors.result, /scale_grad_by_freq/, 'the page refuses the gradient');
  const script = await page.evaluate(() => window.embeddingLab.exportScript('pytorch'));
  const output = execFileSync(PYTHON, ['-c', script], { encoding: 'utf8', stdio: 'pipe' });
  const printed = parseOutput(output);
  const rows = s.ids.map((k) => s.table[k]);
  assert.deepEqual(printed.gather, rows);
  assert.deepEqual(printed.matmul, rows);
  assert.equal(printed.grad, undefined);
  assert.match(output, /^grad: not computed/m);
  assert.match(script, /PyTorch refuses sparse=True with scale_grad_by_freq=True/);
  await closePage(page);
});

// The training lab's Step, in the PyTorch script: one step of the page's optimizer and loss from W, the
// optimizer started afresh (the scripts had no optimizer: a learner could not check "AdamW shrinks every
// row" without writing it). It prints the rows the step changed and W after it; the page's Step from the
// same link moves the same rows to the same numbers (SGD bit for bit in these cases, though with Nesterov or a
// sparse gradient some settings differ in a last bit; the Adam family, whose bias corrections PyTorch takes
// in double, to 1e-6).
const stepCases = [
  ['SGD with Nesterov momentum and scale_grad_by_freq', 'v=1&V=5&d=4&init=normal&seed=9&ids=0,3,3,3,1,0&freqscale=1&opt=sgd&lr=0.3&mom=0.5&nesterov=1', 0],
  ['SGD with weight decay and the mse loss', 'v=1&V=4&d=3&init=normal&seed=2&ids=1,1,3&opt=sgd&lr=0.5&wd=0.1&loss=mse', 0],
  ['AdamW: every row shrinks', 'v=1&V=3&d=3&init=example&ids=1&opt=adamw&lr=0.01&wd=0.1', 1e-6],
  ['Adam with max_norm and padding', 'v=1&V=5&d=4&init=normal&seed=7&ids=0,1,2,2&maxnorm=0.5&pad=2&opt=adam&lr=0.1&wd=0.01', 1e-6],
  ['lazy Adam (SparseAdam) with the mse loss', 'v=1&V=6&d=2&init=normal&seed=5&ids=1,2,3,3&sparse=1&opt=lazyadam&lr=0.1&loss=mse', 1e-6],
  ['lazy Adam on a dense lookup (its gradient made sparse for SparseAdam)', 'v=1&V=6&d=2&init=normal&seed=5&ids=1,2,3,3&opt=lazyadam&lr=0.1', 1e-6],
  // With sparse=True in the lookup for SparseAdam, PyTorch refused scale_grad_by_freq (review z5).
  ['lazy Adam on a dense lookup with scale_grad_by_freq', 'v=1&V=5&d=3&init=normal&seed=3&ids=0,2,2,4&opt=lazyadam&lr=0.1&freqscale=1', 1e-6],
  ['AdamW on a large table (the looked-up rows)', 'v=1&V=20000&d=8&init=normal&seed=3&ids=7,19999,7&opt=adamw&lr=0.01&wd=0.1', 1e-6],
];
// One Python for all the cases (each script in a namespace of its own): an import of torch per case was
// about 5 s of the run's time.
test('the PyTorch script\'s Step is the page\'s, for each optimizer and loss', { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
  const cases = [];
  for (const [name, link, tolerance] of stepCases) {
    const page = await openPage(browser, `${server.url}#${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('pytorch'));
    const step = await page.evaluate(() => window.embeddingLab.step(1));
    cases.push({ name, tolerance, script, step, table: (await snapshot(page)).table });
    assert.deepEqual(page.problems, []);
    await closePage(page);
  }
  const runner = 'import json, sys\nfor i, src in enumerate(json.load(sys.stdin)):\n    print("=== case", i, flush=True)\n    exec(src, {})\n';
  const outputs = execFileSync(PYTHON, ['-c', runner], { input: JSON.stringify(cases.map((c) => c.script)), encoding: 'utf8' })
    .split(/^=== case \d+\n/m).slice(1);
  assert.equal(outputs.length, cases.length);
  cases.forEach(({ name, tolerance, step, table }, i) => {
    const output = outputs[i];
    const json = (m) => m && JSON.parse(m[1].replace(/(\d+): /g, '"$1": '));
    const whole = json(/^stepped = (.*)$/m.exec(output)), rows = json(/^stepped rows = (.*)$/m.exec(output));
    const printed = whole ? Object.entries(whole) : Object.entries(rows || {});
    assert.ok(printed.length > 0, `${name}: no stepped W printed:\n${output}`);
    if (whole) {
      assert.equal(whole.length, table.length, name);
      assert.deepEqual(JSON.parse(/^rows changed: (.*)$/m.exec(output)[1]), step.changedRows, name);
    }
    for (const [k, row] of printed)
      row.forEach((x, c) => assert.ok(Math.abs(x - table[k][c]) <= tolerance * Math.max(1, Math.abs(x)),
                                      `${name}: W[${k}][${c}]: PyTorch ${x}, the page ${table[k][c]}`));
  });
});

// No step where PyTorch has none, or refuses the settings as the page does (Adam on a sparse gradient): the
// script says so and still runs to its end.
test('the PyTorch script writes no Step for lazy SGD, which PyTorch lacks, nor for settings it refuses', { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
  for (const [link, said] of [['opt=lazysgd', /PyTorch has no lazy SGD/], ['opt=adam&sparse=1', /PyTorch refuses these settings, as the page/]]) {
    const page = await openPage(browser, `${server.url}#v=1&V=3&d=3&init=example&ids=1&${link}`);
    const script = await page.evaluate(() => window.embeddingLab.exportScript('pytorch'));
    assert.match(script, said);
    assert.doesNotMatch(script, /torch\.optim/);
    assert.match(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8', stdio: 'pipe' }), /^grad = /m);
    await closePage(page);
  }
});

// The largest batch on the largest table: its one-hot block (B, V) is 102,400,000 floats. Both scripts built
// it whole (410 MB in NumPy, 1.2 GB in PyTorch: F.one_hot's int64 block and its float copy); now R rows at a
// time, as the page does. The same numbers, in the memory of the import and the table. (The script goes in on
// stdin: 1,024 rows of G are past what one command-line argument may hold.)
test('both scripts of a 1,024-id batch on a 100,000-row table print the page\'s numbers in bounded memory', { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
  const ids = Array.from({ length: 1024 }, (_, b) => (b % 1000) * 97);  // 1,000 rows, 24 of them twice; row 0 the padding
  const page = await openPage(browser, `${server.url}#v=1&V=100000&d=16&init=normal&seed=5&ids=${ids}&pad=0&freqscale=1`);
  const s = await snapshot(page);
  assert.equal(s.ids.length, 1024);
  assert.equal(s.matmul.length, 1024, 'the page computed the one-hot route');
  const peak = "\nimport resource; print('peak MB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n";
  for (const [kind, limitMB] of [['numpy', 300], ['pytorch', 600]]) {
    const script = await page.evaluate((k) => window.embeddingLab.exportScript(k), kind);
    assert.match(script, /R = max\(1, 1048576 \/\/ V\)/, `${kind}: the block in pieces`);
    const output = execFileSync(PYTHON, ['-'], { input: script + peak, encoding: 'utf8', maxBuffer: 64 << 20 });
    const printed = parseOutput(output, s);
    assert.deepEqual(printed.gather, s.gather, kind);
    assert.deepEqual(printed.matmul, s.matmul, kind);
    assert.deepEqual(printed.grad, s.gradTable, kind);
    const mb = +/^peak MB (\d+)$/m.exec(output)[1];
    console.log(`${kind} script, B = 1,024, V = 100,000, d = 16: peak resident memory ${mb} MB`);
    assert.ok(mb < limitMB, `${kind}: ${mb} MB`);
    if (kind === 'numpy') assert.match(output, /^routes agree \(forward\): True$/m);
  }
  await closePage(page);
});

test('the Copy as NumPy button shows the script for copying by hand', async () => {
  const page = await openPage(browser, server.url, { width: 1400, height: 900 });
  await clickWidget(page, 'copy-numpy');
  const text = await page.evaluate(() => window.embeddingLab.shareText());
  assert.match(text, /^# Embedding Lab: this state in NumPy/);
  assert.equal(text, await page.evaluate(() => window.embeddingLab.exportScript('numpy')));
  await closePage(page);
});
