// vp_connect4: this tab has had the game (sessionStorage lasts as long as the tab, across reloads). A reload can
// reach the program before the old page's websocket close has: the program then answers as to a second tab (the
// busy page, a refused websocket). A tab that had the game asks again a moment later, a few times, instead.
var vp_connect4_tab = {
  key: 'vp_connect4_game',
  tries: 'vp_connect4_tries',
  opened: function () {  // the websocket is open: this tab has the game
    try {
      sessionStorage.setItem(this.key, '1');
      sessionStorage.removeItem(this.tries);
    } catch (e) { /* no storage: nothing to remember */ }
  },
  retry: function () {  // true if this tab had the game and loads the page again in a moment
    try {
      if (!sessionStorage.getItem(this.key)) return false;
      var tries = Number(sessionStorage.getItem(this.tries) || 0);
      if (tries >= %(tries)s) return false;
      sessionStorage.setItem(this.tries, String(tries + 1));
    } catch (e) {
      return false;
    }
    setTimeout(function () { location.reload(); }, %(pause)s);
    return true;
  }
};
