(function () {
  document.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  // the arrow keys and Space choose and drop a column (VPython's keydown still sees them): no page scroll
  document.addEventListener('keydown', function (e) {
    var playing = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' '].indexOf(e.key) >= 0;
    if (playing && !/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) e.preventDefault();
  });
  // a clicked button lets go of the focus, so Space or Enter afterwards drops a checker, not clicks it again
  document.addEventListener('click', function (e) { if (e.target.tagName === 'BUTTON') e.target.blur(); });
  var selects = document.querySelectorAll('select');
  var selectIds = ['c4-x-player', 'c4-x-eval', 'c4-o-player', 'c4-o-eval', 'c4-tiebreak', 'c4-variant', 'c4-size',
                   'c4-lang'];
  selectIds.forEach(function (id, i) {
    if (selects[i]) selects[i].id = id;
  });
  var sliders = document.querySelectorAll('.ui-slider');
  ['c4-x-ply', 'c4-o-ply', 'c4-think-speed'].forEach(function (id, i) { if (sliders[i]) sliders[i].id = id; });
  var buttons = document.querySelectorAll('button:not(.c4-own)');  // VPython's, in the order Controls makes them
  var buttonIds = ['c4-new', 'c4-undo', 'c4-redo', 'c4-hint', 'c4-pause', 'c4-reset-view', 'c4-swap', 'c4-flip',
                   'c4-analyse', 'c4-think', 'c4-think-step', 'c4-think-play', 'c4-load'];
  buttonIds.forEach(function (id, i) {
    if (buttons[i]) buttons[i].id = id;
  });
  var box = document.querySelector('input[type=checkbox]'); if (box) box.id = 'c4-keep';
  // the game code's field: its keys are typing, not moves (VPython hears keys on the document); Enter loads
  var field = document.querySelector('input[type=text]');
  if (field) {
    field.name = 'c4-load-code';  // (VPython finds it by its id)
    ['keydown', 'keyup'].forEach(function (type) {
      field.addEventListener(type, function (e) { e.stopPropagation(); });
    });
    field.addEventListener('keydown', function (e) {  // after VPython's keypress has sent the text
      if (e.key === 'Enter') setTimeout(function () { document.getElementById('c4-load').click(); }, 0);
    });
  }
  // Accept and Refuse (an offer over a link): their key pressed, as VPython hears keys (jQuery's, by key code)
  document.addEventListener('click', function (e) {
    var button = e.target.closest ? e.target.closest('.c4-answer') : null;
    if (!button || !window.jQuery) return;
    var which = Number(button.dataset.which), $ = window.jQuery;
    ['keydown', 'keyup'].forEach(function (type) { $(document).trigger($.Event(type, {which: which})); });
  });
  // Copy: the game code to the clipboard, or selected for copying by hand where the browser refuses
  document.addEventListener('click', function (e) {
    var button = e.target.closest ? e.target.closest('#c4-copy') : null;
    if (!button) return;
    var code = document.getElementById('c4-moves');
    var say = function (text) {
      button.textContent = text;
      setTimeout(function () { button.textContent = button.dataset.copy; }, 1500);
    };
    var byHand = function () {
      var range = document.createRange(); range.selectNodeContents(code);
      var selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
      say(button.dataset.byhand);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(code.dataset.code).then(function () { say(button.dataset.copied); }, byHand);
    } else {
      byHand();
    }
  });
})();
