(function () {
  var SCALE = %(scale)s;
  var drag = null;  // {x, y}: where the turning drag began, in client pixels
  function onCanvas(e) { return e.target && e.target.tagName === 'CANVAS' && e.target.closest('.glowscript'); }
  window.addEventListener('mousedown', function (e) {
    if (!e.isTrusted || !onCanvas(e)) return;
    var turning = (e.button === 2 && !(e.buttons & 1)) || (e.button === 0 && e.ctrlKey && !e.altKey);
    drag = turning ? { x: e.clientX, y: e.clientY } : null;
  }, true);
  window.addEventListener('mouseup', function (e) { if (e.isTrusted) drag = null; }, true);
  window.addEventListener('mousemove', function (e) {
    if (!e.isTrusted || !drag || !onCanvas(e)) return;
    e.stopImmediatePropagation();
    var copy = new MouseEvent('mousemove', {
      bubbles: true, cancelable: true, view: window,
      clientX: drag.x + (e.clientX - drag.x) * SCALE, clientY: drag.y + (e.clientY - drag.y) * SCALE,
      screenX: e.screenX, screenY: e.screenY, button: e.button, buttons: e.buttons,
      ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey
    });
    e.target.dispatchEvent(copy);
  }, true);
})();
