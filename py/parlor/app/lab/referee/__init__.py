"""The referee: trusted code in the Lab's worker (``assets/lab-worker.js``). It plays the
page's jobs with the contests' rules, holds the Lab's key and the true games, and asks
each student's bot, in a sandbox of its own, for its moves only. ``here.py`` runs it in
one interpreter for the tests and the bench.
"""
