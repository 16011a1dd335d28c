"""Back up everything, and restore it: every saved game, every Lab bot and Parlor's
settings in one file, because a browser may delete a site's storage (Safari does after
seven days without a visit, unless the site is on the Home Screen) and a class moves
from one tablet to another.

The file is ``{"format": "parlor-backup", "version": 1, "made": <seconds>, "entries":
{key: text}}``: the local-storage keys that start with ``parlor:`` and their text as
stored, readable or not (a save the app cannot read today is still the player's).

Restoring never replaces what this device holds. A save whose key is free is written
under it; one whose key holds another game gets a new key, so both are kept; one that
is already here is counted and left. A Lab shelf's bots join the device's bots (a bot
with the same code is already here; a name that is taken gets a number). A setting this
device has keeps this device's value. Anything that cannot be read is left out with the
reason, and nothing is written at all when the file is not a backup.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from parlor.app import saves
from parlor.app.lab.page import carried, keep
from parlor.app.saves import KeyValue
from parlor.core.errors import BadSave
from parlor.games import GAMES
from parlor.i18n.catalog import Msg, Translator

FORMAT, VERSION = "parlor-backup", 1
#: Parlor's keys; anything else in the origin's storage is not the player's Parlor data.
OURS = "parlor:"
#: The largest backup read (local storage itself holds about 5 MB per site).
MAX_TEXT = 20_000_000


def backup_text(store: KeyValue, now: float) -> str:
    """Everything Parlor keeps in ``store``, as the text of one file."""
    entries = {key: store.get(key) for key in sorted(store.keys()) if key.startswith(OURS)}
    return json.dumps({"format": FORMAT, "version": VERSION, "made": now,
                       "entries": {k: v for k, v in entries.items() if v is not None}},
                      ensure_ascii=False, indent=1)


def file_name(now: float) -> str:
    """``parlor-backup-<year>-<month>-<day>.json``: a teacher's folder sorts by date."""
    return time.strftime("parlor-backup-%Y-%m-%d.json", time.gmtime(now))


@dataclass
class Restored:
    """What a restore did, counted for the sentence that says so."""

    games: int = 0
    bots: int = 0
    settings: int = 0
    already: int = 0  # saves and bots this device had already, left as they were
    kept_here: int = 0  # settings this device has its own value for, kept
    left_out: list[Msg] = field(default_factory=list)  # each with its reason


def read_backup(text: str) -> dict[str, str]:
    """The entries of a backup file; ``BadSave`` says why the text is not one."""
    if len(text) > MAX_TEXT:
        raise BadSave(Msg.of("backup.too_big", size=len(text) // 1_000_000), text[:200])
    try:
        data = json.loads(text)
    except ValueError:
        raise BadSave(Msg("backup.not_json"), text[:200]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave(Msg("backup.not_backup"), text[:200])
    if data.get("version") != VERSION:
        raise BadSave(Msg.of("backup.version", version=repr(data.get("version")),
                             known=VERSION), text[:200])
    entries = data.get("entries")
    if not isinstance(entries, dict):
        raise BadSave(Msg("backup.not_backup"), text[:200])
    return {str(k): v for k, v in entries.items()}


def restore(store: KeyValue, text: str, now: float,
            number: Callable[[int], str] = str) -> Restored:
    """Bring a backup's entries into ``store`` (module docstring); ``BadSave`` and
    nothing written when ``text`` is not a backup."""
    done = Restored()
    for key, value in read_backup(text).items():
        if not isinstance(value, str):
            done.left_out.append(Msg.of("backup.left_out.not_text", name=key))
        elif not key.startswith(OURS):
            done.left_out.append(Msg.of("backup.left_out.not_ours", name=key))
        elif key.startswith(saves.PREFIX):
            _save(store, key, value, now, done)
        elif key.startswith(keep.PREFIX):
            _shelf(store, key[len(keep.PREFIX):], value, done, number)
        elif store.get(key) is None:
            store.set(key, value)
            done.settings += 1
        else:
            done.kept_here += 1
    return done


def _save(store: KeyValue, key: str, raw: str, now: float, done: Restored) -> None:
    entry = saves.decode(key[len(saves.PREFIX):], raw)
    if entry.error is not None:
        done.left_out.append(Msg.of("backup.left_out.save", name=key[len(saves.PREFIX):],
                                    reason=entry.why or entry.error or "?"))
        return
    here = store.get(key)
    if here == raw:
        done.already += 1
        return
    store.set(key if here is None else saves.PREFIX + saves.new_id(store, now), raw)
    done.games += 1


def _shelf(store: KeyValue, game: str, raw: str, done: Restored,
           number: Callable[[int], str]) -> None:
    """A game's Lab bots: as they were kept when this device has none for the game;
    else they join this device's (``keep.Shelf``), their scores left behind (a score is
    measured again by the next Run)."""
    try:
        data = json.loads(raw)
        bots = {str(k): v for k, v in data["bots"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        done.left_out.append(Msg.of("backup.left_out.bots", name=game))
        return
    if game not in GAMES:
        done.left_out.append(Msg.of("backup.left_out.game", name=game))
        return
    fits = all(isinstance(v, str) and len(v) <= carried.MAX_SOURCE for v in bots.values())
    if store.get(keep.PREFIX + game) is None and fits and bots:
        store.set(keep.PREFIX + game, raw)  # as it was kept, its scores too
        done.bots += len(bots)
        return
    shelf = keep.Shelf.read(store, game, "bot")
    if shelf.unreadable is not None:  # never written over: the student may rescue it
        done.left_out.append(Msg.of("backup.left_out.shelf_here", name=game))
        return
    mine = set(shelf.bots.values()) if store.get(keep.PREFIX + game) is not None else set()
    current = shelf.current
    fresh = keep.Shelf(game, current=current, scores=shelf.scores,
                       bots=dict(shelf.bots) if mine else {})
    for name, source in bots.items():
        if not isinstance(source, str) or len(source) > carried.MAX_SOURCE:
            done.left_out.append(Msg.of("backup.left_out.bot", name=f"{game}: {name}"))
        elif source in mine:
            done.already += 1
        else:
            fresh = fresh.added(name, source, number)
            mine.add(source)
            done.bots += 1
    if fresh.bots != shelf.bots and fresh.bots:  # else nothing new: left as stored
        (fresh.chosen(current) if current in fresh.bots else fresh).write(store)


def said(t: Translator, done: Restored) -> str:
    """What a restore did, in the page's language: what came in, what was here already,
    and what was left out and why."""
    parts = [t("backup.restored", games=t("backup.n_games", n=done.games),
               bots=t("backup.n_bots", n=done.bots),
               settings=t("backup.n_settings", n=done.settings))]
    if done.already:
        parts.append(t("backup.already", n=done.already))
    if done.kept_here:
        parts.append(t("backup.kept_here", n=done.kept_here))
    if done.left_out:
        parts.append(t("backup.left_out", n=len(done.left_out),
                       list=t.join([t.text(m) for m in done.left_out])))
    return " ".join(parts)
