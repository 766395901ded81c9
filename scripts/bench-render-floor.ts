/**
 * The floor of `npm run bench:render` (the plain-text page): the cheapest faithful rendering of the same stream — its raw text, no Markdown, no
 * framework, one `<div>` per paragraph appended to, followed to the bottom — fed by in-page timers
 * (no network either), applied at the next frame or, with `intervalMs`, at most that often. What
 * the browser alone costs on this machine for this much text.
 * `floorStart(tokens, tokensPerSecond, intervalMs, showText)` starts it; at the end `<body>` gets
 * `data-done` set to the rate achieved. With `showText` false it is the control: the same stream
 * received by the same timers, nothing shown — what the machine and the measurement cost with no
 * rendering. (A page script, not a function passed to Playwright: the bench runs under tsx, whose
 * helpers would not exist in the page.)
 */
export const FLOOR_PAGE = `<!doctype html>
<div id="scroller" style="height:100vh;overflow:auto;font:16px/1.6 system-ui,sans-serif">
  <div id="text" style="max-width:48rem;margin:auto;white-space:pre-wrap"></div>
</div>
<script>
window.floorStart = function (tokens, tokensPerSecond, intervalMs, showText) {
  var scroller = document.getElementById('scroller');
  var text = document.getElementById('text');
  var paragraph = text.appendChild(document.createElement('div'));
  var pending = '', next = 0, frameRequested = false, started = performance.now(), lastShown = 0;
  function show() {
    frameRequested = false;
    lastShown = performance.now();
    var parts = pending.split('\\n\\n');
    paragraph.append(parts[0]);
    for (var i = 1; i < parts.length; i++) {
      paragraph = text.appendChild(document.createElement('div'));
      paragraph.style.marginTop = '1em';
      paragraph.append(parts[i]);
    }
    pending = '';
    scroller.scrollTop = scroller.scrollHeight;
    if (next >= tokens.length) {
      document.body.dataset.done = String(tokens.length / (performance.now() - started) * 1000);
    }
  }
  function feed() {
    var due = Math.min(tokens.length, Math.floor((performance.now() - started) / 1000 * tokensPerSecond));
    while (next < due) pending += tokens[next++];
    if (showText === false) {
      pending = '';
      if (next >= tokens.length) show();
    } else if (pending && !frameRequested) {
      frameRequested = true;
      var wait = lastShown + intervalMs - performance.now();
      if (wait > 0) setTimeout(function () { requestAnimationFrame(show); }, wait);
      else requestAnimationFrame(show);
    }
    if (next < tokens.length) setTimeout(feed, 10);
  }
  feed();
};
</script>`;
