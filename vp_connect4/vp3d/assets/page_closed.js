function %(function)s(opened) {
  if (document.getElementById('%(id)s')) return;
  // refused: another tab has the game, or this tab's reload came before its old page had closed (ask again)
  if (!opened && vp_connect4_tab.retry()) return;
  var banner = document.createElement('div');
  banner.id = '%(id)s';
  banner.setAttribute('role', 'alert');
  banner.textContent = opened ? %(ended)s : %(elsewhere)s;
  banner.style.cssText = 'position: fixed; inset: 0; z-index: 100000; display: flex; align-items: center; '
    + 'justify-content: center; padding: 2em; text-align: center; background: rgba(255, 255, 255, 0.9); '
    + 'font: bold 24px sans-serif; color: #b71c1c';
  document.body.appendChild(banner);
  document.querySelectorAll('button, input, select, textarea').forEach(function (el) { el.disabled = true; });
  if (window.jQuery && jQuery.fn.slider) jQuery('.ui-slider').slider('disable');
}
// a reload (or a closed tab) closes the game's websocket first, so the program restarts for the new page
window.addEventListener('beforeunload', function () {
  if (window.ws) { window.ws.onclose = null; window.ws.close(); }
});
