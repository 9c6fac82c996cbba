"""Perfect play: the exact outcome of a position and of each of its moves.

* ``core``: the solver's hot path, one source: compiled by numba (on disk, once), or the same code interpreted;
* ``solver``: the negamax solver over it (signed distances, deadlines, two solvers on two cores);
* ``book``: the published 12-checker opening book and our shallow table below it;
* ``perfect``: the perfect level's move within a time budget (the book, then the solver).
"""
