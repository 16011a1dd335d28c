"""Parlor: three hidden-information tabletop games, rules in pure Python.

The package is imported both by CPython (tests, benchmarks) and by Pyodide in the
browser, so everything outside ``parlor.web`` uses the standard library only.
"""

__version__ = "0.1.0"
