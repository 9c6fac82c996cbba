"""`make bench`: tables of speed ratios against the plain reference, solver timings and match scores."""
