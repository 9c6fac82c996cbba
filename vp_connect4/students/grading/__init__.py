"""Grades of a student's player file: Gradescope's results.json, JUnit XML, and the autograder's zip.

- ``config``: the grading file (TOML, or JSON with the same keys): points per ply, visibility, ply, move time;
- ``verdicts``: a grade's tests, one per method and ply, from ``check.check_each`` (or all failed with one reason);
- ``gradescope``, ``junit``: the two files written from a grade;
- ``command``: ``check FILE --gradescope/--junit/--grading`` and ``vp-connect4 autograder`` (``commands`` hands
  them over);
- ``bundle``: the zip (``setup.sh``, ``run_autograder``: ``templates/``); ``finding`` + ``submission``: what
  ``run_autograder`` runs for each submission.
"""
