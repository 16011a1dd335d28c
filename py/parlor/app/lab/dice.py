"""The Lab's key: where the deals of its fixed games and a Lab bot's dice come from.

A student's bot is handed a random generator and a view. Both must say nothing about
the cards it cannot see. A generator derived from the game's seed by a public formula
does: SplitMix64 is a bijection, so a bot can walk its state back to the seed and deal
the whole game again (every hand, the draw pile). A seed from a public formula or the
clock does too. So, in the Lab:

- a Lab bot's generator for a move is HMAC-SHA-256 of (the game's seed, its seat, the
  move's number) under a key no sandbox ever holds (``LabKey.dice``): one-way, so its
  state says nothing of the seed, even a seed a bot could guess;
- the games Run plays on every press, a lesson's games and a tournament's deals come
  from the same key (``LabKey.deal``): the same in this browser every time (a score
  compares with the last), and no formula a student can read gives them;
- the key is 32 bytes the browser's cryptographic generator drew once, kept with the
  Lab in local storage (``KEY_ENTRY``), or, when a teacher typed a class word, a key
  stretched from that word (``CLASS_ENTRY``), so every device of a class plays the same
  deals. The referee gets it with each job; a sandbox never does.

Built-in bots keep their old, public derivation (``bots/arena.py``, ``app/seeds.py``):
no student's code runs beside them, and saved games and golden logs replay as before.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass

from parlor.app.saves import KeyValue
from parlor.core.rng import Rng

#: The browser's own key (hex), drawn once.
KEY_ENTRY = "parlor:lab-key"
#: A class word and the key stretched from it: ``{"word", "key"}`` (JSON).
CLASS_ENTRY = "parlor:lab-class"
KEY_BYTES = 32
#: The longest class word kept (a sentence is fine; a file is not).
MAX_WORD = 200
#: PBKDF2 rounds for a class word: ~0.1 s in Pyodide, once, when the word is set. They
#: slow a pupil who guesses words offline; they cannot save a word anyone could guess.
ROUNDS = 20_000
_SALT = b"parlor class word"


@dataclass(frozen=True)
class LabKey:
    """A key that never enters a sandbox; ``secret`` is its 32 bytes."""

    secret: bytes

    def __post_init__(self) -> None:
        if len(self.secret) != KEY_BYTES:
            raise ValueError(f"a Lab key is {KEY_BYTES} bytes, not {len(self.secret)}")

    def _word64(self, label: str) -> int:
        digest = hmac.digest(self.secret, label.encode(), "sha256")
        return int.from_bytes(digest[:8], "big")

    def deal(self, *parts: object) -> int:
        """A 64-bit seed for the games named by ``parts`` (e.g. ``"run", game, level,
        players, games``): the same for the same key, unrelated between names."""
        return self._word64("deal/" + "/".join(str(p) for p in parts))

    def dice(self, seed: int, seat: int, ply: int) -> Rng:
        """The generator a Lab bot at ``seat`` gets for move ``ply`` of the game dealt
        from ``seed``: reproducible (a rerun plays the same), one-way (its state gives
        neither the seed nor the key)."""
        return Rng(self._word64(f"dice/{seed}/{seat}/{ply}"))

    @property
    def hex(self) -> str:
        return self.secret.hex()

    @staticmethod
    def of_hex(text: object) -> LabKey:
        """A key as a job request carries it; ``ValueError`` when it is not one."""
        if not isinstance(text, str) or len(text) != 2 * KEY_BYTES:
            raise ValueError("a Lab job needs its key")
        return LabKey(bytes.fromhex(text))


def normal_word(word: str) -> str:
    """A class word as every device reads it: spaces folded, case ignored."""
    return " ".join(word.split()).casefold()[:MAX_WORD]


def stretched(word: str) -> LabKey:
    """The key of a class word: PBKDF2-HMAC-SHA-256 (RFC 8018), one block, written out
    because Pyodide's ``hashlib`` has no ``pbkdf2_hmac``."""
    password = normal_word(word).encode()
    u = hmac.digest(password, _SALT + (1).to_bytes(4, "big"), "sha256")
    out = int.from_bytes(u, "big")
    for _ in range(ROUNDS - 1):
        u = hmac.digest(password, u, "sha256")
        out ^= int.from_bytes(u, "big")
    return LabKey(out.to_bytes(KEY_BYTES, "big"))


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
