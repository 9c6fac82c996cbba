"""The worker process's side: a student's file is imported here, in a process of its own, never in ours.

``serve`` answers our process's requests (load the file, call a method on a fresh board); ``loading``
finds the player class and its flavour (the seed's Board or CS111's); ``traces`` keeps the student's own
traceback lines; ``recursion`` is the seed's recursion with the student's evaluation at its horizon.
"""
