"""Parlor's benchmarks (``make bench``; ``python -m tools.bench --help``).

Standard library only, and nothing done on import: Pyodide imports modules of this
package (tools/bench/pyodide.mjs, tools/bench/pyodide_eval.mjs).
"""
