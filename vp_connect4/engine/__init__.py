"""Fast exact search over bitboards. No I/O, no VPython, no Board: positions in, plain values out; nothing
imported from the package above.

* ``position``: the bit layout, the primitives on ints, and :class:`~.position.Position`;
* ``frames``: where gravity pulls (frames and lines) and how rows are numbered; ``mechanics``: what a move does
  under the deterministic rules, and the one routine that says a game is over;
* ``scores``: what the seed's scores mean, and the top of the recursion both searches share;
* ``forced``: the plain 0/50/100 scores (``scores_for``) as "can a side force a four within d plies?";
* ``evaluated``: the scores with an evaluation at the horizon (``scores_for_tourney``), by alpha-beta;
* ``search``: the public face of those two (``column_scores``, ``new_searcher``); ``rule_search``: the seed's
  scores under any rules;
* ``exact``: perfect play: the compiled solver core, the solver, the opening book, the perfect level's move;
* ``evaluate``: the smart static evaluation;
* ``tables``, ``budget``: transposition tables; deadlines, node counts, ``OutOfTime`` and iterative deepening.
"""
