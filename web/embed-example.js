// The example course page's own script (embed-example.html): it keeps a list of the answers the
// embedded question cards report, as a course page would record progress. Only messages from
// this page's lab frames, with the documented shape, are read; nothing is stored or sent on.
'use strict';
(function () {
  const list = document.getElementById('answers');
  const frames = Array.prototype.slice.call(document.querySelectorAll('iframe.lab'));
  window.addEventListener('message', function (event) {
    const m = event.data;
    if (!m || typeof m !== 'object' || m.type !== 'embedding-lab:answer') return;
    if (!frames.some(function (f) { return f.contentWindow === event.source; })) return;
    if (typeof m.question !== 'string' || typeof m.correct !== 'boolean' || typeof m.attempts !== 'number') return;
    const item = document.createElement('li');
    item.textContent = m.question + ': ' + (m.correct ? 'right' : 'not yet') + ' (attempt ' + m.attempts + ')';
    list.appendChild(item);
    document.getElementById('no-answers').hidden = true;
  });
})();
