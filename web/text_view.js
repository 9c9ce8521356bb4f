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
  Object.assign(lab, {
    /** W[r][c] = text, as typed into the canvas's cell: {ok, error}. */
    setCell(r, c, text) { return withString(String(text), (p) => answer(window.Module._el_set_cell(r | 0, c | 0, p))); },
    /** The batch as typed into the ids field ("1, 1, 2"): {ok, error}. */
    setIds(text) { return withString(String(text), (p) => answer(window.Module._el_set_ids(p))); },
    /** New V and d, as the Resize button: {ok, error}. */
    setSize(V, d) { return answer(window.Module._el_set_size(V | 0, d | 0)); },
    /** 'canvas' or 'text': which view is on screen. */
    setView(view) { window.Module._el_set_view(view === 'text' ? 1 : 0); },
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
                                             value: fmt(v), onchange: e.onchange })));
      });
      body.append(tr);
    }
    return el('table', {}, el('caption', { text: caption }), el('thead', {}, head), body);
  }

  const root = el('section', { id: 'text-view', class: 'visually-hidden', 'aria-labelledby': 'tv-title' });
  let goToRow = -1;

  function cellChanged(r, c) {
    return (event) => {
      const input = event.target;
      const result = lab.setCell(r, c, input.value);
      if (result.ok) return;  // the commit re-renders the view
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'tv-table-message');
      document.getElementById('tv-table-message').textContent = result.error;
    };
  }

  function render() {
    const s = state();
    const V = s.V, d = s.d, B = s.ids.length;
    const big = V * d > FULL_TABLE_CELLS;
    const touched = new Set(s.touchedRows);
    const focusedId = root.contains(document.activeElement) ? document.activeElement.id : null;
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

    // Table W, its size and the ids.
    const size = el('p', {},
      el('label', { for: 'tv-V', text: 'V, rows of W (ids) ' }), el('input', { id: 'tv-V', type: 'number', min: 1, value: V }), ' ',
      el('label', { for: 'tv-d', text: 'd, columns of W ' }), el('input', { id: 'tv-d', type: 'number', min: 1, value: d }), ' ',
      el('button', { type: 'button', id: 'tv-resize', text: 'Resize', onclick: () => {
        const r = lab.setSize(Number(document.getElementById('tv-V').value), Number(document.getElementById('tv-d').value));
        if (!r.ok) document.getElementById('tv-size-message').textContent = r.error;
      } }));
    let rows = Array.from({ length: V }, (_, r) => r);
    if (big) rows = [...new Set([...s.ids, ...s.touchedRows, ...(goToRow >= 0 && goToRow < V ? [goToRow] : [])])].sort((a, b) => a - b);
    const wRows = rows.map((r) => ({ index: r, label: `id ${r}`, values: rowOf(s, 'table', r), mark: touched.has(r) }));
    parts.push(el('h3', { text: 'Table W' }), size, msg('tv-size-message', s.errors.size),
      table(`Table W: ${V} rows (one per id) by ${d} columns` + (big ? `, showing ${rows.length} rows: the looked-up and touched ones` : ''),
            'column', d, wRows, (r, c) => ({ id: `tv-w-${r}-${c}`, label: `W row ${r}, column ${c}`, onchange: cellChanged(r, c) })),
      msg('tv-table-message', s.errors.table));
    if (big) {
      parts.push(el('p', {}, el('label', { for: 'tv-goto', text: `Show row (0 to ${V - 1}) ` }),
        el('input', { id: 'tv-goto', type: 'number', min: 0, max: V - 1, value: goToRow >= 0 ? goToRow : '',
                      onchange: (e) => { goToRow = Number(e.target.value); render(); } })));
    }
    const ids = el('input', { id: 'tv-ids', type: 'text', value: s.ids.join(', '), 'aria-describedby': 'tv-ids-message',
                              'aria-invalid': s.errors.ids ? 'true' : null,
                              onchange: (e) => { const r = lab.setIds(e.target.value); if (!r.ok) render(); } });
    parts.push(el('h3', { text: 'Ids' }), el('p', {}, el('label', { for: 'tv-ids', text: `Ids, the batch (B = ${B}), separated by commas ` }), ids),
               msg('tv-ids-message', s.errors.ids));

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
    }

    // Backward: G, dW with its touched rows, and the sums for repeated ids.
    parts.push(el('h3', { text: 'Backward: the table\'s gradient' }));
    if (s.matrices.upstream[1] === B && B > 0)
      parts.push(table('Upstream gradient G: g_b = dL/dout[b]', 'column', d, posRows('upstream')));
    if (s.matrices.gradTable[1] === V) {
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

    // Presets: each is a link.
    const list = el('ul');
    for (const p of lab.presets()) list.append(el('li', {}, el('a', { href: '#' + p.link, text: p.title })));
    parts.push(el('h3', { text: 'Presets' }), list);

    root.replaceChildren(...parts);
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
