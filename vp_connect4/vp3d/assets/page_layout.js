(function () {
  // The canvas fills its cell of the page's grid (page.css) and follows it whenever the window changes size: the
  // page sets GlowScript's canvas size itself, at once, then tells the program (VPython's resize event keeps its
  // canvas.width and .height true). Nothing waits for an answer or for a redraw.
  var stage = document.querySelector('#glowscript > .glowscript-canvas-wrapper');
  var canvas = (window.glowObjs || []).find(function (o) { return o && o.__renderer && o.camera; });
  // texts whose box keeps its size: a text too long for it gets a smaller font (down to LEAST px), then an
  // ellipsis or a scroll bar (the game code, scrolled to its last moves)
  var FITTED = ['c4-status', 'c4-events', 'c4-cue', 'c4-moves'];
  var LEAST = 11;

  function overflows(element) {
    return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
  }

  function fit(element) {
    if (!element.dataset.size) element.dataset.size = getComputedStyle(element).fontSize;  // its style's
    var size = parseFloat(element.dataset.size);
    element.style.fontSize = size + 'px';
    while (size > LEAST && overflows(element)) {
      size -= 1;
      element.style.fontSize = size + 'px';
    }
    if (element.id === 'c4-moves') element.scrollTop = element.scrollHeight;  // its last moves
  }

  function fitTexts() {
    FITTED.forEach(function (id) {
      var element = document.getElementById(id);
      if (element) fit(element);
    });
  }

  function fitCanvas(tell) {
    var width = Math.floor(stage.clientWidth), height = Math.floor(stage.clientHeight);
    if (width > 0 && height > 0 && (tell || width !== canvas.width || height !== canvas.height)) {
      canvas.width = width;
      canvas.height = height;
      canvas.trigger('resize', {event: 'resize'});
    }
    fitTexts();  // the status line's width follows the window too
  }

  if (stage && canvas) {
    new ResizeObserver(function () { fitCanvas(false); }).observe(stage);
    fitCanvas(false);
    // this script runs as the page builds the widgets, before it takes VPython's bind of 'resize' (commands come
    // before methods in a message): told again once the message is done, the program knows the canvas's size
    setTimeout(function () { fitCanvas(true); }, 0);
  }
  // a text is said anew by replacing its element (VPython's wtext): fit the new one
  new MutationObserver(fitTexts).observe(document.getElementById('glowscript'),
                                         {childList: true, subtree: true, characterData: true});
  fitTexts();
})();
