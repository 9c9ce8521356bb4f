// The text view: the lesson as plain HTML beside the canvas (a "parallel DOM", as PhET's
// simulations have), for screen readers, keyboards, find, zoom and print. It is built from
// the app's state after every commit (src/app/ui.cpp AfterFrame calls update), and its edits
// go through the same commit path as the canvas's (embeddingLab.setCell / setIds / setSize).
// Visually hidden until "Text view" (or view=text in a link); shown while it holds the focus.
'use strict';
(function () {
  const lab = window.embeddingLab;
  const FULL_TABLE_CELLS = 400;  // larger tables show the looked-up and touched rows, and a way to any row

  // --- The page's words (MSG_JS in src/i18n/en/dom.def), in its language -------------------
  // Re-read on every update: the language may have changed with the commit that calls it.
  let words = {}, decimal = '.', lang = 'en';
  function readWords() {
    const w = lab.words();
    words = w.words, decimal = w.decimal, lang = w.lang;
  }
  const t = (name) => (name in words ? words[name] : name);
  /** A catalog text with its printf placeholders (%d, %s, %.3f ...) filled in order; %% is a percent sign. */
  const fill = (text, ...values) => {
    let i = 0;
    return text.replace(/%(%|[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z)?[a-zA-Z])/g, (m) => (m === '%%' ? '%' : String(values[i++])));
  };
  const tf = (name, ...values) => fill(t(name), ...values);
  // A number printed with a point, as the page's language shows it (0,5 in German).
  const shown = (text) => (decimal === '.' ? String(text) : String(text).replace(/\./g, decimal));

  // --- Setters: the JavaScript API's edits, one commit each -----------------------------
  const { withString, whole } = window.embeddingLabHost;  // glue.js's
  // A cell's row and column: whole numbers (a refusal names the first that is not).
  const notCell = (r, c) => (whole(r) && whole(c) ? null : { ok: false, error: `${JSON.stringify(whole(r) ? c : r)} is not a row or column number` });
  const M = () => window.Module;
  const answer = (ptr) => JSON.parse(M().UTF8ToString(ptr));
  const byId = (id) => document.getElementById(id);
  Object.assign(lab, {
    /** W[r][c] = text, as typed into the canvas's cell: {ok, error}. */
    setCell(r, c, text) { return notCell(r, c) || withString(String(text), (p) => answer(M()._el_set_cell(0, r, c, p))); },
    /** G[b][c] = text, as typed into the canvas's upstream cell: {ok, error}. */
    setUpstreamCell(b, c, text) { return notCell(b, c) || withString(String(text), (p) => answer(M()._el_set_cell(1, b, c, p))); },
    /** The batch as typed into the ids field ("1, 1, 2"): {ok, error}, and {notice} when an empty entry ("1,,2") was left out. */
    setIds(text) { return withString(String(text), (p) => answer(M()._el_set_ids(p))); },
    /** New V and d (numbers or text, read as the canvas's fields read them), as the Resize button: {ok, error}.
     *  With checkOnly, only whether each is a size (its field's message), nothing resized. */
    setSize(V, d, checkOnly) { return withString(String(V), (v) => withString(String(d), (p) => answer(M()._el_set_size(v, p, checkOnly ? 1 : 0)))); },
    /** One setting by its link key ('pad', 'maxnorm', 'lr', 'init' = a fill, ...), read as a link reads it: {ok, error}. */
    setField(key, text) { return withString(String(key), (k) => withString(String(text), (p) => answer(M()._el_set_field(k, p)))); },
    /** G's fill buttons: 'canonical', 'ones', 'random' or 'mse': {ok, error}. */
    fillUpstream(name) { return withString(String(name), (p) => answer(M()._el_fill_upstream(p))); },
    /** 'canvas' or 'text': which view is on screen. */
    setView(view) {
      if (view !== 'text' && view !== 'canvas') throw new TypeError(`setView: ${JSON.stringify(view)} is not 'canvas' or 'text'`);
      M()._el_set_view(view === 'text' ? 1 : 0);
    },
  });

  // --- Reading the state -----------------------------------------------------------------
  // The snapshot's JSON without copying whole matrices: a 100,000-row table is read row by row.
  function state() { return answer(M()._el_snapshot_json()); }
  function rowOf(s, name, r) {
    const [ptr, , cols] = s.matrices[name];
    return Array.from(M().HEAPF32.subarray(ptr / 4 + r * cols, ptr / 4 + (r + 1) * cols));
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
  const labelOf = {};  // a field's id -> its label's text (said of it once it is gone from the page)
  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    if (tag === 'label') labelOf[attrs.for] = attrs.text?.trim();
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = v;
      // Chromium sends a focused field's text as it stands ("0." of "0.25") when a redraw removes the
      // field, during the redraw or after it. Looked at once the redraw is done: not taken when that
      // text stayed in the field in its place (render keeps typed text, and Enter sends it from
      // there); taken when the redraw dropped it (the value it was typed over had changed).
      // Not when a link from outside (Back, a course page, a preset) brought that redraw: the link wins,
      // and the text typed is said to be left (it was put over the new state, without a word).
      else if (k === 'onchange') {
        const send = taking(e, (ev) => e.change(ev)), opened = window.embeddingLabHost.linksOpened;
        e.change = v;  // (a drop-down kept through a redraw takes the new one: render)
        e.addEventListener('change', (ev) => (replacing || !e.isConnected
          ? setTimeout(() => byId(e.id)?.value === e.value ||
              (window.embeddingLabHost.linksOpened === opened ? send(ev) : say(tf('dom_typed_left', labelOf[e.id] || e.getAttribute('aria-label') || e.id, e.value))))
          : send(ev)));
      }
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), k === 'onkeydown' ? taking(e, v) : v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }
  // A field's change, or Enter in it (V, d, the random batch's fields, Step x n: their keys do nothing
  // else), handled: text the app took (the link changed) is marked on the field (`taken`) while that
  // field is the one on the page (the handler did not draw the view again). Until the commit's redraw
  // comes, the field was drawn over the old value: text typed over the taken one is kept by that
  // redraw (render). Other keys are not looked at (the link is 3.5 ms to write at V = 100,000).
  const taking = (e, handler) => (ev) => {
    if (ev.type === 'keydown' && ev.key !== 'Enter') return handler(ev);
    const f = byId(e.id) || e, link = lab.getLink();
    handler(ev);
    if (f.isConnected && lab.getLink() !== link) f.taken = e.value;
  };
  // A message is read out (the page's live line, #live) when it is new: one written into a message
  // already on the page (a refused edit), or a new one a redraw brings; a standing one the next
  // redraw puts back is not read out again after every unrelated edit. Nothing is read out from
  // the first drawing (a teacher's locks, say): the learner has done nothing yet.
  const announced = {};  // message id -> its text when last read out
  let drawnOnce = false;
  let shownStep = '';  // the tour step the view last showed, "depth:step"
  // What had the keyboard when the page reloaded for the deeper tier (glue.js): a control of this view
  // gets it back ('canvas' has it already); the tour step the reload led to is read out, as without it.
  let reloadFocus = '';
  try { const f = sessionStorage.getItem('el-focus'); if (f && !(f > 0)) reloadFocus = f, sessionStorage.removeItem('el-focus'); } catch (e) { /* no storage */ }
  function announce(id, text) {
    if (drawnOnce && text && announced[id] !== text) say(text);
    // Gone (the value taken after all) while the live line still says it: back to the result.
    if (!text && announced[id] && byId('live').textContent === announced[id]) say('');
    announced[id] = text || '';
  }
  function msg(id, text) {
    announce(id, text);
    return el('p', { id, class: 'message', text: text || '' });
  }
  function showMessage(messageId, text, said = text) {  // into a message already on the page, read out
    const m = byId(messageId);
    if (m) m.textContent = text;  // (gone with its panel: read out only)
    announce(messageId, said);
  }

  /**
   * A table with a caption, column headers (a word with %d for the column, or a function of it) and
   * one header per row. rows: [{label, values, mark}];
   * edit(r, c) gives an editable cell's {id, label, onchange, locked, message (its message's id), error (the
   * grid's message: the cell is invalid when it names it, and described by it unless it names another cell)}.
   */
  function table(caption, colLabel, cols, rows, edit) {
    const head = el('tr', {}, el('th', { scope: 'col', text: '' }));
    for (let c = 0; c < cols; c++) head.append(el('th', { scope: 'col', text: colLabel.call ? colLabel(c) : tf(colLabel, c) }));
    const body = el('tbody');
    for (const row of rows) {
      const tr = el('tr', { class: row.mark ? 'touched' : null }, el('th', { scope: 'row', text: row.label }));
      row.values.forEach((v, c) => {
        if (!edit) { tr.append(el('td', { text: shown(fmt(v)) })); return; }
        const e = edit(row.index, c), refused = refusedHere(e.error, row.index, c);
        tr.append(el('td', {}, el('input', { id: e.id, type: 'text', 'aria-label': e.label,  // the text keyboard: iOS's decimal pad has no '-'
                                             'aria-describedby': refused || !aboutACell(e.error) || refusals.has(e.id) ? e.message : null, 'aria-invalid': refused && 'true',
                                             value: shown(fmt(v)), onchange: e.onchange, readonly: e.locked })));
      });
      body.append(tr);
    }
    return scroller(caption, el('thead', {}, head), body);
  }
  // A table in a box of its own that scrolls sideways (WCAG 1.4.10 reflow): a wide one never
  // makes the whole view pan on a phone. The box is a named region a keyboard can reach and scroll;
  // its caption stays in view above it (style.css: sticky, at most the view's width). While the view
  // is visually hidden the box does not scroll: an embed's folded view has its boxes out of the Tab
  // order, and a scroller no keyboard reaches is what WCAG 2.1.1 (axe: scrollable-region-focusable) forbids.
  const scroller = (caption, ...parts) => el('div', { class: 'tv-scroll', role: 'region', 'aria-label': caption, tabindex: 0 },
    el('table', {}, el('caption', { text: caption }), ...parts));


  // --- The settings, the tour, the self-check and the labs (el_text_view_json) ----------------
  let extra = null;  // {fields: {key: [value, lock]}, tour, claims, followUps, cards, experiments, deeper, teach, share, shareNote}
  const say = (text) => window.embeddingLabHost?.setLiveText(text);
  // Copies `text` and says `said`; where the browser refuses, the text is selected in its field (by
  // id) for Ctrl+C. The write starts before any redraw, while the button clicked is still there.
  function copyText(text, fieldId, said) {
    const fail = () => { const field = byId(fieldId); field?.focus(); field?.select(); say(t('dom_copy_refused')); };
    if (!navigator.clipboard?.writeText) return fail();
    navigator.clipboard.writeText(text).then(() => say(said), fail);
  }
  const button = (text, onclick, id, disabled, labelledBy) => el('button', { type: 'button', id, text, onclick, disabled, 'aria-labelledby': labelledBy });
  // A figure's JSON key as a row heading: the catalog's words for it (dom_key_*), else the key in words
  // (camelCase split); a key that is words already (a route's name, "Scatter-Add-Backward") as it is.
  const keyWords = (key) => ('dom_key_' + key in words ? words['dom_key_' + key]
    : /^[a-z]\w*$/.test(key) ? key.replace(/([A-Z])/g, ' $1').toLowerCase() : key);

  /**
   * A refused edit: the control is marked invalid and described by the message. The refusal is kept
   * (field id -> its message) while the refused text stays in the field, so that every redraw marks
   * it again with its own message: a field is never invalid without its reason (render's last step).
   */
  const refusals = new Map();
  function refuse(input, messageId, error, said) {
    refusals.set(input.id, error);
    input = byId(input.id) || input;  // a removed field's text, taken after the redraw: the field in its place
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', messageId);
    showMessage(messageId, error, said);
  }
  // A field's new answer replaces the last: its mark goes first (refuse puts it back if need be).
  function unrefuse(input) {
    refusals.delete(input.id);
    input.removeAttribute('aria-invalid');
  }

  /**
   * A labelled native control for one link key, edited through setField (one commit). choices: a
   * select's values (the link's tokens), `names` what the canvas calls them (its words in the page's
   * language; by default the token); '' a checkbox (0/1). A locked setting is read-only, its reason
   * beside it: a teacher's lock, or a run going on that holds its settings as the canvas does (el_text_view_json).
   */
  function setting(key, label, choices, names = []) {
    const [linkValue, lock] = extra.fields[key];
    const number = choices === undefined && /^-?[0-9.]+(e[-+]?[0-9]+)?$/.test(linkValue);  // shown and typed as a number
    const value = number ? shown(linkValue) : linkValue;
    const id = 'tv-f-' + key, messageId = id + '-message', box = choices === '';
    const attrs = { id, 'aria-describedby': messageId, disabled: !!lock && choices !== undefined, readonly: !!lock,
                    onchange: (e) => {
                      // Read as the canvas's field reads it ("0,5", "50.000" in German; the message quotes it so).
                      const text = box ? (e.target.checked ? '1' : '0') : e.target.value;
                      const r = withString(key, (k) => withString(text, (p) => answer(M()._el_set_field(k, p, 1))));
                      // Beside its field, as the canvas says it: without the link's key ("mom: "); read
                      // out with the field's label (after a Tab the focus is on the next field already).
                      const why = r.error.replace(key + ': ', '');
                      if (!r.ok) refuse(e.target, messageId, why, label + ': ' + why);
                      // Taken with a word ("an empty entry ... was left out"): said, and shown beside the field.
                      else if (r.notice) showMessage(messageId, r.notice, label + ': ' + r.notice);
                    } };
    const input = choices ? el('select', attrs, ...choices.split(' ').map((c, i) => el('option', { value: c, selected: c === value, text: names[i] || c })))
      : el('input', box ? { ...attrs, type: 'checkbox', checked: value === '1' } : { ...attrs, type: 'text', value });
    return el('p', {}, el('label', { for: id, text: label + ' ' }), input, ' ', el('span', { id: messageId, class: 'message', text: lock }));
  }

  /** A lab's figures as a two-column table: every number, word and flag of its JSON's top level. */
  function figures(caption, o) {  // (a whole number exactly, as a count of bytes must be; others to 6 digits)
    const rows = Object.entries(o || {}).filter(([, v]) => v !== null && v !== '' && typeof v !== 'object');
    return scroller(caption, el('tbody', {}, ...rows.map(([k, v]) =>
      el('tr', {}, el('th', { scope: 'row', class: 'words', text: keyWords(k) }),
        el('td', { text: typeof v === 'number' ? shown(v % 1 ? Number(v.toPrecision(6)) : v) : typeof v === 'boolean' ? t(v ? 'dom_value_true' : 'dom_value_false') : String(v) })))));
  }

  const DEPTHS = ['', 'basics', 'solid', 'deeper'];
  // A tour control -> the one in its place once a tour has started (Next) or ended (the first start button).
  const TOOK_PLACE_OF = { 'tv-tour-next': 'tv-tour-basics', 'tv-tour-leave': 'tv-tour-basics' };
  for (const d of DEPTHS.slice(1).concat('resume')) TOOK_PLACE_OF['tv-tour-' + d] = 'tv-tour-next';
  function tourPart() {
    const tour = extra.tour, go = (depth, step) => M()._el_tour(depth, step);
    const out = [el('h3', { text: t('dom_tour_heading') })];
    if (!tour.steps) {
      out.push(el('p', {}, ...DEPTHS.slice(1).map((d, i) => button(t('dom_tour_start_' + d), () => go(i + 1, 0), 'tv-tour-' + d)), ' ',
                  tour.resume[0] ? button(t('dom_tour_resume'), () => go(tour.resume[0], tour.resume[1]), 'tv-tour-resume') : null));
      if (tour.finished) out.push(el('p', { text: tour.finished }));
      return out;
    }
    const d = DEPTHS.indexOf(tour.depth), last = tour.step === tour.steps - 1;
    out.push(el('p', { id: 'tv-tour-depth', text: tf('dom_tour_position_' + tour.depth, tour.step + 1, tour.steps) }),
      el('h4', { id: 'tv-tour-title', text: tour.title }), ...tour.text.split(/\n+/).map((x) => el('p', { text: x })),
      el('p', {}, button(t('dom_back'), () => go(d, tour.step - 1), 'tv-tour-back', tour.step === 0), ' ',
        button(t(last ? 'dom_finish' : 'dom_next'), () => go(last ? 0 : d, last ? 1 : tour.step + 1), 'tv-tour-next'), ' ',
        button(t('dom_tour_leave'), () => go(0, 0), 'tv-tour-leave')));
    return out;
  }

  // The self-check and the question cards: an answer is graded by the app, shown and announced (a
  // card's verdict by the app, first on its next line: the answer may uncover dW, which changes the line).
  function reply(claim, card, text) {
    const r = withString(text, (p) => answer(M()._el_answer(claim, card, p)));
    render();
    if (!r.ok) say(r.error);
    else if (card < 0) say(t(extra.claims[claim][1] === 0 ? 'dom_right' : 'dom_try_again'));
  }
  const answersOpen = new Set();  // follow-up answers the learner opened
  // showCheck: the canvas draws its "Check yourself" panel (panels= has tour); the question cards
  // (quiz=) show whatever the panels, above them on the canvas.
  function checkPart(showCheck) {
    const out = [el('h3', { text: t('dom_check_heading') })];
    if (!showCheck && !extra.cards.length) return [];
    // An answer opened stays open through the redraws that follow every edit.
    if (showCheck) extra.followUps.forEach(([q, a], i) => out.push(el('details', {
      open: answersOpen.has(i) || null, ontoggle: (event) => answersOpen[event.target.open ? 'add' : 'delete'](i),
    }, el('summary', { text: q }), el('p', { text: a }))));
    // A claim's True and False (a card's Check) are named with the claim, so that a Tab user hears what they answer:
    // each button's name is its own word, then the claim's text (aria-labelledby: "True "...""), in
    // the page's language as both are.
    const trueFalse = (claim, card, id) => ['true', 'false'].map((b) => button(t('dom_' + b), () => reply(claim, card, b), `${id}-${b}`, false, `${id}-${b} ${id}-claim`));
    if (showCheck) {
      out.push(el('p', { text: t('dom_claims_intro') }));
      extra.claims.forEach(([claim, said, why], i) => out.push(el('p', {},
        el('span', { id: `tv-claim-${i}-claim`, text: tf('dom_claim_quoted', claim) }), ' ', ...trueFalse(i, -1, 'tv-claim-' + i),
        said >= 0 ? ` ${t(said ? 'dom_not_quite' : 'dom_right')} ${why}` : '')));
    }
    extra.cards.forEach((c, i) => {
      const id = 'tv-card-' + i;
      out.push(el('h4', { text: tf('dom_card_heading', i + 1, extra.cards.length) }), el('p', { id: id + '-claim', text: c.prompt }),
        // (a card that cannot be asked here has its message alone; Enter in a field checks it, as its button does)
        c.kind === 'none' ? null : el('p', {}, ...(c.kind === 'claim' ? trueFalse(-1, i, id) : [el('label', { for: id, text: t(c.kind === 'rows' ? 'dom_card_rows' : 'dom_card_numbers') + ' ' }),
          el('input', { id, type: 'text', 'aria-describedby': id + '-message', 'aria-invalid': c.error ? 'true' : null,
                        onkeydown: (e) => e.key === 'Enter' && reply(-1, i, e.target.value) }), ' ',
          button(t('dom_check'), () => reply(-1, i, byId(id).value), id + '-check', false, `${id}-check ${id}-claim`)])),  // "Check" and the question, as True / False
        el('p', { id: id + '-message', class: 'message', text: c.error }),
        // "Show answer", as on the canvas; the keyboard then goes to the answer (the app says it too).
        c.result >= 0 ? el('p', { id: id + '-result', tabindex: -1, text: t(c.result ? 'dom_right' : 'dom_try_again') + ' ' + c.answer },
          c.answer ? null : button(t('tour_show_answer'), () => { M()._el_show_answer(i); render(); }, id + '-show', false, `${id}-show ${id}-claim`)) : null);
      TOOK_PLACE_OF[id + '-show'] = id + '-result';
    });
    return out;
  }

  // The training lab, the frequency experiment and the cost benchmark: settings, buttons, figures.
  // "Step x n" (or Enter in n) with n as typed, checked by the app as the canvas's field is (and kept for it there).
  function stepTimes() {
    const input = byId('tv-step-n');
    unrefuse(input);
    const r = withString(input.value, (p) => answer(M()._el_step_times(p)));
    if (r.ok) render();
    else refuse(input, 'tv-step-message', r.error);
  }

  // A run goes on across frames: the view is redrawn while one runs, and its end is announced.
  let runs = {}, quiet = {}, redraw = 0, replacing = false;
  // The experiments' run is the learner's only when this view's Run started it: the canvas starts it
  // when its plot first comes into view, and its end read out then would cut off what the learner did
  // meanwhile (a Step refused by a lock, said on the live line, scrolled down to).
  let experimentsAsked = false;
  // Not while a field holds text being typed: a redraw replaces the field under the learner's
  // keys (its text and caret are put back, and the browser's change from the field gone is not
  // taken: el), and the focus would move to a new element every half second.
  function whenNotTyping() {
    const f = document.activeElement;
    if (f.type === 'text' && f.value !== f.defaultValue) redraw = setTimeout(whenNotTyping, 500);
    else render();
  }
  function labsPart(shows) {
    const f = lab.frequency({ arrays: false }), c = lab.benchmarkStatus(), w = lab.walkStatus(), b = lab.budget({ arrays: false });
    const running = { dom_frequency_finished: f.running, dom_cost_finished: c.running, dom_walk_finished: w.running, budget: b.running,
                      dom_experiments_finished: extra.experiments?.parts[0].state === 1 };
    const stopped = { dom_frequency_finished: !f.finished && !f.error, dom_cost_finished: c.cancelled };  // by Cancel
    for (const [name, on] of Object.entries(running)) {
      if (runs[name] && !on && !quiet[name]) say(name === 'budget' ? b.words.finished : stopped[name] ? t('dom_run_cancelled') : t(name));
      // Running when the view first drew, or experiments the canvas started: not the learner's run.
      quiet[name] = on && (quiet[name] || !drawnOnce || (name === 'dom_experiments_finished' && !experimentsAsked));
    }
    runs = running;
    clearTimeout(redraw);
    if (Object.values(running).some(Boolean)) redraw = setTimeout(whenNotTyping, 500);
    // The settings of a running experiment are held (read-only, the reason beside them), as the canvas
    // greys them out; the app redraws this view when one starts or ends, from here or the canvas.
    return [
      ...(!shows('training') ? [] : [el('h3', { text: t('dom_training_heading') }), setting('opt', t('dom_optimizer'), 'sgd adam adamw lazysgd lazyadam', ['SGD', 'Adam', 'AdamW', 'lazy SGD (momentum)', 'lazy Adam']), setting('lr', t('dom_lr')),
      // The optimizer's own settings, as the canvas shows them: SGD's momentum, Adam's betas (PyTorch's names).
      ...(/adam/.test(extra.fields.opt[0]) ? [['b1', 'beta1'], ['b2', 'beta2'], ['eps', 'eps']]
        : [['mom', t('dom_momentum')], ['damp', 'dampening'], ['nesterov', 'nesterov', '']]).map(([key, label, choices]) => setting(key, label, choices)),
      setting('wd', t('dom_weight_decay')), setting('loss', t('dom_loss'), 'upstream mse', [t('labs_loss_upstream'), t('labs_loss_mse')]),
      el('p', {}, button(t('dom_step'), () => { lab.step(1); render(); }, 'tv-step'), ' ', el('label', { for: 'tv-step-n', text: 'n ' }),
        el('input', { id: 'tv-step-n', type: 'text', inputmode: 'numeric', value: extra.stepN, 'aria-describedby': 'tv-step-message',
                      onkeydown: (e) => e.key === 'Enter' && stepTimes() }), ' ',
        button(t('dom_step_n'), stepTimes, 'tv-step-n-go'), ' ', button(t('dom_reset_training'), () => { lab.resetTraining(); render(); }, 'tv-reset')),
      msg('tv-step-message', ''),
      // (before the first step, and after Reset, no step, loss or counts: a loss of 0 there read as a result)
      figures(t('dom_training_figures'), (({ active, notice, error, ...last }) => ({ active, ...(active && last), notice, error }))(lab.training({ arrays: false }))), ...cellsTable(t('dom_training_rows'), M()._el_training_rows_json(), true)]),
      ...(!shows('frequency') ? [] : [el('h3', { id: 'tv-frequency-heading', text: t('dom_frequency_heading') }), ...[['zipf', t('dom_zipf')], ['fV', t('dom_freq_V')], ['fsteps', t('dom_freq_steps')], ['fseed', t('dom_freq_seed')],
        ['ffreqscale', t('dom_freq_scale'), ''], ['flazy', t('dom_lazy_adam'), ''], ['fwd', t('dom_wd_adamw'), '']]
        .map(([key, label, choices]) => setting(key, label, choices)),
      el('p', {}, button(t('dom_run'), () => { lab.startFrequency(); render(); }, 'tv-frequency-run'), ' ', button(t('dom_cancel'), () => lab.cancelFrequency(), 'tv-frequency-cancel', !f.running, 'tv-frequency-cancel tv-frequency-heading')),
      figures(t('dom_frequency_heading'), f), ...cellsTable(t('dom_frequency_table'), M()._el_frequency_table_json())]),
      ...(!shows('cost') ? [] : [el('h3', { id: 'tv-cost-heading', text: t('dom_cost_heading') }),
      ...[['costV', t('dom_cost_V')], ['costd', t('dom_cost_d')], ['costB', t('dom_cost_B')], ['reps', t('dom_repeats')]]
        .map(([key, label]) => setting(key, label)),
      el('p', {}, button(t('dom_run_benchmark'), () => { lab.benchmark().catch((e) => lab.benchmarkStatus().cancelled || say(e.message)); render(); }, 'tv-cost-run'), ' ',
        button(t('dom_cancel'), () => lab.cancelBenchmark(), 'tv-cost-cancel', !c.running, 'tv-cost-cancel tv-cost-heading')),  // named 'Cancel Cost at scale': the frequency experiment's is another Cancel
      figures(t('dom_cost_figures'), { running: c.running, cancelled: c.cancelled, progress: c.progress, activity: c.activity, error: c.error,
        ...c.figures, ...Object.fromEntries(Object.values(c.figures?.routes || {}).map((r) => [r.name, r.medianMs])) })]),
      ...(!shows('budget') || !b.loaded ? [] : budgetPart(b)),
    ];
  }

  // A table the app writes as {note, cells: the column headers then row after row, columns, more}: the
  // training lab's rows after the last step (TrainingRowsJson: touched, changed, why, updates, each row's
  // optimizer state; `touched` marks the rows whose first cell is not empty), what the frequency
  // experiment's plots show (FrequencyTableJson).
  function cellsTable(caption, json, touched) {
    const r = answer(json), n = r.columns, rows = [];
    for (let i = n; i < r.cells.length; i += n) rows.push(r.cells.slice(i, i + n));
    const cells = (tag, values) => values.map((text) => el(tag, { scope: tag === 'th' ? 'col' : null, text }));
    return rows.length ? [scroller(caption, el('thead', {}, el('tr', {}, ...cells('th', r.cells.slice(0, n)))),
      el('tbody', {}, ...rows.map(([k, ...rest]) => el('tr', { class: touched && rest[0] ? 'touched' : null }, el('th', { scope: 'row', text: k }), ...cells('td', rest))))),
    el('p', { text: r.note }), r.more > 0 && el('p', { text: tf('dom_rows_more', r.more) })] : [];
  }

  // The experiments panel (ExperimentsJson in src/app/panels_experiments.cpp): each experiment's title
  // and the canvas's sentences; Run trains the two fits and works out the bias (the canvas does when
  // they come into view); the fits, id by id, as the plot shows them; the non-finite one's buttons,
  // which edit W (a teacher's lock on it holds them, its reason beside them).
  // The deeper tier's table variants, activation and compression panels (DeeperTextJson) come the
  // same way, with their settings (prefix 'tv-deeper-', Run: action 3).
  function experimentsPart(x, lock, prefix = 'tv-exp-', run = 0) {
    const act = (n) => {
      if (prefix === 'tv-exp-' && n === run) experimentsAsked = true;
      const r = answer(M()._el_experiment(n));
      if (!r.ok) showMessage('tv-exp-message', r.error);
      render();
    };
    return [x.title && el('h3', { text: x.title }), ...x.parts.flatMap((p, i) => {
      const id = prefix + i;
      return [el('h4', { id, text: p.title }), ...(p.settings || []).map(([key, label]) => setting(key, label)),
        ...p.lines.map((line) => el('p', { text: line })),
        p.state === 0 && el('p', {}, button(t('dom_run'), () => act(run), id + '-run', false, `${id}-run ${id}`)),
        p.state === 1 && el('p', { text: t('dom_exp_running') }),
        p.rows?.length && table(t('dom_exp_rows_caption'), (c) => t(['dom_exp_target', 'dom_exp_fit', 'dom_exp_line'][c]), 3,
          p.rows.map((values, r) => ({ label: tf('dom_id_n', r), values }))),
        p.buttons && el('p', {}, ...p.buttons.map((label, b) => button(label, () => act(b + 1), `${id}-${b + 1}`, !!lock))),
        p.buttons && msg('tv-exp-message', lock)];
    })];
  }

  // The ids panel's random batch (RandomBatchJson): B, Zipf s and its seed, shared with the canvas's
  // fields, and Draw (Enter in a field too, as in a form); a value out of range is refused in the field it names.
  function randomPart([title, help, seedW, draw, ...values], lock) {
    const ids = ['tv-random-B', 'tv-random-s', 'tv-random-seed'];
    const drawn = () => {
      for (const id of ids) unrefuse(byId(id));
      const [b, z, seed] = ids.map((id) => byId(id).value);
      const r = withString(b, (pb) => withString(z, (pz) => withString(seed, (ps) => answer(M()._el_draw_batch(pb, pz, ps)))));
      // Each field the answer names ("B: ...; seed: ...") is marked.
      if (!r.ok) for (const e of r.error.split('; ')) refuse(byId(ids[e.startsWith('B:') ? 0 : e.startsWith('Zipf') ? 1 : 2]), 'tv-random-message', r.error);
    };
    // A group named by its title: a screen reader says "Random batch" with "B" and "seed".
    return [el('p', { role: 'group', 'aria-label': title }, title, ' ', ...['B', 'Zipf s', seedW].flatMap((label, i) => [el('span', { class: 'pair' },
      el('label', { for: ids[i], text: label + ' ' }), el('input', { id: ids[i], type: 'text', inputmode: 'decimal', value: values[i], readonly: !!lock,
        'aria-describedby': (i === 1 ? 'tv-random-help ' : '') + 'tv-random-message', onkeydown: (e) => e.key === 'Enter' && !lock && drawn() })),
      ' ']), button(draw, drawn, 'tv-random-draw', !!lock)),
      el('p', { id: 'tv-random-help', text: help }), msg('tv-random-message', lock)];
  }

  // "Teach with this" (TeachDraftJson in src/app/panels_teach.cpp): the canvas panel's choices as
  // native controls in a disclosure, editing the same teacher's draft (el_teach); its two copies.
  let teachOpen = false, shareError = '';
  function teachPart(x) {
    const [title, intro, shownW, lockedW, hiddenW, questionsW, seedW, themeW, langW, autoW, widthW, heightW, capW, lockedHelp, hiddenHelp,
           ...copies] = x.words;
    const d = x.draft, [panelNames, lockNames, hideNames, quizNames, themes, langs] = x.names;
    const teach = (key, text) => withString(key, (k) => withString(String(text), (p) => answer(M()._el_teach(k, p))));
    const set = (key, text, input) => {
      const r = teach(key, text);
      if (r.ok) return render();
      if (input.type === 'checkbox') input.checked = !input.checked;  // the draft's value, shown again
      refuse(input, 'tv-teach-message', r.error);
    };
    const id = (key) => 'tv-teach-' + key;
    const pair = (key, label, control) => [el('span', { class: 'pair' }, el('label', { for: id(key), text: label + ' ' }), control), ' '];
    const field = (key, label, value, onchange) => pair(key, label,
      el('input', { id: id(key), type: 'text', inputmode: 'numeric', value, 'aria-describedby': 'tv-teach-message', onchange }));
    const boxes = (legend, key, names, help) => {
      const on = new Set(d[key].split(','));
      return el('fieldset', {}, el('legend', { text: legend }), help && el('p', { text: help }), ...names.flatMap((n) => [el('span', { class: 'pair' },
        el('input', { id: id(key + '-' + n), type: 'checkbox', checked: on.has(n),
                      onchange: (e) => set(key, names.filter((m) => byId(id(key + '-' + m)).checked).join(','), e.target) }),
        el('label', { for: id(key + '-' + n) }, ' ', el('code', { text: n }))), ' ']));
    };
    // (The checkboxes' and the question sets' names are the link's own: lock=table, quiz=cards.)
    const select = (key, label, options, value, onchange, notation) => pair(key, label, el('select', { id: id(key), onchange, 'data-notation': notation },
      ...options.map(([v, text]) => el('option', { value: v, selected: v === value, text }))));
    const [quiz, seed = ''] = d.quiz.split(':'), withSeed = (name, n) => name + (n && n !== '0' ? ':' + n : '');
    const copy = (what) => {
      teach('copy', what);
      const output = answer(M()._el_text_view_json()).teach.output;
      if (output) copyText(output, 'tv-teach-output', t('dom_teach_copied'));
      render();
    };
    // Open as the learner left it: read from the page, not from its toggle event, which comes a task
    // after the click (a change made in between drew it closed again).
    return [el('details', { id: 'tv-teach', open: (teachOpen = byId('tv-teach')?.open ?? teachOpen) || null },
      el('summary', { text: title }), el('p', { text: intro }),
      boxes(shownW, 'panels', panelNames), boxes(lockedW, 'lock', lockNames, lockedHelp),
      msg('tv-teach-tour-locks', x.tourLocks), boxes(hiddenW, 'hide', hideNames, hiddenHelp),
      el('p', { role: 'group', 'aria-label': questionsW }, ...select('quiz', questionsW, quizNames.map((q) => [q, q]), quiz, (e) => set('quiz', withSeed(e.target.value, seed), e.target), true),
        ...field('seed', seedW, seed, (e) => set('quiz', withSeed(quiz, e.target.value), e.target))),
      el('p', {}, ...select('theme', themeW, themes, d.theme, (e) => set('theme', e.target.value, e.target)),
        ...select('lang', langW, langs, d.lang, (e) => set('lang', e.target.value, e.target))),
      el('p', {}, el('span', { class: 'pair' }, el('input', { id: id('auto'), type: 'checkbox', checked: d.height === 'auto',
        onchange: (e) => set('height', e.target.checked ? 'auto' : 'fixed', e.target) }), el('label', { for: id('auto'), text: ' ' + autoW })), ' ',
        ...field('width', widthW, d.width, (e) => set('width', e.target.value, e.target)),
        ...field('frameheight', heightW, d.frameheight, (e) => set('frameheight', e.target.value, e.target)),
        ...(d.height === 'auto' ? field('maxheight', capW, d.maxheight, (e) => set('maxheight', e.target.value, e.target)) : [])),
      el('p', {}, ...copies.map((label, i) => button(label, () => copy(i ? 'embed' : 'link'), id('copy-' + i)))),
      msg('tv-teach-message', x.notCopied),
      x.output && el('p', {}, el('textarea', { id: 'tv-teach-output', readonly: true, rows: 4, 'aria-label': title, text: x.output })))];
  }

  // The deeper build's parameter-budget experiment: its settings under the canvas's words (budget().words),
  // Run and Cancel, its figures, and each table's parameters and what the run measured, in the canvas's sentences.
  function budgetPart(b) {
    const w = b.words;
    return [el('h3', { text: w.title }),
      ...[['bV', t('dom_freq_V')], ['bd', 'd'], ['bsteps', t('dom_freq_steps')], ['bk', w.k], ['br', w.r], ['bN', w.N],
        ['bsk', w.shared], ['bzipf', t('dom_zipf')], ['bseed', t('dom_freq_seed')]].map(([key, label]) => setting(key, label)),
      el('p', {}, button(t('dom_run'), () => { lab.startBudget(); render(); }, 'tv-budget-run'), ' ',
        button(t('dom_cancel'), () => lab.cancelBudget(), 'tv-budget-cancel', !b.running)),
      figures(w.title, { running: b.running, finished: b.finished, cancelled: b.cancelled, stepsDone: b.stepsDone,
        target: b.target, msSpent: b.msSpent, error: b.error }),
      b.variants && el('ul', { id: 'tv-budget-outcome' }, ...b.variants.map((v) => el('li', { text: `${v.label}: ${v.tableParameters.toLocaleString(lang)} ${w.parameters}` })),
        ...b.outcome.map((line) => el('li', { text: line })))];
  }

  const root = el('section', { id: 'text-view', class: 'visually-hidden', 'aria-labelledby': 'tv-title' });
  let goToRow = -1;
  let firstPosition = 0;  // the first of the positions shown, when a long batch shows them a page at a time

  // A grid's message is about this cell: a refused cell's message begins with it, "W[2][1]: ..." (in
  // every language: the canvas's editor and setCell both write it so), wherever it was refused.
  const refusedHere = (message, r, c) => message.startsWith(`[${r}][${c}]: `, 1);
  // Or about no single cell (a teacher's lock, a fill refused): then about every cell.
  const aboutACell = (message) => /^.\[\d+\]\[\d+\]: /.test(message);

  function cellChanged(r, c, upstream) {
    return (event) => {
      const result = (upstream ? lab.setUpstreamCell : lab.setCell)(r, c, event.target.value);
      if (!result.ok) refuse(event.target, upstream ? 'tv-g-message' : 'tv-table-message', result.error);  // else the commit re-renders
    };
  }

  // A refused text still in its field is marked invalid with its own message: in the field's message
  // when that says the same or nothing (a commit cleared the grid's), else in a message of its own
  // beside it (the grid's has moved on to another cell). A refusal
  // whose text is gone (the value under it changed, or it was typed over) is forgotten. (Every other
  // aria-invalid comes from a message of the state's, shown with it: none is without its reason.)
  function markRefusals(kept) {
    for (const [id, message] of refusals) {
      const f = byId(id);
      if (!f || !kept.has(id)) { refusals.delete(id); continue; }
      let m = byId(f.getAttribute('aria-describedby')?.split(' ').pop());  // (a help text may come before the message)
      if (!m) { refusals.delete(id); continue; }  // its message gone from the page: the redraw goes on without the mark
      if (m.textContent && m.textContent !== message) m.after(m = el('p', { id: id + '-refused', class: 'message' }));
      m.textContent = message;
      f.setAttribute('aria-invalid', 'true');
      f.setAttribute('aria-describedby', m.id);
    }
  }

  // The picture's lines, which a hover (the highlight) or a walk started or finished rewrites alone.
  const highlightLine = (h) => (h ? tf('dom_highlighted', h.id, h.positions.join(', ') || t('dom_none')) : t('dom_nothing_highlighted'));
  function walkLine() {
    const w = lab.walkStatus();
    return w.active ? tf(w.done ? 'dom_walk_done' : 'dom_walk', w.b, w.c, w.terms, w.V, w.zeroTerms, shown(fmt(w.value)), w.id, w.c,
                         shown(fmt(w.gatherValue))) : t('dom_no_walk');
  }

  function render() {
    readWords();
    const s = state();
    const V = s.V, d = s.d, B = s.ids.length;
    const big = V * d > FULL_TABLE_CELLS;
    // A long batch is shown a page of positions at a time, every table the same page (W's looked-up
    // rows, out, G, dW's touched rows): all 1,024 positions at V = 100,000 were 79,000 elements,
    // rebuilt on every hover, and the page stopped drawing for seconds each time.
    const perPage = Math.max(1, Math.floor(FULL_TABLE_CELLS / d)), paged = B > perPage;
    const first = paged ? Math.min(Math.max(0, firstPosition), B - perPage) : 0, end = Math.min(B, first + perPage);
    const pageIds = s.ids.slice(first, end), onPage = new Set(pageIds);
    const ofPage = (caption) => (paged ? caption + tf('dom_positions_range', first, end - 1, B) : caption);
    const pageField = paged && el('p', {}, el('label', { for: 'tv-first-position', text: tf('dom_first_position', B - perPage, perPage) + ' ' }),
      el('input', { id: 'tv-first-position', type: 'number', min: 0, max: B - perPage, value: first,
                    onchange: (e) => { firstPosition = Math.trunc(Number(e.target.value)) || 0; setTimeout(render); } }));
    const touched = new Set(s.touchedRows);
    const focused = root.contains(document.activeElement) && document.activeElement, focusedId = focused?.id || reloadFocus;
    // Its caret or selection too (a text field's): a field clicked or selected as a queued redraw runs on focus.
    const selection = focused?.selectionStart != null && [focused.selectionStart, focused.selectionEnd];
    // Text typed into a field and not taken (refused, or not yet sent) survives the redraw while
    // the value it was typed over is still the one shown: nothing the learner typed is lost.
    // (Not a checkbox: its value, "on", differs from its default, "", and is not typed.)
    // Typed after a text of the field's own was taken (el), before the redraw that shows it, it was
    // typed over that value: kept whatever the redraw shows for it ("30.000" shown as 30000). The
    // taken text itself goes: the redraw shows the value as the app reads it.
    const typed = [...root.querySelectorAll('input')].filter((f) => f.id && f.type !== 'checkbox' && f.value !== f.defaultValue && f.value !== f.taken)
      .map((f) => [f.id, 'taken' in f || f.defaultValue, f.value]);
    extra = answer(M()._el_text_view_json());
    const hidden = new Set(s.teach.hide.split(',')), lockOf = (key) => extra.fields[key][1];
    const parts = [];

    parts.push(el('h2', { id: 'tv-title', text: t('dom_title') }),
               el('p', { text: t('dom_intro') }),
               el('button', { type: 'button', id: 'tv-toggle', text: t(s.view === 'text' ? 'dom_back_to_canvas' : 'dom_show_text_view'),
                              onclick: () => {
                                if (s.view !== 'text') { lab.setView('text'); return; }
                                lab.setView('canvas');
                                byId('canvas').focus();  // back where the view was left
                              } }));
    // What a link could not apply (the canvas's banner) near the top, said on the live line once.
    const bad = s.linkErrors, problems = [...bad.errors, ...bad.notices];
    const linkSaid = problems.length ? [extra.linkProblems, problems.join('; ')].filter(Boolean).join(' ') : '';
    if (linkSaid) parts.push(el('div', { id: 'tv-link-problems' }, extra.linkProblems && el('p', { class: 'message', text: extra.linkProblems }),
      el('ul', {}, ...problems.map((text, i) => el('li', { class: i < bad.errors.length ? 'message' : null, text })))));
    if (s.teach.lock || s.teach.hide)
      parts.push(el('p', { id: 'tv-locks', text: (s.teach.lock ? tf('dom_locked', s.teach.lock) + ' ' : '') +
        (s.teach.hide ? tf('dom_hidden', s.teach.hide) : '') }));
    // The panels the canvas draws (a link's panels=, src/app/ui.cpp ShowApp), and only those; the
    // question cards (quiz=) and the link's problems show whatever the panels.
    const panels = new Set(String(s.settings.panels).split(',')), on = (name) => panels.has(name);
    // A link showing a few (a walk-through's, a tour step's): the rest one press away, as on the canvas.
    if (!s.settings.embed && panels.size < 11)
      parts.push(el('p', {}, button(t('dom_show_all_panels'), () => lab.setField('panels', 'table,ids,forward,backward,experiments,training,frequency,cost,tour,presets,budget'), 'tv-all-panels')));
    const covered = s.teach.gradientCovered;  // a question card asks about dW: nothing here gives it away
    if (on('tour')) parts.push(...tourPart());

    // Table W, its size and the ids.
    const sizeLock = lockOf('V');
    // Whether a size message is about field id: a part of it names the field ("V: ...", "d: ...", "V: ...;
    // d: ..." when both were refused), or none names one (V x d too big, a lock: both).
    const about = (error, id) => { const parts = error.split('; ');
      return parts.some((e) => e.startsWith(id.slice(3) + ': ')) || !parts.some((e) => /^[Vd]: /.test(e)); };
    // Resize, or Enter in V or d: the new size at once, as the canvas's Resize applies it. A refused
    // size marks the fields it is about invalid (of both, the ones typed in, if any), described by the message.
    // Leaving V or d (Tab) checks both without resizing, as the canvas's fields check what is typed.
    const resize = (checkOnly) => {
      const fields = ['tv-V', 'tv-d'].map((id) => byId(id));
      if (!fields[0] || !fields[1]) return;  // gone with the table's panel (a link took it away)
      fields.forEach(unrefuse);
      const r = lab.setSize(fields[0].value, fields[1].value, checkOnly === true);
      if (r.ok) return;
      const named = fields.filter((f) => about(r.error, f.id)), changed = named.filter((f) => f.value !== f.defaultValue);
      for (const f of named.length > 1 && changed.length ? changed : named) refuse(f, 'tv-size-message', r.error);
    };
    // A size the canvas refused marks the fields it is about; one refused here, as above
    // (markRefusals, after the drawing).
    const sizeInvalid = (id) => !!s.errors.size && !refusals.has('tv-V') && !refusals.has('tv-d') && about(s.errors.size, id) && 'true';
    // Each label with its field in one box (.pair): a narrow screen wraps between them, not inside.
    // Text with a number keypad, not type=number: that hands over '' for "1e", and the message quoted ''.
    const sizeField = (id, label, value) => el('span', { class: 'pair' }, el('label', { for: id, text: t(label) + ' ' }),
      el('input', { id, type: 'text', inputmode: 'numeric', value, readonly: !!sizeLock, 'aria-describedby': 'tv-size-message', 'aria-invalid': sizeInvalid(id),
                    onkeydown: (e) => { if (e.key === 'Enter' && !sizeLock) { e.preventDefault(); resize(); } },
                    onchange: () => sizeLock || resize(true) }));
    const size = hidden.has('resize') ? null : el('p', {}, sizeField('tv-V', 'dom_V_label', V), ' ', sizeField('tv-d', 'dom_d_label', d), ' ',
      el('button', { type: 'button', id: 'tv-resize', text: t('dom_resize'), onclick: resize, disabled: !!sizeLock }));
    let rows = Array.from({ length: V }, (_, r) => r);
    // (W's marked rows: the touched ones; the looked-up ones while dW is covered, as the canvas marks W.)
    const marked = covered ? new Set(s.ids) : touched;
    if (big) rows = [...new Set([...pageIds, ...(paged ? [] : marked), ...(goToRow >= 0 && goToRow < V ? [goToRow] : [])])].sort((a, b) => a - b);
    const wRows = rows.map((r) => ({ index: r, label: tf('dom_id_n', r), values: rowOf(s, 'table', r), mark: marked.has(r) }));
    if (on('table')) {
    parts.push(el('h3', { text: t('dom_table_heading') }), size, msg('tv-size-message', s.errors.size || sizeLock),
      table(big ? ofPage(tf('dom_table_caption_big', V, d, rows.length)) : tf('dom_table_caption', V, d),
            'dom_column_n', d, wRows, (r, c) => ({ id: `tv-w-${r}-${c}`, label: tf('dom_w_cell', r, c), onchange: cellChanged(r, c, 0), locked: !!lockOf('cells'),
                         message: 'tv-table-message', error: s.errors.table })),
      msg('tv-table-message', s.errors.table || lockOf('cells')));
    if (!hidden.has('fill'))
      parts.push(el('p', {}, el('span', { id: 'tv-fill-w', text: t('dom_fill_w') }), ' ', ...['example', 'normal', 'uniform', 'zeros'].map((name) => button(t('dom_fill_' + name), () => {
        const r = lab.setField('init', name);
        if (!r.ok) showMessage('tv-table-message', r.error);
      }, 'tv-fill-' + name, !!lockOf('init'), 'tv-fill-w tv-fill-' + name))), setting('seed', t('dom_seed')));
    if (!hidden.has('options'))
      parts.push(el('h3', { text: t('dom_options_heading') }), setting('pad', t('dom_pad')),
                 setting('maxnorm', t('dom_maxnorm')), setting('normtype', 'norm_type'),
                 setting('freqscale', 'scale_grad_by_freq', ''), setting('sparse', 'sparse', ''));
    if (big) {
      parts.push(el('p', {}, el('label', { for: 'tv-goto', text: tf('dom_show_row', V - 1) + ' ' }),
        el('input', { id: 'tv-goto', type: 'number', min: 0, max: V - 1, value: goToRow >= 0 ? goToRow : '',
                      onchange: (e) => { goToRow = Number(e.target.value); setTimeout(render); } })));
    }
    }
    if (on('ids')) {
    const ids = el('input', { id: 'tv-ids', type: 'text', value: s.ids.join(', '), 'aria-describedby': 'tv-ids-message',
                              'aria-invalid': s.errors.ids ? 'true' : null, readonly: !!lockOf('ids'),
                              onchange: (e) => { const r = lab.setIds(e.target.value); if (!r.ok) refuse(e.target, 'tv-ids-message', r.error); } });
    parts.push(el('h3', { text: t('dom_ids_heading') }), el('p', {}, el('label', { for: 'tv-ids', text: tf('dom_ids_label', B) + ' ' }), ids),
               msg('tv-ids-message', s.errors.ids || lockOf('ids') || s.errors.idsNotice));
    if (!hidden.has('random')) parts.push(...randomPart(extra.random, lockOf('ids')));
    if (!hidden.has('bag')) parts.push(setting('bag', t('dom_bag_mode'), 'none sum mean max', [t('lesson_bag_none')]), s.bag.mode !== 'none' ? setting('offsets', t('dom_offsets')) : null);
    // The bags' outputs (at most a page's worth, as for positions), or why there are none.
    const bags = Math.min(s.bag.bags, perPage);
    if (s.bag.mode !== 'none') parts.push(s.bag.error ? msg('tv-bag-message', s.bag.error) : table(tf('dom_bags_caption', s.bag.mode, bags - 1, s.bag.bags), 'dom_column_n', d,
      Array.from({ length: bags }, (_, j) => ({ index: j, label: 'bag ' + j, values: rowOf(s, 'bagOutputs', j) }))));
    }

    // Forward: the gather, the one-hot rows, the matmul and whether they agree.
    const posRows = (name) => pageIds.map((id, i) => ({ index: first + i, label: tf('dom_position_row', first + i, id), values: rowOf(s, name, first + i) }));
    if (on('forward')) {
    parts.push(el('h3', { text: t('dom_forward_heading') }), pageField);
    if (s.errors.result) parts.push(el('p', { text: s.errors.result }));
    if (s.matrices.gather[1] === B && B > 0) {
      parts.push(table(ofPage(t('dom_gather_caption')), 'dom_column_n', d, posRows('gather')));
      if (B * V <= FULL_TABLE_CELLS) {
        const oneHot = s.ids.map((id, b) => ({ index: b, label: tf('dom_position_row', b, id), values: Array.from({ length: V }, (_, k) => (k === id ? 1 : 0)) }));
        parts.push(table(t('dom_onehot_caption'), 'dom_id_n', V, oneHot));
      } else {
        parts.push(el('p', { text: tf('dom_onehot_too_large', B, V) }));
      }
      parts.push(...s.oneHotSkipped ? [el('p', { text: s.oneHotSkipped })]  // over its work limit: gather only
        : [table(ofPage(t('dom_matmul_caption')), 'dom_column_n', d, posRows('matmul')),
           el('p', { id: 'tv-agreement', text: s.equal ? t('dom_agree') : tf('dom_differ', s.differingOutputs.length) })]);
    }

    // The picture (the canvas's one-hot product drawn as grids), said in words.
    if (B > 0 && s.matrices.gather[1] === B) {
      const links = el('ul', { id: 'tv-picture-links' });  // the positions of the page shown (all of a short batch)
      for (let b = first; b < end; b++) {
        const id = s.ids[b];
        links.append(el('li', { text: tf('dom_picture_position', b, b, id, id, b, id) }));
      }
      const count = (x) => x.toLocaleString(lang === 'de' ? 'de-DE' : 'en-US');  // thousands as the language groups them
      parts.push(el('h3', { text: t('dom_picture_heading') }),
        el('p', { id: 'tv-picture', text: tf('dom_picture_text', B, V, V, d, B, d, count(B * V * d), count(B * (V - 1) * d), count(B * d), count(V), count(V - 1)) }),
        links);
      parts.push(el('p', { id: 'tv-highlight', text: highlightLine(s.highlight) }), el('p', { id: 'tv-walk', text: walkLine() }));
    }
    }

    // Backward: G, dW with its touched rows, and the sums for repeated ids.
    if (on('backward')) {
    parts.push(el('h3', { text: t('dom_backward_heading') }), !on('forward') && pageField);
    if (s.matrices.upstream[1] === B && B > 0) {
      parts.push(table(ofPage(t('dom_g_caption')), 'dom_column_n', d, posRows('upstream'),
                       (b, c) => ({ id: `tv-g-${b}-${c}`, label: tf('dom_g_cell', b, c), onchange: cellChanged(b, c, 1), locked: !!lockOf('g'),
                                                   message: 'tv-g-message', error: s.errors.upstream })),
                 msg('tv-g-message', s.errors.upstream || lockOf('g')));
      if (!hidden.has('gfill'))
        parts.push(el('p', {}, el('span', { id: 'tv-fill-g', text: t('dom_fill_g') }), ' ', ...['canonical', 'ones', 'random', 'mse'].map((name) =>
          button(t('dom_gfill_' + name), () => { const r = lab.fillUpstream(name); if (!r.ok) showMessage('tv-g-message', r.error); }, 'tv-gfill-' + name, !!lockOf('g'), 'tv-fill-g tv-gfill-' + name))));
    }
    if (covered) {
      parts.push(el('p', { id: 'tv-dw-covered', text: t('dom_dw_covered') }));
    } else if (s.matrices.gradTable[1] === V) {
      parts.push(el('p', { id: 'tv-picture-backward', text: t('dom_picture_backward') + (s.settings.freqscale ? ' ' + t('dom_dw_freq') : '') }));  // the canvas's backward picture, in words
      const bagGrad = s.matrices.bagGrad[1] === V;  // a bag on: this dW is the lookup's, the bag's follows
      if (bagGrad) parts.push(el('p', { id: 'tv-bag-grad-note', text: t('lesson_bag_grad_note') }));
      const dwRows = big ? s.touchedRows.filter((r) => !paged || onPage.has(r)) : rows;
      const gRows = dwRows.map((r) => ({ index: r, label: tf(touched.has(r) ? 'dom_touched_row' : 'dom_id_n', r),
                                         values: rowOf(s, 'gradTable', r), mark: touched.has(r) }));
      const all = s.touchedRows.length === V;  // no "every other row": there is none
      const dw = t(s.settings.freqscale ? 'dom_dw_caption_freq' : 'dom_dw_caption');
      parts.push(table(big ? ofPage(tf(all ? 'dom_dw_caption_big_all' : 'dom_dw_caption_big', dw)) : dw, 'dom_column_n', d, gRows),
        el('p', { id: 'tv-touched', text: tf(all ? 'dom_rows_touched_all' : 'dom_rows_touched', s.touchedRows.join(', ') || t('dom_none')) }));
      const uses = new Map();
      s.ids.forEach((id, b) => uses.set(id, [...(uses.get(id) || []), b]));
      // (Not the padding row's, which gets no gradient: it is not touched. scale_grad_by_freq divides the sum.)
      for (const [id, bs] of uses) {
        const sum = bs.map((b) => `g_${b}`).join(' + ');
        if (bs.length > 1 && onPage.has(id) && touched.has(id))
          parts.push(el('p', { text: tf('dom_repeated_id', id, bs.length, id, s.settings.freqscale ? `(${sum}) / ${bs.length}` : sum) }));
      }
      if (bagGrad) {
        const bagTouched = new Set(s.bag.gradTouchedRows);
        parts.push(el('p', { id: 'tv-bag-grad', text: tf('lesson_bag_grad_title', s.bag.bags) + ' ' + t(s.bag.mode === 'max' ? 'lesson_bag_grad_max' : 'lesson_bag_grad_linear') }),
          table('dW_bag', 'dom_column_n', d, (big ? s.bag.gradTouchedRows.filter((r) => !paged || onPage.has(r)) : rows).map((r) =>
            ({ index: r, label: tf(bagTouched.has(r) ? 'dom_touched_row' : 'dom_id_n', r), values: rowOf(s, 'bagGrad', r), mark: bagTouched.has(r) }))));
      }
    }
    }

    if (extra.experiments) parts.push(...experimentsPart(extra.experiments, lockOf('cells')));
    parts.push(...labsPart(on));
    if (extra.deeper) parts.push(...experimentsPart(extra.deeper, '', 'tv-deeper-', 3));  // after the budget, as on the canvas
    parts.push(...checkPart(on('tour')));

    // The share link of this state, to select or copy without a pointer.
    const url = location.href.split('#')[0] + '#' + s.link;
    const copy = () => copyText(url, 'tv-share-link', t('dom_link_copied'));
    // The canvas's other copies (embed code, auto-height embed, NumPy, PyTorch): shown, and copied.
    const copyShare = (what) => {
      const r = answer(M()._el_share_copy(what));
      shareError = r.error;
      if (r.ok) copyText(lab.shareText(), 'tv-share-text', t('dom_teach_copied'));
      render();
    };
    const shareText = lab.shareText();
    // A state whose link is too long to open: what the canvas's header says, and no link to copy.
    // (A course page's canvas has no share box: its header is only a way out.)
    if (!s.settings.embed)
      parts.push(el('h3', { text: t('dom_share_heading') }), s.linkOverLimit
        ? el('p', { class: 'message', id: 'tv-link-over-limit', text: s.linkOverLimit })
        : el('p', {}, el('label', { for: 'tv-share-link', text: t('dom_link') + ' ' }), el('input', { id: 'tv-share-link', type: 'text', readonly: true, value: url }),
          ' ', button(t('dom_copy_link'), copy, 'tv-share-copy')),
        extra.shareNote && el('p', { id: 'tv-share-note', text: extra.shareNote }),
        el('p', {}, ...extra.share.slice(1).map((label, i) => button(label, () => copyShare(i + 1), 'tv-share-copy-' + (i + 1)))),
        msg('tv-share-message', shareError),
        shareText && el('p', {}, el('textarea', { id: 'tv-share-text', readonly: true, rows: 6, 'aria-label': t('dom_share_heading'), text: shareText })));

    if (extra.teach) parts.push(...teachPart(extra.teach));

    // Presets: each is a link, kept in this view, language and theme (presets().open).
    if (on('presets')) {
      const list = el('ul', { id: 'tv-presets' });
      lab.presets().forEach((p, i) => list.append(el('li', {}, el('a', { id: 'tv-preset-' + i, href: '#' + p.open, text: p.title }))));
      parts.push(el('h3', { text: t('dom_presets_heading') }), list);
    }

    // A drop-down drawn again as it was stays the element it was, with the new drawing's handler: Orca
    // (43) takes a new <select> for the focus moving to it, names it and leaves browse mode, so every
    // redraw (Resize, a typed cell) named each drop-down in view.
    const fresh = parts.filter(Boolean);
    for (const p of fresh) for (const n of p.querySelectorAll?.('select') || []) {
      const o = byId(n.id);
      if (o?.outerHTML === n.outerHTML && o.value === n.value) o.change = n.change, n.replaceWith(o);
    }
    replacing = true;  // (a field that has the focus is blurred as it goes: that sends nothing)
    root.replaceChildren(...fresh);
    replacing = false;
    // In an embed the view is one Tab stop, its toggle, until it is opened: Escape, Tab, Tab leaves
    // the demo for the course page (it took about 96 Tabs). Screen readers still read all of it
    // and use every control (README, "Embedding it in a course page").
    const folded = s.settings.embed && s.view !== 'text';
    root.classList.toggle('folded', folded);  // style.css: then its toggle alone shows when focused
    if (folded) for (const e of root.querySelectorAll('a, button, input, select, summary, [tabindex]')) if (e.id !== 'tv-toggle') e.tabIndex = -1;
    pageLabels();
    const kept = new Set();
    for (const [id, was, value] of typed) {
      const f = byId(id);
      if (!f || was !== true && f.defaultValue !== was) continue;
      f.value = value;
      // A browser takes text put back so as the field's own: Enter or leaving it sends nothing. Sent here
      // (typed on, the browser sends it; not when the next redraw takes the field away).
      f.onkeydown = f.onblur = (e) => { if (f.value === value && (e.key === 'Enter' || e.type === 'blur' && !replacing)) f.dispatchEvent(new Event('change')); };
      kept.add(id);
    }
    markRefusals(kept);
    // The keyboard stays where it was; when its control went away with the redraw (a tour started,
    // finished or left), it goes to the control that took its place.
    if (focusedId) {
      const f = byId(focusedId) || byId(TOOK_PLACE_OF[focusedId]);
      f?.focus();
      if (selection && f?.id === focusedId) f.setSelectionRange(...selection);
    }
    // A new tour step is read out: where it is ("The basics tour, step 4 of 6"), its title, and its text too
    // for the keyboard on the canvas (in the view the text follows the title; title and text ran together
    // as one sentence); a tour finished says so. A link's problems are read out from the first drawing
    // too: opening the link was the learner's doing.
    const tour = extra.tour, step = tour.steps ? tour.depth + ':' + tour.step : '';
    const tourSaid = (drawnOnce || reloadFocus) && step !== shownStep && (step
      ? tf('dom_tour_position_' + tour.depth, tour.step + 1, tour.steps) + ': ' + tour.title +
        (root.contains(document.activeElement) ? '' : '. ' + tour.text.replace(/\n+/g, ' '))
      : tour.finished);
    const news = [tourSaid, linkSaid !== announced.link && linkSaid].filter(Boolean);
    if (news.length) say(news.join(' '));
    else if (shownStep && !step) say('');  // the tour left: its last title goes
    shownStep = step, announced.link = linkSaid, reloadFocus = '';
    drawnOnce = true;
  }

  // The page's own words for screen readers (web/index.html holds the English until the app runs); also
  // at once when the language changes (glue.js): they stayed English under lang="de" until the next redraw.
  function pageLabels() {
    byId('canvas')?.setAttribute('aria-label', t('dom_canvas_label'));
    const keys = byId('keys');
    if (keys) keys.textContent = t('dom_keys');
  }
  window.embeddingLabTextView = {
    pageLabels() { readWords(), pageLabels(); },
    /** pictureOnly: nothing but the highlight or the walk changed since the last update (the pointer over the picture). */
    update(shown, pictureOnly) {
      const opened = shown && !root.classList.contains('shown');
      root.classList.toggle('shown', shown);  // (an embed's 'folded' kept: a picture-only update does not set it again)
      root.classList.toggle('visually-hidden', !shown);
      // The canvas under the view is out of the Tab order and of what screen readers see: Tab from
      // the view's first control went into it, working controls nobody could see. (Not inert: a
      // script's focus() or click on it works at once after setView('canvas'), before this runs.)
      const canvas = byId('canvas');
      if (canvas) canvas.tabIndex = shown ? -1 : 0, canvas.ariaHidden = shown ? 'true' : null;
      // Only the picture's lines are rewritten then: a whole redraw is tens of ms of DOM and layout on each hover.
      const line = pictureOnly && !opened && byId('tv-highlight');
      if (line) line.textContent = highlightLine(state().highlight), byId('tv-walk').textContent = walkLine();
      else render();
      // An embed's frame holds the view while it is shown (the app posts its height): its content's,
      // in CSS pixels from the frame's top, with the view's 2em of padding below.
      const last = shown && root.lastElementChild;
      M()._el_text_view_height(last ? Math.ceil(last.getBoundingClientRect().bottom + root.scrollTop) + 32 : 0);
      // Opened from the canvas (its "Text view" button): the keyboard follows the view, else Tab and
      // Enter would go on working the canvas hidden under it.
      if (opened && ['canvas', 'text-entry'].includes(document.activeElement && document.activeElement.id))
        byId('tv-toggle').focus();
    },
  };
  byId('app').append(root);
  // The app's script may have run before this one (glue.js adds it at once): catch up.
  const viewShown = window.embeddingLabHost?.textViewShown();
  if (viewShown != null) window.embeddingLabTextView.update(viewShown);
})();
