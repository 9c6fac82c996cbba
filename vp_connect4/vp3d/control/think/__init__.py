"""Think: a side's ``scores_for`` recursion as a tree in the scene: the controller's part (:mod:`.part`) and the
tree as shown (:mod:`.shown`: what is drawn, where, picked, and the calls played in order)."""
