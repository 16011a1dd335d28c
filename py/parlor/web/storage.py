"""The browser's local storage as a ``KeyValue`` (see parlor.app.saves)."""

from __future__ import annotations

import js


class LocalStore:
    """Thin adapter; errors (quota, privacy mode) propagate so the app can say so."""

    def __init__(self) -> None:
        self.ls = js.window.localStorage

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(key)
        # getItem answers a string or JS null (``jsnull`` in Pyodide, not None).
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self.ls.setItem(key, value)

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]
