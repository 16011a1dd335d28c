"""Parlor's benchmarks, one package: ``make bench`` or, from the repository root,
``PYTHONPATH=py python -m tools.bench [SUITE ...]`` (``--list``: the suites).

- ``__main__``: the command line; runs the suites and writes docs/bench-results.md.
- ``suites``: the suites, in the order a run takes them; a module per suite (``speed``,
  ``moves``, ``strength``, ``search``, ``pyodide_speed``, ``sim``, ``games``,
  ``startup``, ``play``, ``memory``, ``lab``, ``lab_starts``, ``referee``,
  ``lab_watch``, ``startup_pair``, ``tournament``, ``lengths``, ``endless``,
  ``lab_batch``).
- ``harness``: the one harness of the browser suites (server, Chromium, CPU and network
  profiles through CDP, long tasks, renderer memory) and Pyodide under Node.js;
  ``host``: the static host the start-up suites serve from; ``labpage``: the Lab's page
  as its suites drive it; ``loops``: the loops CPython and Pyodide both run;
  ``report``: tables and the results file.

Standard library only at import time, and nothing done on import: Pyodide imports
modules of this package (tools/bench/pyodide.mjs).
"""
