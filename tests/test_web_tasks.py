"""Work the page starts without waiting (parlor.web.tasks.background) never leaves a
failure unread: it is said at once, not as "Task exception was never retrieved" when
the task is collected. Run in CPython with a stand-in for the browser's ``js``."""

from __future__ import annotations

import asyncio
import gc
import importlib
import sys
import types
from collections.abc import Iterator

import pytest


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    lines: list[str] = []
    fake = types.ModuleType("js")
    fake.console = types.SimpleNamespace(error=lines.append)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake)
    monkeypatch.delitem(sys.modules, "parlor.web.tasks", raising=False)
    yield lines
    sys.modules.pop("parlor.web.tasks", None)


def test_a_failure_is_said_at_once_and_never_left_unread(said: list[str]) -> None:
    tasks = importlib.import_module("parlor.web.tasks")
    unread: list[object] = []

    async def fails() -> None:
        raise OSError("the file went away")

    async def works() -> None:
        return None

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _loop, ctx: unread.append(ctx.get("message")))
        tasks.background(fails())
        tasks.background(works())
        for _ in range(3):
            await asyncio.sleep(0)

    asyncio.run(main())
    gc.collect()
    assert said == ["Parlor: OSError: the file went away"]
    assert unread == []
