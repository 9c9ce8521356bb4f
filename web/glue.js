// Page glue: starts the WebAssembly app on the canvas, fixes what Emscripten
// 3.1.6's GLFW gets wrong in browsers (touch, focus, Tab, paste), and exposes
// window.embeddingLab, the JavaScript API for tests and course authors.
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const statusBox = document.getElementById('status');
  const live = document.getElementById('live');
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });

  function fatal(message) {
    statusBox.textContent = message;
    statusBox.className = 'error';
    rejectReady(new Error(message));
  }

  // Called from C++ (src/app/browser.cpp).
  window.embeddingLabHost = {
    prefersDark() { return /(^|[#&])theme=dark(&|$)/.test(location.hash); },
    firstFrame() { statusBox.className = 'hidden'; resolveReady(); },
    copyText(text) {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(() => {});
    },
    setLiveText(text) { live.textContent = text; },
    fatal,
  };

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => fatal('Embedding Lab stopped: ' + what + '. Reload the page to start again.'),
  };

  // --- Input fixes -----------------------------------------------------------
  // GLFW listens for keys on the whole window: only the focused canvas should get them.
  // Tab belongs to the demo while it has focus; Escape then Tab lets the browser move on,
  // so keyboard users are never trapped (also inside an iframe).
  let escapeArmed = false;
  function filterKeys(event) {
    if (document.activeElement !== canvas) { event.stopImmediatePropagation(); return; }
    if (event.type !== 'keydown') return;
    if (event.key === 'Tab' && escapeArmed) { escapeArmed = false; event.stopImmediatePropagation(); return; }
    escapeArmed = event.key === 'Escape';
    // Paste arrives as a paste event (below), with the text; let the browser raise it.
    if ((event.ctrlKey || event.metaKey) && (event.key === 'v' || event.key === 'V')) event.stopImmediatePropagation();
  }
  for (const type of ['keydown', 'keyup', 'keypress']) window.addEventListener(type, filterKeys, true);
  document.addEventListener('paste', (event) => {
    if (document.activeElement !== canvas || !window.Module._el_paste_text) return;
    const text = (event.clipboardData || window.clipboardData).getData('text');
    if (!text) return;
    event.preventDefault();
    withString(text, (ptr) => window.Module._el_paste_text(ptr));
  });

  // Mouse: keep the button owned by the canvas when released outside it (iframes).
  canvas.addEventListener('pointerdown', (event) => {
    canvas.focus({ preventScroll: true });
    if (event.pointerType === 'mouse') canvas.setPointerCapture(event.pointerId);
  });

  // Touch: GLFW 3.1.6 ignores touches and loses the first tap (no hover position
  // before the press). Translate the first finger into mouse events ourselves.
  function sendMouse(type, touch) {
    canvas.dispatchEvent(new MouseEvent(type, {
      clientX: touch.clientX, clientY: touch.clientY, screenX: touch.screenX, screenY: touch.screenY,
      button: 0, buttons: type === 'mouseup' ? 0 : 1, bubbles: true, cancelable: true, view: window,
    }));
  }
  let activeTouch = null;
  canvas.addEventListener('touchstart', (event) => {
    event.preventDefault();  // no emulated mouse events after the touch
    canvas.focus({ preventScroll: true });
    if (activeTouch !== null) return;
    const t = event.changedTouches[0];
    activeTouch = t.identifier;
    sendMouse('mousemove', t);
    sendMouse('mousedown', t);
  }, { passive: false });
  canvas.addEventListener('touchmove', (event) => {
    event.preventDefault();
    for (const t of event.changedTouches) if (t.identifier === activeTouch) sendMouse('mousemove', t);
  }, { passive: false });
  const endTouch = (event) => {
    event.preventDefault();
    for (const t of event.changedTouches) {
      if (t.identifier === activeTouch) { sendMouse('mouseup', t); activeTouch = null; }
    }
  };
  canvas.addEventListener('touchend', endTouch, { passive: false });
  canvas.addEventListener('touchcancel', endTouch, { passive: false });

  // --- JavaScript API --------------------------------------------------------
  function withString(text, fn) {
    const M = window.Module;
    const size = M.lengthBytesUTF8(text) + 1;
    const ptr = M._malloc(size);
    try { M.stringToUTF8(text, ptr, size); return fn(ptr); } finally { M._free(ptr); }
  }
  const NON_FINITE = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };
  function parseJson(ptr) {
    return JSON.parse(window.Module.UTF8ToString(ptr), (key, value) =>
      (typeof value === 'string' && value in NON_FINITE) ? NON_FINITE[value] : value);
  }
  // Float32 matrices arrive as the shortest decimal text; Math.fround turns each back
  // into the exact float32 value (as a double), so 0.02 reads 0.019999999552965164.
  const FLOAT32_MATRICES = ['table', 'upstream', 'gather', 'matmul', 'gradTable'];
  function float32Matrices(object) {
    for (const key of FLOAT32_MATRICES) {
      if (Array.isArray(object[key])) object[key] = object[key].map((row) => row.map(Math.fround));
    }
    return object;
  }

  window.embeddingLab = {
    /** Resolves once the first frame is on screen. */
    ready,
    /** The current state and every result, numbers as the float32 values (as doubles). */
    snapshot() { return float32Matrices(parseJson(window.Module._el_snapshot_json())); },
    /** A drawn widget's rectangle in CSS pixels relative to the canvas, or null. */
    widgetRect(name) {
      const M = window.Module;
      const out = M._malloc(16);
      try {
        const found = withString(String(name), (ptr) => M._el_widget_rect(ptr, out));
        if (!found) return null;
        const f = new Float32Array(M.HEAPF32.buffer, out, 4);
        return { x: f[0], y: f[1], width: f[2], height: f[3] };
      } finally { M._free(out); }
    },
    /** Frame counter and CPU time per drawn frame. */
    frameStats() { return JSON.parse(window.Module.UTF8ToString(window.Module._el_frame_stats_json())); },
  };
})();
