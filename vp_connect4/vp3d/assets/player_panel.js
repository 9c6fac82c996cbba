// The player file's widgets (view/player_panel.py), run once right after VPython made them: the Player file field
// (the last text field: its keys are typing, not moves) and the Try again button (the last button), which moves
// into the box where a player file's failure shows. The box lies over the 3D view's top left corner, over the sky
// (165 pixels high at most, then it scrolls), so it moves nothing on the page; it is hidden until
// window.c4PlayerError(heading, code, advice, retry) fills it, and an empty heading hides it again. Texts go in
// as text, never as HTML.
(function () {
  var fields = document.querySelectorAll('input[type=text]');
  var field = fields[fields.length - 1];
  if (field) {
    field.name = 'c4-player-file';
    ['keydown', 'keyup'].forEach(function (type) {
      field.addEventListener(type, function (e) { e.stopPropagation(); });
    });
  }
  var buttons = document.querySelectorAll('button');
  var retry = buttons[buttons.length - 1];
  retry.id = 'c4-retry';
  retry.classList.add('c4-own');
  var box = document.createElement('div');
  box.id = 'c4-player-error';
  box.setAttribute('role', 'alert');
  box.style.cssText = 'position: absolute; left: 8px; top: 8px; z-index: 6; display: none; max-width: 920px; '
    + 'max-height: 165px; overflow: auto; padding: 6px 10px; background: rgba(255, 255, 255, 0.95); '
    + 'border: 2px solid #c62828; border-radius: 4px; font: 14px sans-serif; color: #212121; text-align: left';
  var heading = document.createElement('div');
  heading.id = 'c4-player-error-heading';
  heading.style.cssText = 'font-weight: bold; color: #c62828';
  var code = document.createElement('pre');
  code.id = 'c4-player-error-lines';
  code.style.cssText = 'margin: 4px 0; font: 13px monospace; white-space: pre-wrap';
  var advice = document.createElement('span');
  advice.id = 'c4-player-error-advice';
  advice.style.cssText = 'margin-right: 8px';
  [heading, code, advice, retry].forEach(function (el) { box.appendChild(el); });
  var wrapper = document.querySelector('.glowscript-canvas-wrapper') || document.body;
  wrapper.appendChild(box);
  window.c4PlayerError = function (said, lines, todo, again) {
    heading.textContent = said;
    code.textContent = lines.join('\n');
    code.style.display = lines.length ? 'block' : 'none';
    advice.textContent = todo;
    retry.style.display = again ? 'inline-block' : 'none';
    box.style.display = said ? 'block' : 'none';
    box.scrollTop = 0;
  };
})();
