// The text view: the lesson as plain HTML beside the canvas (a "parallel DOM", as PhET's
// simulations have), for screen readers, keyboards, find, zoom and print. It is built from
// the app's state after every commit (src/app/ui.cpp AfterFrame calls update), and its edits
// go through the same commit path as the canvas's (embeddingLab.setCell / setIds / setSize).
// Visually hidden until "Text view" (or view=text in a link); shown while it holds the focus.
'use strict';
(function () {
  const lab = window.embeddingLab;
  const FULL_TABLE_CELLS = 400;  // larger tables show the looked-up and touched rows, and a way to any row

  // --- Setters: the JavaScript API's edits, one commit each -----------------------------
  function withString(text, fn) {
    const M = window.Module;
    const size = M.lengthBytesUTF8(text) + 1;
    const ptr = M._malloc(size);
    try { M.stringToUTF8(text, ptr, size); return fn(ptr); } finally { M._free(ptr); }
  }
  const answer = (ptr) => JSON.parse(window.Module.UTF8ToString(ptr));
  const M = () => window.Module;
  Object.assign(lab, {
    /** W[r][c] = text, as typed into the canvas's cell: {ok, error}. */
    setCell(r, c, text) { return withString(String(text), (p) => answer(M()._el_set_cell(0, r | 0, c | 0, p))); },
    /** G[b][c] = text, as typed into the canvas's upstream cell: {ok, error}. */
    setUpstreamCell(b, c, text) { return withString(String(text), (p) => answer(M()._el_set_cell(1, b | 0, c | 0, p))); },
    /** The batch as typed into the ids field ("1, 1, 2"): {ok, error}. */
    setIds(text) { return withString(String(text), (p) => answer(M()._el_set_ids(p))); },
    /** New V and d, as the Resize button: {ok, error}. */
    setSize(V, d) { return answer(M()._el_set_size(V | 0, d | 0)); },
    /** One setting by its link key ('pad', 'maxnorm', 'lr', 'init' = a fill, ...), read as a link reads it: {ok, error}. */
    setField(key, text) { return withString(String(key), (k) => withString(String(text), (p) => answer(M()._el_set_field(k, p)))); },
    /** G's fill buttons: 'canonical', 'ones', 'random' or 'mse': {ok, error}. */
    fillUpstream(name) { return withString(String(name), (p) => answer(M()._el_fill_upstream(p))); },
    /** 'canvas' or 'text': which view is on screen. */
    setView(view) { M()._el_set_view(view === 'text' ? 1 : 0); },
  });

  // --- Reading the state -----------------------------------------------------------------
  // The snapshot's JSON without copying whole matrices: a 100,000-row table is read row by row.
  function state() { return JSON.parse(window.Module.UTF8ToString(window.Module._el_snapshot_json())); }
  function rowOf(s, name, r) {
    const [ptr, , cols] = s.matrices[name];
    return Array.from(window.Module.HEAPF32.subarray(ptr / 4 + r * cols, ptr / 4 + (r + 1) * cols));
  }
  // The shortest text that reads back to the same float32, as the canvas writes it.
  function fmt(x) {
    if (Number.isNaN(x)) return 'nan';
    if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
    if (Object.is(x, -0)) return '-0';
    for (let p = 1; p <= 9; p++) { const t = Number(x.toPrecision(p)); if (Math.fround(t) === x) return String(t); }
    return String(x);
  }

  // --- Building HTML (text is always set as text, never as markup) -------------------------
  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }
  const msg = (id, text) => el('p', { id, class: 'message', role: text ? 'alert' : null, text: text || '' });

  /**
   * A table with a caption, column headers and one header per row. rows: [{label, values, mark}];
   * edit(r, c) gives an editable cell's {id, label, onchange}.
   */
  function table(caption, colLabel, cols, rows, edit) {
    const head = el('tr', {}, el('th', { scope: 'col', text: '' }));
    for (let c = 0; c < cols; c++) head.append(el('th', { scope: 'col', text: `${colLabel} ${c}` }));
    const body = el('tbody');
    for (const row of rows) {
      const tr = el('tr', { class: row.mark ? 'touched' : null }, el('th', { scope: 'row', text: row.label }));
      row.values.forEach((v, c) => {
        if (!edit) { tr.append(el('td', { text: fmt(v) })); return; }
        const e = edit(row.index, c);
        tr.append(el('td', {}, el('input', { id: e.id, type: 'text', inputmode: 'decimal', 'aria-label': e.label,
                                             value: fmt(v), onchange: e.onchange, readonly: e.locked })));
      });
      body.append(tr);
    }
    return el('table', {}, el('caption', { text: caption }), el('thead', {}, head), body);
  }


  // --- The settings, the tour, the self-check and the labs (el_text_view_json) ----------------
  let extra = null;  // {fields: {key: [value, lock]}, tour, claims, followUps, cards}
  const say = (text) => window.embeddingLabHost && window.embeddingLabHost.setLiveText(text);
  const button = (text, onclick, id, disabled) => el('button', { type: 'button', id, text, onclick, disabled });
  const words = (key) => key.replace(/([A-Z])/g, ' $1').toLowerCase();

  /** A refused edit: the control is marked invalid and described by the message. */
  function refuse(input, messageId, error) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', messageId);
    document.getElementById(messageId).textContent = error;
  }

  /**
   * A labelled native control for one link key, edited through setField (one commit). choices: a
   * select's names; '' a checkbox (0/1). A locked setting is read-only, its reason beside it.
   */
  function setting(key, label, choices, busy) {
    const [value, teacherLock] = extra.fields[key];
    const lock = teacherLock || busy || '';  // a run going on holds its settings, as on the canvas
    const id = 'tv-f-' + key, messageId = id + '-message', box = choices === '';
    const attrs = { id, 'aria-describedby': messageId, disabled: !!lock && choices !== undefined, readonly: !!lock,
                    onchange: (e) => {
                      const r = lab.setField(key, box ? (e.target.checked ? '1' : '0') : e.target.value);
                      if (!r.ok) refuse(e.target, messageId, r.error);
                    } };
    const input = choices ? el('select', attrs, ...choices.split(' ').map((c) => el('option', { value: c, selected: c === value, text: c })))
      : el('input', box ? { ...attrs, type: 'checkbox', checked: value === '1' } : { ...attrs, type: 'text', value });
    return el('p', {}, el('label', { for: id, text: label + ' ' }), input, ' ', el('span', { id: messageId, class: 'message', text: lock }));
  }

  /** A lab's figures as a two-column table: every number, word and flag of its JSON's top level. */
  function figures(caption, o) {
    const rows = Object.entries(o || {}).filter(([, v]) => v !== null && v !== '' && typeof v !== 'object');
    return el('table', {}, el('caption', { text: caption }), el('tbody', {}, ...rows.map(([k, v]) =>
      el('tr', {}, el('th', { scope: 'row', text: words(k) }), el('td', { text: typeof v === 'number' ? String(Number(v.toPrecision(6))) : String(v) })))));
  }

  const DEPTHS = ['', 'basics', 'solid', 'deeper'];
  function tourPart() {
    const t = extra.tour, go = (depth, step) => M()._el_tour(depth, step);
    const out = [el('h3', { text: 'Guided tour' })];
    if (!t.steps) {
      out.push(el('p', {}, ...DEPTHS.slice(1).map((d, i) => button(`Start the ${d} tour`, () => go(i + 1, 0), 'tv-tour-' + d)), ' ',
                  t.resume[0] ? button('Resume the tour', () => go(t.resume[0], t.resume[1]), 'tv-tour-resume') : null));
      return out;
    }
    const d = DEPTHS.indexOf(t.depth), last = t.step === t.steps - 1;
    out.push(el('p', { id: 'tv-tour-depth', text: `The ${t.depth} tour, step ${t.step + 1} of ${t.steps}` }),
      el('h4', { id: 'tv-tour-title', text: t.title }), ...t.text.split(/\n+/).map((x) => el('p', { text: x })),
      el('p', {}, button('Back', () => go(d, t.step - 1), 'tv-tour-back', t.step === 0), ' ',
        button(last ? 'Finish' : 'Next', () => go(last ? 0 : d, last ? 1 : t.step + 1), 'tv-tour-next'), ' ',
        button('Leave the tour', () => go(0, 0), 'tv-tour-leave')));
    return out;
  }

  // The self-check and the question cards: an answer is graded by the app, shown and announced.
  function reply(claim, card, text) {
    const r = withString(text, (p) => JSON.parse(M().UTF8ToString(M()._el_answer(claim, card, p))));
    render();
    const c = card >= 0 ? extra.cards[card] : { result: extra.claims[claim][1] === 0 ? 1 : 0 };
    say(!r.ok ? r.error : c.result ? 'Right.' : 'Not quite: try again' + (card >= 0 ? ', or show the answer.' : '.'));
  }
  function checkPart() {
    const out = [el('h3', { text: 'Check yourself' })];
    for (const [q, a] of extra.followUps) out.push(el('details', {}, el('summary', { text: q }), el('p', { text: a })));
    out.push(el('p', { text: 'Each claim below is common. True or false?' }));
    const trueFalse = (claim, card, id) => ['True', 'False'].map((b) => button(b, () => reply(claim, card, b.toLowerCase()), `${id}-${b.toLowerCase()}`));
    extra.claims.forEach(([claim, said, why], i) => out.push(el('p', {}, `"${claim}" `, ...trueFalse(i, -1, 'tv-claim-' + i),
      said >= 0 ? ` ${said ? 'Not quite.' : 'Right.'} ${why}` : '')));
    extra.cards.forEach((c, i) => {
      const id = 'tv-card-' + i;
      out.push(el('h4', { text: `Question ${i + 1} of ${extra.cards.length}` }), el('p', { text: c.prompt }),
        el('p', {}, ...(c.kind === 'claim' ? trueFalse(-1, i, id) : [el('label', { for: id, text: `Your ${c.kind}, separated by commas ` }),
          el('input', { id, type: 'text', 'aria-describedby': id + '-message', 'aria-invalid': c.error ? 'true' : null }), ' ',
          button('Check', () => reply(-1, i, document.getElementById(id).value), id + '-check')])),
        el('p', { id: id + '-message', class: 'message', text: c.error }),
        c.result >= 0 ? el('p', { id: id + '-result', text: (c.result ? 'Right. ' : 'Not quite: try again. ') + c.answer }) : null);
    });
    return out;
  }

  // The training lab, the frequency experiment and the cost benchmark: settings, buttons, figures.
  // A run goes on across frames: the view is redrawn while one runs, and its end is announced.
  let runs = {}, redraw = 0;
  function labsPart() {
    const f = lab.frequency(), c = lab.benchmarkStatus(), w = lab.walkStatus();
    const running = { 'frequency experiment': f.running, 'cost benchmark': c.running, walk: w.running };
    for (const [name, on] of Object.entries(running)) if (runs[name] && !on) say(`The ${name} finished.`);
    runs = running;
    clearTimeout(redraw);
    if (Object.values(running).some(Boolean)) redraw = setTimeout(render, 500);
    return [
      el('h3', { text: 'Training lab' }), setting('opt', 'Optimizer', 'sgd adam adamw lazysgd lazyadam'), setting('lr', 'Learning rate'),
      setting('mom', 'Momentum'), setting('wd', 'Weight decay'), setting('loss', 'Loss', 'upstream mse'),
      el('p', {}, button('Step', () => { lab.step(1); render(); }, 'tv-step'), ' ', button('Reset training', () => { lab.resetTraining(); render(); }, 'tv-reset')),
      figures('Training: the last step', lab.training()),
      el('h3', { text: 'Frequency experiment' }), ...[['zipf', 'Zipf exponent s'], ['fV', 'Its V'], ['fsteps', 'Its steps'], ['fseed', 'Its seed'],
        ['ffreqscale', 'scale_grad_by_freq', ''], ['flazy', 'Lazy Adam', ''], ['fwd', 'Weight decay (AdamW)', '']]
        .map(([key, label, choices]) => setting(key, label, choices, f.running && '(held while the experiment runs)')),
      el('p', {}, button('Run', () => { lab.startFrequency(); render(); }, 'tv-frequency-run'), ' ', button('Cancel', () => lab.cancelFrequency(), 'tv-frequency-cancel')),
      figures('Frequency experiment', f),
      el('h3', { text: 'Cost at scale' }), setting('costV', 'Benchmark V'), setting('costd', 'Benchmark d'), setting('costB', 'Benchmark B'), setting('reps', 'Repeats'),
      el('p', {}, button('Run the benchmark', () => { lab.benchmark().catch((e) => say(e.message)); render(); }, 'tv-cost-run')),
      figures('The benchmark (times in ms, the median of the repeats)', { running: c.running, progress: c.progress, activity: c.activity, error: c.error,
        ...c.figures, ...Object.fromEntries(Object.values(c.figures?.routes || {}).map((r) => [r.name, r.medianMs])) }),
    ];
  }

  const root = el('section', { id: 'text-view', class: 'visually-hidden', 'aria-labelledby': 'tv-title' });
  let goToRow = -1;

  function cellChanged(r, c, upstream) {
    return (event) => {
      const result = (upstream ? lab.setUpstreamCell : lab.setCell)(r, c, event.target.value);
      if (!result.ok) refuse(event.target, upstream ? 'tv-g-message' : 'tv-table-message', result.error);  // else the commit re-renders
    };
  }

  function render() {
    const s = state();
    const V = s.V, d = s.d, B = s.ids.length;
    const big = V * d > FULL_TABLE_CELLS;
    const touched = new Set(s.touchedRows);
    const focusedId = root.contains(document.activeElement) ? document.activeElement.id : null;
    // Text typed into a field and not taken (refused, or not yet sent) survives the redraw while
    // the value it was typed over is still the one shown: nothing the learner typed is lost.
    const typed = [...root.querySelectorAll('input[type=text]')].filter((f) => f.id && f.value !== f.defaultValue)
      .map((f) => [f.id, f.defaultValue, f.value, f.getAttribute('aria-invalid')]);
    extra = JSON.parse(M().UTF8ToString(M()._el_text_view_json()));
    const hidden = new Set(s.teach.hide.split(',')), lockOf = (key) => extra.fields[key][1];
    const parts = [];

    parts.push(el('h2', { id: 'tv-title', text: 'Embedding Lab, as text' }),
               el('p', { text: 'The same lesson as the canvas: edit a value and press Enter; every result below ' +
                               'follows, and so does the canvas.' }),
               el('button', { type: 'button', id: 'tv-toggle', text: s.view === 'text' ? 'Back to the canvas' : 'Show this text view',
                              onclick: () => {
                                if (s.view !== 'text') { lab.setView('text'); return; }
                                lab.setView('canvas');
                                document.getElementById('canvas').focus();  // back where the view was left
                              } }));
    if (s.teach.lock || s.teach.hide)
      parts.push(el('p', { id: 'tv-locks', text: (s.teach.lock ? `Locked by the teacher: ${s.teach.lock} (read-only here). ` : '') +
        (s.teach.hide ? `Hidden by the teacher: ${s.teach.hide}.` : '') }));
    parts.push(...tourPart());

    // Table W, its size and the ids.
    const sizeLock = lockOf('V');
    const size = hidden.has('resize') ? null : el('p', {},
      el('label', { for: 'tv-V', text: 'V, rows of W (ids) ' }), el('input', { id: 'tv-V', type: 'number', min: 1, value: V, readonly: !!sizeLock }), ' ',
      el('label', { for: 'tv-d', text: 'd, columns of W ' }), el('input', { id: 'tv-d', type: 'number', min: 1, value: d, readonly: !!sizeLock }), ' ',
      el('button', { type: 'button', id: 'tv-resize', text: 'Resize', onclick: () => {
        const r = lab.setSize(Number(document.getElementById('tv-V').value), Number(document.getElementById('tv-d').value));
        if (!r.ok) document.getElementById('tv-size-message').textContent = r.error;
      }, disabled: !!sizeLock }));
    let rows = Array.from({ length: V }, (_, r) => r);
    if (big) rows = [...new Set([...s.ids, ...s.touchedRows, ...(goToRow >= 0 && goToRow < V ? [goToRow] : [])])].sort((a, b) => a - b);
    const wRows = rows.map((r) => ({ index: r, label: `id ${r}`, values: rowOf(s, 'table', r), mark: touched.has(r) }));
    parts.push(el('h3', { text: 'Table W' }), size, msg('tv-size-message', s.errors.size),
      table(`Table W: ${V} rows (one per id) by ${d} columns` + (big ? `, showing ${rows.length} rows: the looked-up and touched ones` : ''),
            'column', d, wRows, (r, c) => ({ id: `tv-w-${r}-${c}`, label: `W row ${r}, column ${c}`, onchange: cellChanged(r, c, 0), locked: !!lockOf('cells') })),
      msg('tv-table-message', s.errors.table || lockOf('cells')));
    if (!hidden.has('fill'))
      parts.push(el('p', {}, 'Fill W: ', ...['example', 'normal', 'uniform', 'zeros'].map((name) => button(name, () => {
        const r = lab.setField('init', name);
        if (!r.ok) document.getElementById('tv-table-message').textContent = r.error;
      }, 'tv-fill-' + name, !!lockOf('init')))), setting('seed', 'Seed of the normal and uniform fills'));
    if (!hidden.has('options'))
      parts.push(el('h3', { text: 'Lookup options (PyTorch)' }), setting('pad', 'padding_idx (a row, or none)'),
                 setting('maxnorm', 'max_norm (a number, or off)'), setting('normtype', 'norm_type'),
                 setting('freqscale', 'scale_grad_by_freq', ''), setting('sparse', 'sparse', ''));
    if (big) {
      parts.push(el('p', {}, el('label', { for: 'tv-goto', text: `Show row (0 to ${V - 1}) ` }),
        el('input', { id: 'tv-goto', type: 'number', min: 0, max: V - 1, value: goToRow >= 0 ? goToRow : '',
                      onchange: (e) => { goToRow = Number(e.target.value); render(); } })));
    }
    const ids = el('input', { id: 'tv-ids', type: 'text', value: s.ids.join(', '), 'aria-describedby': 'tv-ids-message',
                              'aria-invalid': s.errors.ids ? 'true' : null, readonly: !!lockOf('ids'),
                              onchange: (e) => { const r = lab.setIds(e.target.value); if (!r.ok) render(); } });
    parts.push(el('h3', { text: 'Ids' }), el('p', {}, el('label', { for: 'tv-ids', text: `Ids, the batch (B = ${B}), separated by commas ` }), ids),
               msg('tv-ids-message', s.errors.ids || lockOf('ids')));
    if (!hidden.has('bag')) parts.push(setting('bag', 'EmbeddingBag mode', 'none sum mean max'), s.bag.mode !== 'none' ? setting('offsets', 'Offsets, where each bag starts') : null);

    // Forward: the gather, the one-hot rows, the matmul and whether they agree.
    const posRows = (name) => s.ids.map((id, b) => ({ index: b, label: `b ${b} (id ${id})`, values: rowOf(s, name, b) }));
    parts.push(el('h3', { text: 'Forward: two routes to the same numbers' }));
    if (s.errors.result) parts.push(el('p', { text: s.errors.result }));
    if (s.matrices.gather[1] === B && B > 0) {
      parts.push(table('Gather: out[b] = W[ids[b]]', 'column', d, posRows('gather')));
      if (B * V <= FULL_TABLE_CELLS) {
        const oneHot = s.ids.map((id, b) => ({ index: b, label: `b ${b} (id ${id})`, values: Array.from({ length: V }, (_, k) => (k === id ? 1 : 0)) }));
        parts.push(table('One-hot rows: onehot(ids), a 1 at column ids[b]', 'id', V, oneHot));
      } else {
        parts.push(el('p', { text: `The one-hot matrix is B x V = ${B} x ${V} numbers with a single 1 per row, at column ids[b]; too large to list.` }));
      }
      parts.push(table('One-hot matmul: onehot(ids) @ W', 'column', d, posRows('matmul')),
        el('p', { id: 'tv-agreement', text: s.equal ? 'The gather and the one-hot matmul agree: identical, number for number.'
          : `The gather and the one-hot matmul differ in ${s.differingOutputs.length} outputs: the table has a non-finite value, and 0 * inf is nan.` }));
    }

    // The picture (the canvas's one-hot product drawn as grids), said in words.
    if (B > 0 && s.matrices.gather[1] === B) {
      const shown = Math.min(B, 32);
      const links = el('ul', { id: 'tv-picture-links' });
      for (let b = 0; b < shown; b++) {
        const id = s.ids[b];
        links.append(el('li', { text: `position ${b}: the 1 of one-hot row ${b} sits in column ${id}, which lines up with row ${id} of W; row ${b} of out is row ${id} of W` }));
      }
      const count = (x) => x.toLocaleString('en-US');
      parts.push(el('h3', { text: 'The picture, in words' }),
        el('p', { id: 'tv-picture', text: `The canvas draws onehot(ids) (B x V = ${B} x ${V}) @ W (V x d = ${V} x ${d}) = out (B x d = ${B} x ${d}) ` +
          'as three aligned grids, with a band from each lit 1 through its row of W to its row of out, and the gather beside it: ' +
          `each id goes straight to its row. The matmul route does ${count(B * V * d)} multiply-adds, ${count(B * (V - 1) * d)} of them ` +
          `against zero; the gather copies ${count(B * d)} numbers. Walking one output out[b][c] by the matmul route takes V = ${count(V)} ` +
          `terms, ${count(V - 1)} of them multiplied by zero; the gather takes one step, to W[ids[b]][c]. Backward, onehot^T @ G = dW: ` +
          'each row g_b of G goes to row ids[b] of dW, and rows no position looks up stay exactly zero.' }),
        links);
      if (B > shown) parts.push(el('p', { text: `... and ${B - shown} more positions.` }));
      const h = s.highlight, w = lab.walkStatus();
      parts.push(el('p', { id: 'tv-highlight', text: h ? `Highlighted: id ${h.id}, looked up at positions ${h.positions.join(', ') || 'none'}.`
        : 'Nothing is highlighted.' }),
        el('p', { id: 'tv-walk', text: w.active ? `The walk of out[${w.b}][${w.c}]: ${w.terms} of ${w.V} terms, ${w.zeroTerms} times zero, ` +
          `sum ${fmt(w.value)}; the gather's one step gives W[${w.id}][${w.c}] = ${fmt(w.gatherValue)}` + (w.done ? '. Done.' : '.') : 'No walk is running.' }));
    }

    // Backward: G, dW with its touched rows, and the sums for repeated ids.
    parts.push(el('h3', { text: 'Backward: the table\'s gradient' }));
    if (s.matrices.upstream[1] === B && B > 0) {
      const gRows = posRows('upstream').slice(0, Math.max(1, Math.floor(FULL_TABLE_CELLS / d)));
      parts.push(table('Upstream gradient G: g_b = dL/dout[b]' + (gRows.length < B ? `, the first ${gRows.length} of ${B} positions` : ''), 'column', d, gRows,
                       (b, c) => ({ id: `tv-g-${b}-${c}`, label: `G row ${b}, column ${c}`, onchange: cellChanged(b, c, 1), locked: !!lockOf('g') })),
                 msg('tv-g-message', s.errors.upstream || lockOf('g')));
      if (!hidden.has('gfill'))
        parts.push(el('p', {}, 'Fill G: ', ...[['canonical', '[0.01, -0.02, 0.03]'], ['ones', 'ones'], ['random', 'random'], ['mse', 'MSE to 0']].map(([name, text]) =>
          button(text, () => { const r = lab.fillUpstream(name); if (!r.ok) document.getElementById('tv-g-message').textContent = r.error; }, 'tv-gfill-' + name, !!lockOf('g')))));
    }
    if (s.teach.gradientCovered) {
      parts.push(el('p', { id: 'tv-dw-covered', text: 'dW is covered until you answer the question card about it (or show its answer): predict it first.' }));
    } else if (s.matrices.gradTable[1] === V) {
      const gRows = (big ? s.touchedRows : rows).map((r) => ({ index: r, label: `id ${r}` + (touched.has(r) ? ' (touched)' : ''),
                                                             values: rowOf(s, 'gradTable', r), mark: touched.has(r) }));
      parts.push(table('dW = onehot^T @ G' + (big ? ': the touched rows (every other row is exactly zero)' : ''), 'column', d, gRows),
        el('p', { id: 'tv-touched', text: `Rows touched: ${s.touchedRows.join(', ') || 'none'}; every other row of dW is exactly zero.` }));
      const uses = new Map();
      s.ids.forEach((id, b) => uses.set(id, [...(uses.get(id) || []), b]));
      for (const [id, bs] of uses) {
        if (bs.length > 1) parts.push(el('p', { text: `Id ${id} is used ${bs.length} times, so its row adds them up: row ${id} of dW = ${bs.map((b) => `g_${b}`).join(' + ')}.` }));
      }
    }

    parts.push(...labsPart(), ...checkPart());

    // The share link of this state, to select or copy without a pointer.
    const url = location.href.split('#')[0] + '#' + s.link;
    const copy = () => {
      const field = document.getElementById('tv-share-link');
      const fail = () => { field.focus(); field.select(); say('The browser did not allow copying: the link is selected, copy it with Ctrl+C.'); };
      if (!navigator.clipboard || !navigator.clipboard.writeText) return fail();
      navigator.clipboard.writeText(field.value).then(() => say('Link copied.'), fail);
    };
    parts.push(el('h3', { text: 'Share this state' }),
      el('p', {}, el('label', { for: 'tv-share-link', text: 'Link ' }), el('input', { id: 'tv-share-link', type: 'text', readonly: true, value: url }),
        ' ', button('Copy link', copy, 'tv-share-copy')));

    // Presets: each is a link.
    const list = el('ul');
    for (const p of lab.presets()) list.append(el('li', {}, el('a', { href: '#' + p.link, text: p.title })));
    parts.push(el('h3', { text: 'Presets' }), list);

    root.replaceChildren(...parts.filter(Boolean));
    for (const [id, was, value, invalid] of typed) {
      const f = document.getElementById(id);
      if (!f || f.defaultValue !== was) continue;
      f.value = value;
      if (invalid) f.setAttribute('aria-invalid', invalid);
    }
    if (focusedId) document.getElementById(focusedId)?.focus();
  }

  window.embeddingLabTextView = {
    update(shown) {
      root.className = shown ? 'shown' : 'visually-hidden';
      render();
    },
  };
  document.getElementById('app').after(root);
})();
