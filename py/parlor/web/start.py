"""The app's start, run once per page, by whichever of its two callers comes first.

``run`` is called twice on a page. First by py/main.py, which the Pyodide wrapper
(assets/pyodide-start.mjs) runs as soon as Python is up and the package is on disk: the
first screen is drawn there, before PyScript writes and imports its own Python package
and prepares its script runner, which the app does not use. Then by
index.html's ``<script type="py">`` (inline, so PyScript fetches nothing once the app is
up), which PyScript runs; by then the app is up, so this
only reports, through PyScript's error display (div.py-error), a failure of the first
run, which the wrapper recorded rather than raised: a start that failed is shown as it
always was. Where the wrapper could not run it (py/main.py could not be fetched), the
second run is the start.

What the first run did is kept in the page, not here (no module state):
``globalThis.parlorStart.main`` is ``"ran"`` or the failure's traceback (see RAN).
"""

from __future__ import annotations

import js

#: parlorStart.main after the wrapper's run succeeded; any other string is a failure.
RAN = "ran"


def first_run() -> str | None:
    """What the wrapper's run of py/main.py left: RAN, a traceback, or None (no run)."""
    record = getattr(js.globalThis, "parlorStart", None)
    said = getattr(record, "main", None) if record is not None else None
    return said if isinstance(said, str) else None


def run() -> None:
    """Start the app, unless py/main.py has already run on this page."""
    said = first_run()
    if said == RAN:
        js.performance.mark("parlor:pyscript-ran")  # for `make bench`: after ready
        return
    if said is not None:
        raise RuntimeError(f"Parlor did not start:\n{said}")
    js.performance.mark("parlor:main-py")  # for `make bench`: parlor.web's import follows
    from parlor.web.app import main

    main()
