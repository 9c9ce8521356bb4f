// Embedding Lab host script, for the course page around an embed (no dependencies, no eval, no
// inline styles: it works under a strict Content Security Policy).
//
//   <iframe src=".../index.html#v=1&embed=1&height=auto&..." data-embedding-lab="auto" ...></iframe>
//   <script src=".../embed.js" defer></script>
//
// Every iframe marked data-embedding-lab="auto" (and any given to EmbeddingLabFrames.attach) takes
// the height its page asks for in {type: "embedding-lab:resize", height}, up to the maxheight= of
// its own link (1600 with height=auto and none), and is never wider than its column. A message counts only if
// it comes from one of those frames' windows (and, unless the frame is sandboxed, from its origin)
// and has exactly that shape with a height of 50 to 20000 CSS pixels; anything else is ignored.
// On attach the frame is asked for its height ({type: "embedding-lab:height?"}), in case it posted
// it before.
'use strict';
(function () {
  if (window.EmbeddingLabFrames) return;  // loaded twice: one listener is enough
  const frames = [];
  const MIN = 50, MAX = 20000;

  function frameOrigin(frame) {
    try { return new URL(frame.src, location.href).origin; } catch (e) { return null; }
  }
  // The teacher's cap, read from the frame's link (the page inside may have been given another since).
  function frameCap(frame) {
    try {
      const link = new URLSearchParams(new URL(frame.src, location.href).hash.slice(1)), cap = Number(link.get('maxheight'));
      return cap >= 200 && cap <= MAX ? cap : link.get('height') === 'auto' ? 1600 : MAX;
    } catch (e) { return MAX; }
  }
  // A frame attached after its page posted its height (this script added late, or the frame inserted
  // and scanned once loaded) is asked for it again.
  function attach(frame) {
    if (frame && frame.tagName === 'IFRAME' && frames.indexOf(frame) < 0) {
      frames.push(frame);
      // Never wider than its column, borders included (the snippet's width="900" scrolled a narrow one
      // sideways): an inline style in the snippet would be refused by a strict style-src, one set from here is not.
      frame.style.maxWidth = 'calc(100% - ' + (frame.offsetWidth - frame.clientWidth) + 'px)';
      frame.contentWindow?.postMessage({ type: 'embedding-lab:height?' }, '*');
    }
  }
  function detach(frame) {
    const i = frames.indexOf(frame);
    if (i >= 0) frames.splice(i, 1);
  }
  function onMessage(event) {
    const data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'embedding-lab:resize') return;
    const height = data.height;
    if (typeof height !== 'number' || !Number.isFinite(height) || height < MIN || height > MAX) return;
    for (const frame of frames) {
      if (frame.contentWindow !== event.source) continue;
      // A sandboxed frame without allow-same-origin posts from the opaque origin "null".
      if (event.origin !== 'null' && event.origin !== frameOrigin(frame)) return;
      const h = Math.min(Math.round(height), frameCap(frame));
      frame.style.height = h + 'px';
      frame.dispatchEvent(new CustomEvent('embedding-lab:resized', { detail: { height: h } }));
      return;
    }
  }
  window.addEventListener('message', onMessage);
  function scan() { document.querySelectorAll('iframe[data-embedding-lab="auto"]').forEach(attach); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
  window.EmbeddingLabFrames = { attach, detach, scan };
})();
