"""Entry point: the app itself lives in the parlor package.

Run first by the Pyodide wrapper (assets/pyodide-start.mjs) as soon as Python is up, which
draws the first screen before PyScript's own Python runs. index.html's own script (inline:
PyScript fetches nothing once the app is up) calls the same ``run`` through PyScript, which
then only reports a failure of the first run (parlor.web.start says how).
"""

from parlor.web.start import run

run()
