// Page glue: starts the WebAssembly app on the canvas, feeds it the canvas's input and
// animation frames (the page's own platform layer: src/app/platform_web.h), and exposes
// window.embeddingLab, the JavaScript API for tests and course authors.
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const statusBox = document.getElementById('status');
  const live = document.getElementById('live');
  const focused = document.getElementById('focused');
  let appLive = '';  // the app's last sentence on the live line (setLiveText)
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // (said on the page; an uncaught rejection besides was noise in a course site's error log)
  const glueUrl = document.currentScript && document.currentScript.src;

  // --- The page's language (src/i18n) ------------------------------------------
  // lang= in the link, else the first of the browser's languages the page has. English is built
  // in; another language's catalog (lang/<code>.json) is fetched only when it is asked for: at
  // once for the language the page opens in (the wasm waits for it, so the first frame is in it).
  const LANGUAGES = ['en', 'de'];  // kLanguages in src/i18n/i18n.cpp
  function browserLanguage() {
    for (const tag of navigator.languages || [navigator.language || 'en']) {
      const code = String(tag).toLowerCase().split('-')[0];
      if (LANGUAGES.includes(code)) return code;
    }
    return 'en';
  }
  const catalogs = {}, catalogFetches = {};  // code -> {json} or {error}; code -> its fetch
  let appRunning = false;  // main() has run: the wasm's exports may be called
  let textViewShown = null;  // the text view's last update (stateChanged), shown or not
  let textViewQueued = 0;  // an update of the text view waits for its task (its timer)
  let textViewWhole = false;  // that update redraws the whole view, not only the picture's lines
  function updateTextView() {
    const whole = textViewWhole;
    clearTimeout(textViewQueued);
    textViewQueued = 0, textViewWhole = false;
    if (window.embeddingLabTextView) window.embeddingLabTextView.update(textViewShown, !whole);
    else loadTextView();
  }
  // The text view's script (a screen reader's view of the page, and half of the JS API), fetched after
  // the first frame; one that failed is fetched again 10, 20, 40 s on ..., or at a change after that.
  let textViewLoading = false, textViewWait = 5e3;
  function loadTextView() {
    if (textViewLoading || window.embeddingLabTextView || !glueUrl) return;
    textViewLoading = true;
    addScript('text_view.js', () => setTimeout(() => { textViewLoading = false; loadTextView(); }, textViewWait *= 2));
  }
  // Focus coming into the view brings a waiting update forward, to the task after the focus: the
  // browser sets a field's caret or selection after focusin (a click's caret, a script's select()
  // then focus()), and the redraw puts back what it reads. Redrawn during focusin it read 0,0:
  // text typed over a selected "50000" went in front of it ("1,5e950000").
  document.addEventListener('focusin', (e) => {
    if (textViewQueued && e.target.closest?.('#text-view')) clearTimeout(textViewQueued), textViewQueued = setTimeout(updateTextView, 0);
  });
  function fetchCatalog(code) {
    if (code === 'en' || !LANGUAGES.includes(code)) return Promise.resolve();
    if (!catalogFetches[code]) {
      const inline = window.embeddingLabCatalogs && window.embeddingLabCatalogs[code];  // the single-file page
      catalogFetches[code] = Promise.all([(inline ? Promise.resolve(inline)
        : fetch(new URL('lang/' + code + '.json', glueUrl || location.href), { credentials: 'same-origin' })
          .then((r) => { if (!r.ok) throw new Error('lang/' + code + '.json: HTTP ' + r.status); return r.json(); }))
        .then((json) => { catalogs[code] = { json }; }, (e) => { catalogs[code] = { error: e.message || String(e) }; }),
        fetchFont()])  // its letters (umlauts) are in the whole font: drawn with it from the language's first frame
        .then(() => { if (appRunning) Module._el_catalog_arrived(); });  // before main(), main() reads it
    }
    return catalogFetches[code];
  }
  // The whole font (font.ttf; the wasm has what the page itself writes, src/app/main.cpp): fetched once
  // some text needs a glyph the wasm's part lacks, or with another language's catalog.
  // Not there (offline, a 404) or not the page's font (cut short, a host's HTML page): the page's '?'
  // marks stay, and the next frame that needs it ten seconds later fetches it again.
  let fontFetch = null, fontBytes = null, fontGiven = false;
  const fontLater = () => { fontBytes = null; setTimeout(() => { fontFetch = null; }, 1e4); };
  function fetchFont() {
    const inline = window.embeddingLabFont;  // the single-file page
    return fontFetch ||= (inline ? Promise.resolve(Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)))
      : fetch(new URL('font.ttf', glueUrl || location.href), { credentials: 'same-origin' })
        .then((r) => { if (!r.ok) throw new Error('font.ttf: HTTP ' + r.status); return r.arrayBuffer(); }))
      .then((bytes) => { fontBytes = new Uint8Array(bytes); }, fontLater);
  }
  // The app asks for it: given at once when it is here (the frame asking draws with it), else once it is.
  function giveFont() {
    if (fontGiven) return;
    if (!fontBytes) return void fetchFont().then(() => fontBytes && giveFont());
    const ptr = Module._malloc(fontBytes.length);  // the app's from now on
    Module.HEAPU8.set(fontBytes, ptr);
    if (!(fontGiven = !!Module._el_font_arrived(ptr, fontBytes.length))) console.warn('font.ttf is not the font this page was built with'), fontLater();
  }
  const linkLanguage = (/(?:^|&)lang=([a-z]+)(?:&|$)/.exec(location.hash.slice(1)) || [])[1];
  const startLanguage = LANGUAGES.includes(linkLanguage) ? linkLanguage : browserLanguage();
  // The page's own lines before the wasm runs (index.html has them in English) in that language too.
  const startCatalog = fetchCatalog(startLanguage).then(() => {
    if (!catalogs[startLanguage]?.json) return;  // (English, or a catalog that failed: English)
    document.title = title(startLanguage);
    document.documentElement.lang = startLanguage;  // (its messages read out in it before the wasm runs)
    if (statusBox.className === '') statusBox.textContent = say('loading', 'Loading Embedding Lab\u2026');
  });
  // glue.js's own texts, for when the wasm cannot run: English here, other languages' in their
  // catalog's "glue" part (src/i18n/de/glue.txt; build_catalog.py checks ids and {placeholders}).
  const title = (code) => say('title', 'Embedding Lab: an embedding layer is a row lookup and a one-hot matmul', null, code);
  function say(id, english, values, code = startLanguage) {
    const c = catalogs[code];
    const text = (c && c.json && c.json.glue && c.json.glue[id]) || english;
    return text.replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
  }

  // The deeper tier's experiments (issue 16) are a second build of the page, loaded on demand: a
  // link with deeper=1 gets embedding_lab_deeper.{js,wasm}, every other link the smaller default.
  const build = /(?:^|&)deeper=1(?:&|$)/.test(location.hash.slice(1)) ? 'embedding_lab_deeper' : 'embedding_lab';

  // The wasm is fetched (index.html preloads it) and handed to the compiler first, before the
  // WebGL2 context is made below. The single-file page carries it as base64 text in a script
  // before this one (src/app/single_file.py): there it is compiled from that.
  // Emscripten's script has no other way to its module: src/app/minify_js.mjs removes its own.
  let compiled = null;
  if (window.embeddingLabWasm) {
    compiled = WebAssembly.compile(Uint8Array.from(atob(window.embeddingLabWasm), (c) => c.charCodeAt(0)));
  } else if (glueUrl) {
    const wasmUrl = new URL(build + '.wasm', glueUrl);
    const load = () => fetch(wasmUrl, { credentials: 'same-origin' }), response = load();
    // A host serving .wasm with another type (or a browser without streaming): from the bytes instead,
    // of the same response where the streaming compiler refused it unread (it was downloaded twice).
    const fromBytes = () => response.then((r) => (r.bodyUsed ? load() : r), load).then((r) => {
      if (!r.ok) throw new Error(build + '.wasm: HTTP ' + r.status);
      return r.arrayBuffer();
    }).then((bytes) => WebAssembly.compile(bytes));
    compiled = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response).catch(fromBytes) : fromBytes();
  }

  // --- The stylesheet ----------------------------------------------------------
  // style.css lays the page out: the canvas fills the window, the loading line lies over it, the screen
  // reader's lines are out of sight. Not there (a dropped connection, a 404) or cut short (its last rule,
  // :root's --whole, missing), it left a 300 x 150 canvas among them. Meanwhile the page has its
  // essentials from here, and style.css is fetched again at once, then 1, 2, 4 ... s on (at most 30 s apart).
  const sheetLink = document.querySelector('link[rel=stylesheet]');
  // (In a frame sandboxed without allow-same-origin its rules cannot be read: there, one that came is whole.)
  const sheetWhole = (link) => { try { return /--whole/.test([...link.sheet.cssRules].pop()?.cssText); } catch (e) { return e.name === 'SecurityError'; } };
  if (sheetLink && !sheetWhole(sheetLink)) {
    (document.adoptedStyleSheets = [new CSSStyleSheet()])[0].replaceSync('html,body{overflow:hidden}.hidden{display:none!important}' +
      '#canvas,#status{position:fixed;inset:0;width:100%;height:100%;touch-action:none;background:#f3f3f3}' +
      '.sr-only{position:fixed;width:1px;height:1px;overflow:hidden}');
    let tries = 0;
    (function fetchSheet() {
      const link = sheetLink.cloneNode();
      link.href += '?again=' + ++tries;
      link.onload = link.onerror = () => sheetWhole(link) ? (document.adoptedStyleSheets = [], settle())  // settled: the canvas's new size drawn
        : (link.remove(), setTimeout(fetchSheet, Math.min(500 << tries, 3e4)));
      sheetLink.after(link);
    })();
  }
  // The WebGL2 context has only what an ImGui page needs (the renderer draws with it:
  // src/app/renderer_webgl2.cpp). ImGui draws opaque
  // triangles with blending and a scissor: no alpha channel to composite, no depth or stencil
  // buffer, no multisampling (text is already antialiased in the font texture), no copy of the
  // last frame kept (preserveDrawingBuffer), and the integrated GPU is plenty (low-power, which
  // also spares a laptop switching GPUs).
  // The backing store gets its final size (CSS size x devicePixelRatio, as platform_web.cpp's
  // PlatformSyncCanvas computes it) before the context exists: the drawing buffer is allocated
  // once, not at 300 x 150 and then the real size (each resize a reallocation and a synchronous
  // framebuffer check).
  const box = canvas.getBoundingClientRect(), ratio = Math.max(0.25, window.devicePixelRatio || 1);
  canvas.width = Math.max(1, Math.round(box.width * ratio));
  canvas.height = Math.max(1, Math.round(box.height * ratio));
  // Hidden (under the loading message) until the first frame: a visible canvas with a context
  // is composited on every update of the page while the wasm loads, and without a GPU that
  // means reading its blank drawing buffer back (about 40 ms at 1440 x 900).
  canvas.classList.add('starting');
  // In a task of its own, after this script: the wasm's bytes reach the compiler only between
  // tasks, and a context made in this one kept them waiting (main() started 5-12 ms sooner this
  // way in alternated loads: README, "Drawing near the floor"). main() waits for it.
  let gl = null;
  const contextMade = new Promise((resolve) => setTimeout(() => {
    gl = canvas.getContext('webgl2', {
      alpha: false, depth: false, stencil: false, antialias: false, premultipliedAlpha: true,
      preserveDrawingBuffer: false, powerPreference: 'low-power', failIfMajorPerformanceCaveat: false,
    });
    Module.preinitializedWebGLContext = gl;
    if (!gl) fatal(() => say('no_webgl2', 'This browser has no WebGL2, which the page needs to draw.'));
    resolve();
  }, 0));

  // `message` makes the text: made again once the page's language has its catalog (a failure before it
  // came was said in English on a German link).
  function fatal(message) {
    const show = () => {
      statusBox.textContent = message();
      // The deeper build would fail the same way at every reload: the same link without it is one click away.
      if (build !== 'embedding_lab') {
        const back = document.createElement('a');
        // (and out of the deeper tour: its steps there are the deeper build's)
        const [page, hash = ''] = location.href.split('#'), drop = /(^|&)tour=deeper(&|$)/.test(hash) ? /^(deeper|tour|step)=/ : /^deeper=/;
        back.href = page + '#' + hash.split('&').filter((part) => !drop.test(part)).join('&');
        back.textContent = say('without_deeper', 'Open this page without the deeper tour\'s experiments');
        back.onclick = (e) => { e.preventDefault(); history.replaceState(history.state, '', back.href); location.reload(); };
        statusBox.append(' ', back);
      }
    };
    show();
    startCatalog.then(show);
    statusBox.className = 'error';
    const text = message();
    rejectReady(new Error(text));
    toParent({ type: 'embedding-lab:error', message: text });
  }
  // A message for the course page around an embed (README, "Messages a host page can listen for").
  function toParent(message) {
    if (window.parent !== window) window.parent.postMessage(message, '*');
  }

  // The address's fragment holds the share link. Edits replace it (no history
  // spam); presets and pasted links are new entries, loaded on hashchange.
  let writtenHash = location.hash.slice(1);
  function applyHash() {
    const hash = location.hash.slice(1);
    if (hash === writtenHash || !Module._el_set_link) return;
    writtenHash = hash;
    window.embeddingLabHost.linksOpened++;
    const open = () => {
      withString(hash, (ptr) => Module._el_set_link(ptr, 1));  // the address keeps the link as given
      settle();  // a new link off the host page's screen: two seconds of frames post its new height
    };
    // A table of a million numbers or more (the "large" preset) is built in one call: 0.2 s here, seconds
    // on a slow phone, when the page had frozen without a word. A line says so first, painted before it.
    const size = (key) => +(new RegExp('(?:^|&)' + key + '=(\\d+)').exec(hash) || [])[1] || 0;
    if (size('V') * size('d') < 1e6) return open();
    statusBox.textContent = say('building', 'Building the table\u2026', null, document.documentElement.lang);
    statusBox.className = 'notice';
    requestAnimationFrame(() => setTimeout(() => {
      if (statusBox.className === 'notice') statusBox.className = 'hidden';
      if (location.hash.slice(1) === hash) open();  // (not after a newer link)
    }));
  }
  window.addEventListener('hashchange', applyHash);
  let lastHeight = null;
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data?.type === 'embedding-lab:height?' && lastHeight) window.parent.postMessage(lastHeight, '*');
  });

  // A row, column, id or size handed to the wasm as an int: a whole number that fits one (| 0 made
  // 2 ** 32 and 'x' 0, so setCell(2 ** 32, 0, ...) edited W[0][0]).
  const whole = (x) => Number.isInteger(x) && Math.abs(x) < 2 ** 31;

  // Called from C++ (src/app/browser.cpp); withString and whole by text_view.js too.
  window.embeddingLabHost = {
    withString,
    whole,
    linksOpened: 0,  // links from outside (the address, setLink): text typed and not entered gives way to them (text_view.js)
    locationHash() { return location.hash.slice(1); },
    pageUrl() { return location.href.split('#')[0]; },
    replaceHash(link) {
      // Not over a link put in the address since (a course page's, a pasted one): its hashchange,
      // still to come, would find this link there and drop it. It is applied, then written.
      if (location.hash.slice(1) !== writtenHash) return;
      try { history.replaceState(history.state, '', '#' + link); } catch (e) { /* sandboxed: no history */ }
      writtenHash = location.hash.slice(1);
    },
    openLink(link) { location.hash = link; },
    // A message for the course page around an embed; its height's is kept, for a host that asks
    // again ({type: 'embedding-lab:height?'}: a host script attached after it was posted, web/embed.js).
    toParent(message) {
      if (message.type === 'embedding-lab:resize') lastHeight = message;
      toParent(message);
    },
    // A copy of the current entry on top: the next replaceHash writes over the copy, and Back
    // returns to the address as it was (a tour keeps the learner's table that way).
    keepHistoryEntry() {
      try { history.pushState(history.state, '', location.href); } catch (e) { /* sandboxed: no history */ }
    },
    openWindow(url) {
      // A sandboxed iframe may forbid new tabs: then the frame itself loads the full page (Back returns to
      // the embed). It copied the link, said only on the screen reader's line: a sighted learner saw
      // nothing happen, and without clipboard-write nothing did. Not window.open's 'noopener', which
      // always answers null: the link overwrote the clipboard every time.
      const opened = window.open(url, '_blank');
      if (opened) opened.opener = null;
      else history.pushState(history.state, '', url), location.reload();
    },
    firstFrame() {
      statusBox.className = 'hidden';
      canvas.classList.remove('starting');
      resolveReady();
      firstFrameDrawn = true;
      setTimeout(applyReducedMotion, 0);  // out of the frame that is running now
      // The text view's script is fetched only now: before the first frame it would compete with
      // the wasm and Emscripten's script for the network and the main thread. It catches up with
      // the state when it arrives (textViewShown). The single-file page has it inline.
      setTimeout(loadTextView, 0);
      // A course page hears the page is up (or, from fatal, that it could not start).
      toParent({ type: 'embedding-lab:ready' });
      setTimeout(() => {
        try {
          Module._el_zoom(+sessionStorage.getItem('el-zoom'));  // (none: 0, which only asks)
          const f = sessionStorage.getItem('el-focus');
          if (f > 0) {  // the text view says the step
            sessionStorage.setItem('el-focus', 'canvas');
            if (f < 3) canvas.classList.add('keyboard');  // the ring only if the keyboard had moved last
            focusCanvas(), Module._el_input_focus(f < 3 ? +f : 1);
          }
        } catch (e) { /* no storage */ }
      }, 0);
    },
    // main() has built and drawn the first frame: from now on one app frame per animation frame.
    startFrames() {
      framesStarted = true, appRunning = true;
      settle();
    },
    wakeFrames() { askFrame(); },  // an idle page woken by an edit (main.cpp: KeepAwake)
    // The canvas's copy buttons (and Ctrl+C in its fields): said on the live line once the browser
    // has taken it; if it refuses, the share box shows the text to copy by hand.
    copyText(text) {
      navigator.clipboard?.writeText(text).then(() => {
        live.textContent = say('copied', 'Copied to the clipboard.', null, document.documentElement.lang);
        Module._el_copied();  // and on the canvas, under the text
      }, () => {});
    },
    // The live line: the app's sentence on the result (fromApp, src/app/ui.cpp) is kept, and a
    // message that has gone (text '': a refused value taken after all) gives the line back to it.
    setLiveText(text, fromApp) {
      if (fromApp) appLive = text;
      live.textContent = text || appLive;
    },
    // The state changed (a commit, the view, the highlight, an answer): the text view follows, in
    // a task of its own after this frame, so that building its DOM never holds the frame back from
    // the screen; changes in one frame, one update. Hidden under the canvas and not being read (the
    // focus elsewhere), it follows once the changes pause (200 ms), or when the focus comes to it:
    // rebuilt after every key typed into the canvas, it took 50 ms between keys at V = 100,000.
    stateChanged(shown, pictureOnly) {
      const now = shown || shown !== textViewShown || document.activeElement?.closest('#text-view');
      textViewShown = shown;
      textViewWhole = textViewWhole || !pictureOnly;
      clearTimeout(textViewQueued);
      textViewQueued = setTimeout(updateTextView, now ? 0 : 200);
    },
    // For text_view.js when it arrives after the app's first frames: null before any change.
    textViewShown() { return textViewShown; },
    // The page asked for the deeper tier: the same link with deeper=1, loaded afresh.
    loadDeeperTier(link, tourKeys) {
      setTimeout(() => {  // not inside the frame that asked
        try { history.replaceState(history.state, '', '#' + link); } catch (e) { location.hash = link; }
        // The keyboard comes back after the reload, not to the page's top: to the canvas (firstFrame:
        // 1, or 2 on the tour's Next, when the keyboard moved last; 3 after a press, with no focus
        // ring) or to the text view's control of that id (text_view.js, which also reads out the
        // tour step the reload led to).
        const a = document.activeElement, keys = canvas.classList.contains('keyboard');
        try { sessionStorage.setItem('el-focus', a !== canvas ? a.id : keys ? 1 + tourKeys : 3); } catch (e) { /* no storage */ }
        location.reload();
      }, 0);
    },
    // The control the keyboard moved to on the canvas (Tab, arrows), named as it moves (text_input.cpp ReportFocus).
    focusName(name) { focused.textContent = name; },
    textInput(active, x, y, w, h, decimal, name, value, help) {
      if (active) openTextEntry(x, y, w, h, decimal, name, value, help);
      else closeTextEntry();
    },
    textValue: (text, start, end) => showText(text, start, end),
    fetchFont: giveFont,
    fatal,
    browserLanguage,
    // The page's language changed (app.cpp ApplyLanguage): <html lang>, which screen readers
    // speak in, and the tab's title follow.
    documentLanguage(code) {
      document.documentElement.lang = code;
      document.title = title(code);
      window.embeddingLabTextView?.pageLabels();
    },
    // A language's catalog as set_language in src/i18n/i18n.h takes it: "" while it is fetched
    // (el_catalog_arrived follows), "!" and the reason when it could not be.
    catalog(code) {
      const c = catalogs[code];
      if (!c) { fetchCatalog(code); return ''; }
      // Said once, then forgotten: the app asks again only when the language is chosen again, and
      // that fetches it again (offline, then back online: it had stayed refused until a reload).
      if (c.error) return delete catalogs[code], delete catalogFetches[code], '!' + c.error;
      const j = c.json;
      if (!j || typeof j.fingerprint !== 'string' || !Array.isArray(j.messages)) return '!lang/' + code + '.json is not a catalog';
      return [j.fingerprint, ...j.messages].map((t) => String(t).replace(/\x1e/g, '') + '\x1e').join('');
    },
  };

  const Module = window.Module = {  // Emscripten's Module: this one object throughout (glue.js says Module)
    canvas,  // and preinitializedWebGLContext, once the context's task has made it (above)
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => fatal(() => abortMessage(what)),
  };

  // The app is built without C++ exceptions: a failed allocation aborts the wasm instance.
  // The links and fields refuse sizes past the limits, so this needs a heap near its 1 GB cap.
  function abortMessage(what) {
    const heap = Module.HEAP8 ? Module.HEAP8.length : 0;
    const mb = Math.round(heap / 1048576);
    if (heap >= 0.9 * 1073741824) {
      return say('out_of_memory', 'Embedding Lab ran out of memory: it was using {mb} MB of the 1024 MB a page may have. ' +
                 'Reload the page to start again; smaller tables (V x d) need less.', { mb });
    }
    return say('stopped', 'Embedding Lab stopped{what} (memory in use: {mb} MB). Reload the page to start again.',
               { what: what ? ': ' + what : '', mb });
  }

  if (compiled) {
    compiled.catch(() => {});  // reported when Emscripten asks for it, below
    Module.instantiateWasm = (imports, receiveInstance) => {
      // (The language's catalog and font at most 3 s: a stalled one leaves the start in English, its
      // texts applied when they come.)
      Promise.all([compiled, Promise.race([startCatalog, new Promise((r) => setTimeout(r, 3e3))]), contextMade])
        .then(([module]) => gl && WebAssembly.instantiate(module, imports).then((instance) => receiveInstance(instance, module)))
        // A frame sandboxed without allow-same-origin has the opaque origin "null": the .wasm is then
        // fetched cross-origin and refused, every time. Reloading cannot help; the course page can.
        .catch((e) => fatal(() => self.origin === 'null' && location.protocol !== 'file:'
          ? say('sandboxed', 'Embedding Lab cannot load in this frame: its sandbox needs allow-same-origin ' +
                '(sandbox="allow-scripts allow-same-origin"), or the course page can embed the single-file build.')
          : say('no_wasm', 'Embedding Lab could not load its WebAssembly ({why}). Reload the page to try again.', { why: e.message })));
      return {};  // asynchronous: Emscripten waits for receiveInstance
    };
  }

  // A script of the page's own, next to glue.js, added to the document (it runs when it arrives).
  function addScript(file, onerror) {
    const script = document.createElement('script');
    script.src = new URL(file, glueUrl).href;
    if (onerror) script.onerror = onerror;
    document.body.appendChild(script);
  }
  // Emscripten's script for that build (the single-file page has it inline, after glue.js),
  // added now: it runs as soon as it is there (index.html preloads the first page's copy), so
  // main() starts once the wasm is compiled, not after the rest of the page has been parsed.
  const noScript = () => fatal(() => say('no_script', 'Embedding Lab could not load {file}. Reload the page to try again.', { file: build + '.js' }));
  // Arrived but broken (cut short, a host's HTML page in its place), it throws instead of running.
  window.addEventListener('error', (e) => appRunning || !e.filename?.endsWith(build + '.js') || noScript());
  if (glueUrl) {
    addScript(build + '.js', noScript);
  }

  // --- The main loop, and nothing drawn that nobody sees -----------------------
  // One app frame per animation frame (el_frame in main.cpp checks the canvas's size and draws
  // only when something may have changed). A hidden tab, or this page in an iframe scrolled off
  // its host page, stops the loop entirely (no requestAnimationFrame); it resumes, and draws
  // once, on return.
  let pageOnScreen = true, firstFrameDrawn = false, framesStarted = false, framesOn = false, frameAsked = 0, frameTokens = 0;
  function animationFrame(token) {
    if (token !== frameAsked) return;  // given up on (see the IntersectionObserver below)
    frameAsked = 0;
    if (!framesOn) return;
    // After the frame: if it aborted (out of memory), the loop ends with it. Idle (0): no more
    // frames until input (below) or an edit wakes the page.
    let more;
    try { more = Module._el_frame(); } catch (e) { return fatal(() => abortMessage(e.message)); }  // (a trap: the wasm cannot go on)
    if (more) askFrame();
  }
  // Any input may change what the page shows: it asks for frames again (the app's listeners,
  // which hand it over, are on the canvas and the text entry; these run first, in the capture phase).
  for (const type of 'pointerdown pointermove pointerup pointerleave wheel keydown keyup touchstart touchmove touchend touchcancel focusin focusout beforeinput input compositionend paste'.split(' '))
    window.addEventListener(type, () => askFrame(), { capture: true, passive: true });
  function askFrame() {
    // (Off screen, settling: a timer, as a browser runs no animation frames in a frame it does not show.)
    if (!framesOn || frameAsked) return;
    const token = frameAsked = ++frameTokens;
    if (pageOnScreen) requestAnimationFrame(() => animationFrame(token));
    else setTimeout(() => animationFrame(token), 50);
  }
  // For two seconds after the start, a resize (a phone turned) or a new link the loop runs off screen
  // too: an auto-height embed below the fold measures its panels and posts its whole height before
  // the reader gets there (it posted the first frame's part, then grew by 584 px under the reader).
  let settling = 0;
  function settle() {
    clearTimeout(settling);
    settling = setTimeout(() => { settling = 0; applyVisibility(); }, 2000);
    applyVisibility();
  }
  window.addEventListener('resize', settle);
  function applyVisibility() {
    if (!framesStarted) return;  // the wasm is not running yet: main() starts the frames
    framesOn = !document.hidden && (pageOnScreen || !!settling);
    Module._el_set_visible(framesOn ? 1 : 0);
    askFrame();
  }
  document.addEventListener('visibilitychange', applyVisibility);
  // (Every browser the page runs in has IntersectionObserver and matchMedia: Emscripten's MIN_*_VERSION
  // settings in CMakeLists.txt.)
  new IntersectionObserver((entries) => {
    pageOnScreen = entries[entries.length - 1].isIntersecting;
    if (!pageOnScreen) frameAsked = 0;  // an animation frame asked for may never come now: a timer instead
    applyVisibility();
  }).observe(canvas);

  // --- A lost WebGL context ----------------------------------------------------
  // The browser may take the context away (a GPU reset, a driver update, too many contexts).
  // Drawing stops with a message over the canvas; once the browser gives the context back, the
  // app makes its GL objects again (program, buffers, font texture) and carries on, state kept.
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();  // without this the browser never restores the context
    if (Module._el_context_lost) Module._el_context_lost();
    statusBox.textContent = say('context_lost', 'The browser has paused this page\'s graphics (its WebGL context was lost). ' +
                                'Your work is kept; the page comes back as soon as the browser restores them.');
    statusBox.className = 'notice';
  });
  canvas.addEventListener('webglcontextrestored', () => {
    // Before the wasm runs there is nothing to remake: main() sets up on the restored context.
    if (Module._el_context_restored && !Module._el_context_restored()) return;  // fatal() said why
    if (statusBox.className === 'notice') statusBox.className = 'hidden';
  });

  // prefers-reduced-motion: reduce: the walk shows its end state at once, no animation.
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  function applyReducedMotion() {
    if (firstFrameDrawn) Module._el_set_reduced_motion(reducedMotion.matches ? 1 : 0);
  }
  reducedMotion.addEventListener('change', applyReducedMotion);

  // --- Input: the canvas's own listeners feed ImGui (src/app/platform_web.cpp) -------------
  // Pointer positions in device pixels on the canvas, as ImGui works (backing store / CSS size).
  // Input before main() has set ImGui up and drawn the first frame is dropped (the canvas is
  // hidden until then): app() is the wasm module once it may be fed, else null.
  const app = () => (framesStarted ? Module : null);
  const noPointer = -1e30;  // no position: after a tap, or the mouse gone
  // The finger that is the pointer (onTouch), where it landed, and the last touch event's time.
  let activeTouch = null, touchStart = { x: 0, y: 0 }, touchTime = -1e9, touchState = 0;
  let pinch = null;  // two fingers down: how far apart they came down, and the zoom then
  function pointer(x, y, buttons) {
    if (!app()) return;
    const r = canvas.getBoundingClientRect();
    Module._el_input_pointer(x === noPointer ? x : (x - r.left) * canvas.width / r.width,
                                    y === noPointer ? y : (y - r.top) * canvas.height / r.height, buttons);
  }

  // Mouse and pen, as mouse events (touches come as touch events, below; after a touch the
  // browser emulates no mouse events, as onTouch prevents them). On the press the canvas takes
  // the keyboard focus and keeps the pointer while a button is held (pointer capture, which
  // mouse events follow), so a release outside it, or outside an iframe, reaches it.
  // The canvas's focus ring (style.css) is for the keyboard: the canvas takes the focus from a script
  // (a press, a field closed), where Chromium drew it round the whole page after any click or tap. It is
  // drawn when the keyboard moved last (class 'keyboard': a key in the canvas, Tab out of a field).
  const focusCanvas = () => canvas.focus({ preventScroll: true, focusVisible: canvas.classList.contains('keyboard') });
  const pressed = () => (canvas.classList.remove('keyboard'), focusCanvas());
  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch' || document.activeElement !== textEntry) pressed();
    if (event.pointerType !== 'touch') canvas.setPointerCapture(event.pointerId);
  });
  // Not the mouse events a browser emulates after a tap it was free to scroll (see onTouch): at the
  // tap's place within a second of it (they pressed what the tap had pressed, a second time).
  const emulated = (event) => performance.now() - touchTime < 1000 && Math.hypot(event.clientX - touchStart.x, event.clientY - touchStart.y) < 30;
  for (const type of ['mousedown', 'mousemove', 'mouseup'])
    canvas.addEventListener(type, (event) => emulated(event) || pointer(event.clientX, event.clientY, event.buttons));
  canvas.addEventListener('mouseleave', (event) => pointer(noPointer, noPointer, event.buttons));

  // Wheel: the app says whether it keeps the event; over empty canvas, or at the top or bottom
  // of the page, the browser scrolls the host page around an embedded demo instead.
  // Its position goes first: a page scrolled under a still pointer sends the wheel and no move.
  canvas.addEventListener('wheel', (event) => {
    pointer(event.clientX, event.clientY, event.buttons);
    if (app() && app()._el_input_wheel(event.deltaX, event.deltaY, event.deltaMode)) event.preventDefault();
  }, { passive: false });

  // Keys reach the app only while the canvas has the focus. Tab belongs to the demo (ImGui's
  // keyboard navigation); Escape then Tab lets the browser move on, so keyboard users are never
  // trapped (also inside an iframe). A key's text goes as a character (not with Ctrl or Cmd:
  // shortcuts; AltGr's Ctrl+Alt does type).
  let escapeArmed = false;
  function onKey(event) {
    const M = app(), down = event.type === 'keydown';
    canvas.classList.add('keyboard');
    if (!M || event.isComposing || event.keyCode === 229) return;  // IME text comes as input events
    if (down && event.key === 'Tab' && escapeArmed) { escapeArmed = false; return; }
    const ctrl = event.ctrlKey || event.metaKey;
    // Paste arrives as a paste event (below), with the text; let the browser raise it.
    const paste = ctrl && (event.key === 'v' || event.key === 'V');
    const mods = (event.ctrlKey ? 1 : 0) | (event.shiftKey ? 2 : 0) | (event.altKey ? 4 : 0) | (event.metaKey ? 8 : 0);
    const used = !paste && M._el_input_key(event.keyCode, down ? 1 : 0, mods);
    if (used) event.preventDefault();
    // An Escape the app used (it closed a drop-down) does not arm it. A modifier pressed between
    // them (Shift for Shift+Tab, back out of the page) keeps it armed.
    if (down && !['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) escapeArmed = event.key === 'Escape' && !used;
    if (paste) return;
    const text = down && (!ctrl || (event.ctrlKey && event.altKey)) ? event.key.codePointAt(0) : 0;
    if (text >= 0x20 && String.fromCodePoint(text) === event.key) M._el_input_char(text === 0x2212 ? 45 : text);  // (a minus sign: withString)
  }
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('keyup', onKey);
  // The app has the keyboard while the canvas or the text entry over its active field has the
  // focus; ImGui releases every key and button when it goes (a hop between the two is not a loss:
  // it happens while a field is pressed, and would drop the press).
  function onFocus(event) {
    const inApp = (e) => e === canvas || e === textEntry;
    if (app() && (event.type === 'focus' || !inApp(event.relatedTarget))) app()._el_input_focus(event.type === 'focus' ? 1 : 0);
  }
  document.addEventListener('paste', (event) => {
    const target = document.activeElement;  // the canvas, or the text entry over its active field
    if ((target !== canvas && target !== textEntry) || !Module._el_paste_text) return;
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    withString(text, (ptr) => Module._el_paste_text(ptr));
  });

  // Touch: the first finger is the pointer, pressed where it lands (so the first tap is not
  // lost); a drag scrolls the page (el_touch tells the app a finger is down). No mouse events
  // are emulated after it (preventDefault; those a browser still sends are not passed on, above),
  // and a finger leaves no hover behind.
  function onTouch(event) {
    const M = app();
    touchTime = performance.now();
    const touches = Array.from(event.changedTouches);
    // In an embed, a drag the page cannot scroll itself is the browser's (the canvas's touch-action,
    // set by the app: platform_web.cpp): it pans the course page and takes the touch back
    // (touchcancel). Every other touch is the app's: no scroll, no mouse events emulated after it.
    // A drag on a box that can scroll that way (a grid, the share box's script) is the box's (el_touch).
    const pan = canvas.style.touchAction, dy = touches[0].clientY - touchStart.y;
    const panned = event.type === 'touchstart' ? pan.startsWith('pan')
                   : event.type === 'touchmove' && (pan === 'pan-y' || pan === (dy > 0 ? 'pan-up' : 'pan-down')) &&
                     !(touchState & (dy > 0 ? 2 : 4));
    // (Not one the browser made uncancellable, as it does while a scroll of the host page runs: Chromium
    // logs the attempt as an error.)
    if (!panned && event.cancelable) event.preventDefault();
    // Two fingers moved apart or together zoom the page's text and controls (src/app/platform_web.cpp,
    // el_zoom), from the zoom they came down at.
    const all = event.touches, spread = () => Math.hypot(all[0].clientX - all[1].clientX, all[0].clientY - all[1].clientY);
    if (all.length < 2) {
      // The zoom a pinch left stays for the tab's visit, as the browser's zoom would: through a reload, and
      // the one into the deeper tier (firstFrame puts it back).
      if (pinch) try { sessionStorage.setItem('el-zoom', M._el_zoom(0)); } catch (e) { /* no storage */ }
      pinch = null;
    } else if (M && event.type === 'touchmove' && pinch) M._el_zoom(pinch[1] * spread() / pinch[0]);
    if (event.type === 'touchstart') {
      if (document.activeElement !== textEntry) pressed();
      if (all.length > 1) return M && (pinch = [spread(), M._el_zoom(0)]), cancelTouch();  // a pinch: no press
      if (activeTouch !== null || !M) return;
      activeTouch = touches[0].identifier;
      touchStart = { x: touches[0].clientX, y: touches[0].clientY };
      const r = canvas.getBoundingClientRect();
      touchState = M._el_touch(1, touchStart.x - r.left, touchStart.y - r.top);
      // A finger that stops a coasting page presses nothing (a button or a cell under it was pressed too)
      // until it moves on to scroll.
      if (!(touchState & 1)) pointer(touchStart.x, touchStart.y, 1);
      return;
    }
    if (event.type === 'touchcancel') return cancelTouch();  // the system took the touch back (an edge swipe)
    const t = touches.find((x) => x.identifier === activeTouch);
    if (!t) return;
    const moved = Math.hypot(t.clientX - touchStart.x, t.clientY - touchStart.y) >= 10;
    if (event.type === 'touchmove') {
      // (Moved on: pressed where it landed, as any drag is, so that it scrolls and clicks nothing.)
      if (moved && touchState & 1) touchState &= ~1, pointer(touchStart.x, touchStart.y, 1);
      if (!(touchState & 1)) pointer(t.clientX, t.clientY, 1);
      return;
    }
    pointer(t.clientX, t.clientY, 0);
    pointer(noPointer, noPointer, 0);
    activeTouch = null;
    M._el_touch(0);
    // A tap (not a scroll) on a text field opens the keyboard now, inside the tap's handler.
    if (event.type === 'touchend' && !moved && !(touchState & 1)) tapTextField(t);
  }
  // A press the learner did not finish ends where nothing is: released over the button under the
  // first finger, it was a click (a pinch filled W with zeros, wiping the edits).
  function cancelTouch() {
    if (activeTouch === null) return;
    pointer(noPointer, noPointer, 1);
    pointer(noPointer, noPointer, 0);
    activeTouch = null;
    app()._el_touch(-1);  // (taken back: no coast)
  }
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel'])
    canvas.addEventListener(type, onTouch, { passive: false });

  // --- A phone's keyboard and IME ---------------------------------------------
  // A canvas raises no on-screen keyboard and gets no IME text. While a text field of the app
  // is active, a real <input> lies over it (transparent: ImGui draws the field) and has the
  // focus; what it receives is fed to the field (src/app/text_input.cpp). iOS opens the
  // keyboard only if focus() runs inside the tap's own handler: tapTextField asks the app
  // synchronously whether the tap landed on a text field. font-size 16px: no zoom on focus.
  const textEntry = document.createElement('input');
  textEntry.id = 'text-entry';
  textEntry.type = 'text';
  textEntry.className = 'hidden';
  textEntry.setAttribute('autocomplete', 'off');
  textEntry.setAttribute('autocapitalize', 'off');
  textEntry.setAttribute('autocorrect', 'off');
  textEntry.setAttribute('spellcheck', 'false');
  textEntry.setAttribute('enterkeyhint', 'done');
  canvas.after(textEntry);
  let textEntryOn = false;  // the app has a text field active
  // The field's text as the app last told it (textValue), shown in the <input> for a screen reader to
  // read back, or null: on a touch screen the <input> stays empty (a phone's keyboard that finds text
  // there may compose a word out of it and send it again).
  let mirrored = null;

  function focusTextEntry() {
    if (document.activeElement !== textEntry) textEntry.focus({ preventScroll: true });
  }
  // Named as the field is ("lr", "W[2][1]"; src/app/text_input.h), with the value it opened with where the
  // <input> does not show the text ("W[2][1]: 0.6"): a screen reader says which value it is, and the
  // field's help after it.
  function openTextEntry(x, y, w, h, decimal, label = '', value = '', help = '') {  // a tap's: named once the app has the field
    const name = label && value ? `${label}: ${value}` : label;
    // Tab from field to field keeps the focus on this <input>: only its name changes, which some screen
    // readers (JAWS) do not say. The live line says it too. (Not after a tap, which names the <input>
    // only once the app has the field.) A field opened from another control empties the line: back on
    // that control, its name is said again (the same text put back was not).
    const was = textEntry.getAttribute('aria-label');
    if (!textEntryOn) focused.textContent = '';
    else if (was && name && name !== was) focused.textContent = name;
    if (!textEntryOn) mirrored = matchMedia('(pointer: coarse)').matches ? null : '';
    textEntryOn = true;
    // Where the <input> shows the text, its name is the field's alone ("W[2][1]", not "W[2][1]: 0.6").
    textEntry.setAttribute('aria-label', mirrored === null ? name : label);
    textEntry.setAttribute('aria-description', help);
    const st = textEntry.style;
    st.left = (canvas.offsetLeft + x) + 'px';
    st.top = (canvas.offsetTop + y) + 'px';
    st.width = Math.max(w, 24) + 'px';
    st.height = Math.max(h, 16) + 'px';
    textEntry.inputMode = decimal ? 'decimal' : 'text';
    textEntry.classList.remove('hidden');
    focusTextEntry();
  }
  function closeTextEntry() {
    textEntryOn = false;
    mirrored = null;
    if (document.activeElement === textEntry) focusCanvas();
    textEntry.value = '';
    textEntry.classList.remove('composing');
    // Hidden a task later, once the focus is known to have moved: hidden at once, the <input> left the
    // accessibility tree before the canvas took the focus, and Orca, taking that for the focus lost,
    // read on from there after an arrow key that closed the field (in browse mode, which took the arrows).
    setTimeout(() => textEntryOn || textEntry.classList.add('hidden'));
  }
  function tapTextField(touch) {
    if (!Module._el_text_field_at) return;
    const r = canvas.getBoundingClientRect();
    const [kind, x, y, w, h] = withRect((out) => Module._el_text_field_at(touch.clientX - r.left, touch.clientY - r.top, out));
    if (kind) openTextEntry(x, y, w, h, kind === 1);
  }
  function feedText(text) {
    if (text && Module._el_paste_text) withString(text, (ptr) => Module._el_paste_text(ptr));
  }
  function sendKey(key, down, ctrl = false, shift = false) {
    return Module._el_text_key ? withString(key, (ptr) => Module._el_text_key(ptr, down ? 1 : 0, ctrl ? 1 : 0, shift ? 1 : 0)) : 0;
  }
  // Editing keys (Backspace, Enter, arrows, Ctrl+A, ...) go to the field as key events; letters and
  // digits are left to the browser, so they arrive as text (input and composition events).
  // Android keyboards send keydown 229 / "Unidentified" and their text through input events.
  function textEntryKey(event) {
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === 'Tab') canvas.classList.add('keyboard');  // (not Enter: a phone keyboard's "done")
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? (ctrl ? event.key.toLowerCase() : '') : event.key;
    if (key && sendKey(key, event.type === 'keydown', ctrl, event.shiftKey)) event.preventDefault();
  }
  for (const element of [canvas, textEntry]) {
    element.addEventListener('focus', onFocus);
    element.addEventListener('blur', onFocus);
  }
  // A click, drag or tap on the field being typed in lands on this <input>, over it: it goes to the field (a
  // caret placed, text selected; it had gone nowhere). Not a right click or a long press, which open the
  // browser's menu (Paste), nor a press while an IME composes: its text stays where it was typed.
  for (const type of ['mousedown', 'mousemove', 'mouseup', 'touchstart', 'touchend'])
    textEntry.addEventListener(type, (event) => {
      const t = event.changedTouches?.[0], x = (t || event).clientX, y = (t || event).clientY, tap = performance.now() - touchTime < 500 && Math.hypot(x - touchStart.x, y - touchStart.y) < 10;
      if (t) touchTime = performance.now();
      if (type === 'touchstart') touchStart = { x, y };
      else if (!textEntry.classList.contains('composing') && (t ? tap : !emulated(event) && (type === 'mousemove' || !event.button)))
        t ? (pointer(x, y, 1), pointer(x, y, 0)) : pointer(x, y, event.buttons & 1);
    }, { passive: true });
  textEntry.addEventListener('keydown', textEntryKey);
  textEntry.addEventListener('keyup', textEntryKey);
  function showText(text, start, end) {  // the app's field, in the <input>
    if (mirrored === null || textEntry.classList.contains('composing')) return;  // (not under a composition)
    mirrored = text;
    if (textEntry.value !== text) textEntry.value = text;
    if (document.activeElement === textEntry) textEntry.setSelectionRange(start, end);
  }
  textEntry.addEventListener('beforeinput', (event) => {
    if (event.isComposing) return;
    // Showing the field's text, the <input> changes only from the app: typed text goes to the field.
    if (mirrored !== null && event.inputType.startsWith('insert') && event.data) {
      event.preventDefault();
      feedText(event.data);
      return;
    }
    if (mirrored === null && textEntry.value) return;
    // Keyboards that send no keydown for these (Android): the same keys, pressed and released.
    const key = { deleteContentBackward: 'Backspace', deleteContentForward: 'Delete', insertLineBreak: 'Enter' }[event.inputType];
    if (!key) return;
    event.preventDefault();
    sendKey(key, true);
    sendKey(key, false);
  });
  // Where the <input> shows the field's text, text that changed it anyway (not cancelled): what it added.
  function added(value) {
    if (mirrored === null) return value;
    let head = 0, tail = 0;
    while (head < value.length && value[head] === mirrored[head]) head++;
    while (tail < value.length - head && tail < mirrored.length - head && value[value.length - 1 - tail] === mirrored[mirrored.length - 1 - tail]) tail++;
    return value.slice(head, value.length - tail);
  }
  // Text lands once: typed or inserted text at each input event, composed text (IME, and
  // phone keyboards that compose words) only when the composition is committed; the <input> is then
  // emptied, or shows the field's text again.
  textEntry.addEventListener('input', (event) => {
    if (event.isComposing) return;
    feedText(added(textEntry.value));
    textEntry.value = mirrored ?? '';
  });
  textEntry.addEventListener('compositionstart', () => textEntry.classList.add('composing'));
  textEntry.addEventListener('compositionend', (event) => {
    textEntry.classList.remove('composing');
    feedText(mirrored === null ? textEntry.value || event.data : event.data);
    textEntry.value = mirrored ?? '';
  });
  textEntry.addEventListener('paste', (event) => {
    event.preventDefault();
    event.stopPropagation();
    feedText(event.clipboardData.getData('text'));
  });

  // --- JavaScript API --------------------------------------------------------
  function withString(text, fn) {
    // A lone surrogate (a broken paste) made stringToUTF8 eat the next character, and a NUL ended the
    // text early ('0.1\0junk' was taken as 0.1): each is refused as the character it stands for.
    // A typeset minus (U+2212, copied from a formatted page or slide) is the '-' it stands for.
    text = text.replace(/\p{Cs}|\0/gu, '\uFFFD').replace(/\u2212/g, '-');
    const size = Module.lengthBytesUTF8(text) + 1;
    const ptr = Module._malloc(size);
    try { Module.stringToUTF8(text, ptr, size); return fn(ptr); } finally { Module._free(ptr); }
  }
  // [what call(out) returns, x, y, width, height]: a rectangle the app writes into wasm memory.
  function withRect(call) {
    const out = Module._malloc(16);
    try { return [call(out), ...new Float32Array(Module.HEAPF32.buffer, out, 4)]; } finally { Module._free(out); }
  }
  function parseJson(ptr) { return JSON.parse(Module.UTF8ToString(ptr)); }
  // Float32 matrices arrive as [pointer, rows, cols] into wasm memory; each number
  // becomes the exact float32 value as a double (0.02 reads 0.019999999552965164), and a
  // non-finite one the string "inf", "-inf" or "nan", as the JSON writer writes it
  // (src/state/json_writer.h), so a snapshot survives JSON.stringify.
  const cell = (x) => (Number.isFinite(x) ? x : Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf');
  function readMatrices(object) {
    const heap = Module.HEAPF32;
    for (const [key, [ptr, rows, cols]] of Object.entries(object.matrices)) {
      const flat = heap.subarray(ptr / 4, ptr / 4 + rows * cols);
      const out = new Array(rows);
      for (let r = 0; r < rows; r++) out[r] = Array.from(flat.subarray(r * cols, (r + 1) * cols), cell);
      object[key] = out;
    }
    delete object.matrices;
    return object;
  }

  window.embeddingLab = {
    /** Resolves once the first frame is on screen. */
    ready,
    /** The current state and every result, numbers as the float32 values (as doubles). */
    snapshot(options = {}) {
      const object = parseJson(Module._el_snapshot_json());
      if (options.matrices === false) { delete object.matrices; return object; }  // cheap, for large tables
      return readMatrices(object);
    },
    /** A drawn widget's rectangle in CSS pixels relative to the canvas (visible: not scrolled away;
     * keyboardFocus: the keyboard's focus is on it), or null. */
    widgetRect(name) {
      const [found, x, y, width, height] = withRect((out) => withString(String(name), (ptr) => Module._el_widget_rect(ptr, out)));
      return found ? { x, y, width, height, visible: (found & 2) !== 0, keyboardFocus: (found & 4) !== 0 } : null;
    },
    /** The current state as a share-link fragment (without '#'). */
    getLink() { return Module.UTF8ToString(Module._el_get_link()); },
    /** Applies a fragment as a pasted link would, and the address follows: {ok, errors, notices}. */
    setLink(fragment) {
      const text = String(fragment).replace(/^#/, '');
      settle();  // (as for a new address)
      window.embeddingLabHost.linksOpened++;
      return withString(text, (ptr) => JSON.parse(Module.UTF8ToString(Module._el_set_link(ptr, 0))));
    },
    /** The script "Copy as NumPy" / "Copy as PyTorch" gives: kind is 'numpy' or 'pytorch'. */
    exportScript(kind) {
      if (kind !== 'numpy' && kind !== 'pytorch') throw new TypeError(`exportScript: ${JSON.stringify(kind)} is not 'numpy' or 'pytorch'`);
      return withString(kind, (ptr) => Module.UTF8ToString(Module._el_export_script(ptr)));
    },
    /** The text shown in the share box for copying by hand (link, embed code or script). */
    shareText() { return Module.UTF8ToString(Module._el_share_text()); },
    /** The page's words in its language: {lang, decimal, words: {name: text}} (MSG_JS in src/i18n/en/dom.def). */
    words() { return JSON.parse(Module.UTF8ToString(Module._el_words_json())); },
    /** The preset gallery: [{name, title, link}]. */
    presets() { return JSON.parse(Module.UTF8ToString(Module._el_presets_json())); },
    /** Frame counter and CPU time per drawn frame. */
    frameStats() { return parseJson(Module._el_frame_stats_json()); },
    /**
     * Runs the cost benchmark across frames (the panel's shape, or the one given) and
     * resolves with its figures; rejects if the shape is refused or the run is cancelled.
     */
    benchmark(shape = {}) {
      // A shape has whole numbers for V, d, B or repeats and nothing else (a value that was not had
      // been truncated or read as 0, and a non-object had silently run the last shape).
      const wrong = shape === null || typeof shape !== 'object' ? [] :
        Object.entries(shape).find(([k, v]) => !['V', 'd', 'B', 'repeats'].includes(k) || !whole(v));
      if (wrong) {
        const what = JSON.stringify(wrong.length ? Object.fromEntries([wrong]) : shape);
        return Promise.reject(new Error('benchmark() takes {V, d, B, repeats} in whole numbers, or nothing; not ' + what));
      }
      const c = Object.assign(parseJson(Module._el_cost_status_json()).shape, shape);
      const started = parseJson(Module._el_cost_start(c.V, c.d, c.B, c.repeats));
      if (!started.ok) return Promise.reject(new Error(started.error));
      return new Promise((resolve, reject) => {
        const poll = () => {
          const s = parseJson(Module._el_cost_status_json());
          if (s.run !== started.run) reject(new Error('another benchmark run replaced this one'));
          else if (s.done) resolve(s.figures);
          else if (!s.running) reject(new Error(s.error || 'the benchmark was cancelled'));
          else setTimeout(poll, 30);
        };
        setTimeout(poll, 30);
      });
    },
    /** The cost benchmark now: {run, running, done, progress, activity, error, shape, figures}. */
    benchmarkStatus() { return parseJson(Module._el_cost_status_json()); },
    /** Stops a running benchmark (as the panel's Cancel): its benchmark() promise is rejected. */
    cancelBenchmark() { Module._el_cost_cancel(); },
    /**
     * n optimizer steps with the current settings (as n clicks of Step). Returns snapshot() with
     * touchedRows / changedRows replaced by the last step's optimizer report, plus its other fields
     * (changedUntouchedRows, rescaledRows, rowReasons, step, loss, error, ...).
     */
    step(n = 1) {
      const report = parseJson(Module._el_step_json(Math.max(1, Math.floor(Number(n)) || 1)));
      return { ...this.snapshot(), ...report };
    },
    /** The last step's report and running counts, without stepping. */
    training({ arrays = true } = {}) { return parseJson(Module._el_training_json(arrays ? 1 : 0)); },
    /** W back to the table before the first step; the optimizer forgets its state. */
    resetTraining() { Module._el_training_reset(); },
    /** Row k's optimizer state: {momentum, expAvg, expAvgSq, updates, touches}, or null. */
    optimizerRow(k) { return parseJson(Module._el_optimizer_row_json(whole(k) ? k : -1)); },
    /** "After one step on 64 ids, which rows changed?" on a copy of W and the optimizer. */
    followUp(newBatch = false) { return parseJson(Module._el_follow_up_json(newBatch ? 1 : 0)); },
    /** The frequency experiment: start (as the Run button), progress, cancel. */
    startFrequency() { Module._el_frequency_start(); },
    frequency({ arrays = true } = {}) { return parseJson(Module._el_frequency_json(arrays ? 1 : 0)); },
    cancelFrequency() { Module._el_frequency_cancel(); },
    /**
     * Lights id up everywhere (as hovering its row would, but it stays); null clears.
     * Returns {ok, error, highlight}; a bad id is refused with a message.
     */
    highlight(id) {
      if (id === null || id === undefined) return parseJson(Module._el_highlight(0, 1));
      if (!whole(id)) return { ok: false, error: `highlight: ${JSON.stringify(id)} is not an id (a whole number)`, highlight: this.snapshot({ matrices: false }).highlight };
      return parseJson(Module._el_highlight(id, 0));
    },
    /**
     * Walks out[b][c] down column c of W, as the Walk button does ({speed, skipToEnd} optional);
     * resolves with its counts {terms, zeroTerms, gatherSteps, value, gatherValue, ...} when it ends.
     */
    walk({ b = 0, c = 0, speed = 0, skipToEnd = false } = {}) {
      if (!whole(b) || !whole(c)) return Promise.reject(new Error(`walk: b and c are whole numbers, not ${JSON.stringify([b, c])}`));
      const started = parseJson(Module._el_walk_start(b, c, Number(speed) || 0, skipToEnd ? 1 : 0));
      if (!started.ok) return Promise.reject(new Error(started.error));
      return new Promise((resolve, reject) => {
        const poll = () => {
          const s = parseJson(Module._el_walk_json());
          if (!s.active || s.b !== started.b || s.c !== started.c) reject(new Error('the walk was replaced or the state changed'));
          else if (s.done) resolve(s);
          else setTimeout(poll, 20);
        };
        poll();
      });
    },
    /** The walk now: {active, running, done, b, c, terms, zeroTerms, ...}. */
    walkStatus() { return parseJson(Module._el_walk_json()); },
    /** The parameter-budget experiment: frequency()'s shape plus settings, variants, outcome (README); {arrays: false} leaves out the curves. */
    budget({ arrays = true } = {}) { return parseJson(Module._el_budget_json(arrays ? 1 : 0)); },
    /** Starts it with {V, d, k, r, N, shared, zipf, seed, steps} (others kept): {ok, error}. */
    startBudget(settings = {}) {
      const keys = { V: 'bV', d: 'bd', k: 'bk', r: 'br', N: 'bN', shared: 'bsk', zipf: 'bzipf', seed: 'bseed', steps: 'bsteps' };
      if (settings === null || typeof settings !== 'object') return { ok: false, error: 'settings must be an object' };
      const unknown = Object.keys(settings).filter((name) => !(name in keys));
      if (unknown.length) return { ok: false, error: `unknown setting ${unknown.join(', ')} (known: ${Object.keys(keys).join(', ')})` };
      const all = { ...this.budget({ arrays: false }).settings, ...settings };
      const fragment = 'v=1&' + Object.keys(keys).map((name) => `${keys[name]}=${encodeURIComponent(String(all[name]))}`).join('&');
      return withString(fragment, (ptr) => JSON.parse(Module.UTF8ToString(Module._el_budget_start(ptr))));
    },
    cancelBudget() { Module._el_budget_cancel(); },
    /** Reloads the page with the deeper tier's experiments (the same link plus deeper=1); budget().loaded says if they are. */
    loadDeeperTier() { Module._el_load_deeper_tier(); },
  };
  // Before main() has run there is no app to ask: a plain answer, not a minified "reading 'jb'".
  for (const [name, f] of Object.entries(window.embeddingLab)) {
    if (typeof f === 'function') {
      window.embeddingLab[name] = function (...args) {
        if (!appRunning) throw new Error('Embedding Lab is not ready yet: await embeddingLab.ready first');
        return f.apply(this, args);
      };
    }
  }
})();
