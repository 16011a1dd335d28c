"""The Bot Lab: a bot a student writes in Python, run against the built-in levels.

``student`` turns the student's source into a bot with the same contract as ours
(``choose(view, moves, rng)`` returns one of ``moves``) and says what went wrong in the
student's own terms: the line, the printed output, the legal moves it should have
picked from. Where it runs (a worker, apart from the page) is the page's business.
"""
