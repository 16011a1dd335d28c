"""The Lab's key as this browser keeps it: its own, drawn once, or a class word's.

The key's math is the contest's (``contest/dice.py``: the referee plays with it); where
it is kept is the page's, in local storage beside the Lab's bots, which the referee's
worker and the sandboxes never reach.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from parlor.app.lab.contest.dice import KEY_BYTES, MAX_WORD, LabKey, stretched
from parlor.app.saves import KeyValue

#: The browser's own key (hex), drawn once.
KEY_ENTRY = "parlor:lab-key"
#: A class word and the key stretched from it: ``{"word", "key"}`` (JSON).
CLASS_ENTRY = "parlor:lab-class"


def own_key(store: KeyValue, entropy: Callable[[int], bytes]) -> LabKey:
    """This browser's key: drawn from ``entropy`` (the browser's cryptographic
    generator) the first time, then read. A stored value that is not a key is replaced
    (it holds nothing a student made: only the fixed games change)."""
    try:
        return LabKey.of_hex(store.get(KEY_ENTRY))
    except ValueError:
        key = LabKey(entropy(KEY_BYTES))
        store.set(KEY_ENTRY, key.hex)
        return key


def class_word(store: KeyValue) -> tuple[str, LabKey] | None:
    """The class word a teacher typed on this device, with its key; None when there is
    none (or what is stored cannot be read: the Lab then says there is none)."""
    raw = store.get(CLASS_ENTRY)
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        word, key = data["word"], LabKey.of_hex(data["key"])
    except (ValueError, KeyError, TypeError):
        return None
    return (word, key) if isinstance(word, str) and word.strip() else None


def set_class_word(store: KeyValue, word: str) -> LabKey | None:
    """Keep ``word`` (and its stretched key) as this device's class word; an empty word
    clears it. Returns the key the Lab now plays with (None: the browser's own)."""
    word = " ".join(word.split())[:MAX_WORD]
    if not word:
        store.remove(CLASS_ENTRY)
        return None
    key = stretched(word)
    store.set(CLASS_ENTRY, json.dumps({"word": word, "key": key.hex}))
    return key


def lab_key(store: KeyValue, entropy: Callable[[int], bytes]) -> LabKey:
    """The key the Lab's jobs play with now: the class word's, else the browser's."""
    found = class_word(store)
    return found[1] if found is not None else own_key(store, entropy)
