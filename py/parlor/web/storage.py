"""The browser's local storage as a ``KeyValue`` (see parlor.app.saves)."""

from __future__ import annotations

import js

from parlor.app.saves import DictStore, KeyValue
from parlor.i18n.catalog import Msg


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


def open_store() -> tuple[KeyValue, Msg | None]:
    """The browser's local storage, or memory with a note when storage is refused."""
    try:
        store = LocalStore()
        store.keys()
        return store, None
    except Exception as err:  # storage disabled (privacy mode, sandboxed iframe)
        return DictStore(), Msg.of("error.no_storage", detail=str(err))
