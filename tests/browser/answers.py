"""How long the page takes to answer a key: from the key's ``keydown`` to the status line's new text, both timed by
the page itself (``performance.now()``), so the figure is the page's, not the test machine's wall clock.

:data:`ANSWER_PROBE` is added before the page loads (``context.add_init_script``); VPython's page rewrites its
document once it starts (dropping its listeners), so the probe hooks each document's root as it comes.
:func:`key_answer` presses a key and returns the page's milliseconds. The browser tests check that keys are
answered; ``benchmarks/think_scene_bench.py`` says how fast.
"""

from __future__ import annotations

from browser.scene_page import ScenePage

ANSWER_PROBE = """
(() => {
  window.__answers = { keys: [], changes: [] };
  let last = null;
  setInterval(() => {
    // document.open() (VPython's page rewrites its document) drops the document's listeners and replaces its root,
    // so the probe hooks each root as it comes, not each document once
    if (!document.documentElement || window.__answeringRoot === document.documentElement) return;
    window.__answeringRoot = document.documentElement;
    document.addEventListener('keydown', () => window.__answers.keys.push(performance.now()), true);
    new MutationObserver(() => {
      const status = document.getElementById('c4-status');
      const text = status ? status.textContent : null;
      if (text !== last) { last = text; window.__answers.changes.push(performance.now()); }
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  }, 20);
})();
"""
ANSWER_TIMEOUT = 30.0  # seconds for the status line to change after a key


def key_answer(view: ScenePage, key: str, log_pattern: str) -> float:
    """Press ``key``; once the scene has logged ``log_pattern`` and the page's status line has changed since the
    key, the milliseconds the page took from the key to its first new status line. (Wait for the page to show
    what came before first: a status line still on its way would be taken for the answer.)"""
    view.press(key)
    view.wait_log(log_pattern)
    changed = "window.__answers.changes.filter((t) => t > window.__answers.keys.at(-1))"
    view.page.wait_for_function(f"() => {changed}.length > 0", timeout=ANSWER_TIMEOUT * 1000)
    return float(view.page.evaluate(f"() => {changed}[0] - window.__answers.keys.at(-1)"))


def wait_status(view: ScenePage, words: str) -> None:
    """Wait until the page's status line says ``words`` (among others)."""
    view.page.wait_for_function(
        "(words) => (document.getElementById('c4-status') || {}).textContent?.includes(words)",
        arg=words,
        timeout=ANSWER_TIMEOUT * 1000,
    )
