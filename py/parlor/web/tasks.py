"""Work the page starts and does not wait for (a file read, a timer, a peer's offer).

``asyncio.ensure_future`` alone leaves a failure to be found when the task is garbage
collected: Pyodide then prints "Task exception was never retrieved" long after the
cause, in no particular place, and Firefox shows it as an unhandled error. Every task
the page starts goes through ``background``, which retrieves its outcome as soon as it
ends and says a failure at once, on the console, with what failed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import js


def background(work: Coroutine[Any, Any, object]) -> asyncio.Future[object]:
    """Start ``work`` now; a failure is reported when it happens, never left unread."""
    task = asyncio.ensure_future(work)
    task.add_done_callback(_said)
    return task


def _said(task: asyncio.Future[object]) -> None:
    if task.cancelled():
        return
    err = task.exception()
    if err is not None:
        js.console.error(f"Parlor: {type(err).__name__}: {err}")
