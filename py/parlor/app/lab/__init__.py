"""The Bot Lab: a bot a student writes in Python, played against the built-in levels and
against a class's bots, in four places that trust each other differently
(docs/architecture.md):

- ``page/``: the Lab's screen state and what its buttons do, in the page's interpreter,
  with the player's storage;
- ``referee/``: trusted code in the referee's worker, which plays the jobs and holds the
  Lab's key and the true games;
- ``sandbox/``: what a student's interpreter loads beside the student's code, the
  smallest set, importing nothing of the referee or the page;
- ``wire/``: the messages the three say to each other, read by all of them;
- ``contest/``: the pure rules of the Lab's contests (the dice, who sits where, a
  match's and a tournament's games played out step by step, their records and
  standings), which the referee runs and the page reads, as any game's rules.

``tests/test_layers.py`` holds them apart; ``tests/test_sandbox_imports.py`` lists
what a sandbox loads.
"""
