"""What keeps a tournament's results through a stop: the results file as it fills (:mod:`.journal`), and the
command's output and signals (:mod:`.stopping`)."""
