"""Small DOM helpers shared by the page's modules (web/app.py, web/lab.py)."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import jsnull


def redraw(node: Any, html: str) -> None:
    """Replace ``node``'s markup, keeping open the ``details[data-keep]`` the player had
    opened (the rules being read while the game goes on)."""
    kept = {str(d.dataset.keep) for d in node.querySelectorAll("details[data-keep][open]")}
    node.innerHTML = html
    for key in kept:
        found = node.querySelector(f'details[data-keep="{key}"]')
        if not absent(found):
            found.open = True


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


def absent(value: Any) -> bool:
    """JS null arrives as ``jsnull`` and undefined as None: both mean "not there"."""
    return value is None or value is jsnull


def attr(node: Any, name: str) -> str | None:
    value = node.getAttribute(name)
    return None if absent(value) else str(value)
