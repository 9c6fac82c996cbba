"""Fast exact search over bitboards. No I/O, no VPython, no Board: positions in, plain values out.

* ``position``: the bit layout, the primitives on ints, and :class:`~.position.Position`;
* ``scores``: what the seed's scores mean, and the top of the recursion both searches share;
* ``forced``: the plain 0/50/100 scores (``scores_for``) as "can a side force a four within d plies?";
* ``tourney``: the scores with an evaluation at the horizon (``scores_for_tourney``), by alpha-beta;
* ``search``: the public face of those two (``column_scores``, ``new_searcher``);
* ``solver``: perfect play (signed distances to the end of the game);
* ``evaluate``: the smart static evaluation;
* ``tables``, ``budget``: transposition tables; deadlines, node counts and ``OutOfTime``.
"""
