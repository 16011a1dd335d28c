"""The match record: everything needed to rebuild a game, and nothing derived.

A save is a match plus a little metadata. Loading replays every move through
``legal_moves``, so a hand-edited or corrupt save is refused with a reason instead of
producing a state the rules never allowed.

The games are the caller's to give: a record is read against the registry it is handed
(``games``, by game id: the app passes ``parlor.games.GAMES``) and replayed or upgraded
by the game it is handed, so this module knows no game and imports none. ``Rules`` is
the part of ``core.protocol.Game`` a record needs (``protocol`` imports this module for
``Migration``, so the game is named here by what it does).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, TypeVar

from parlor.core.errors import BadOptions, BadSave, IllegalMove
from parlor.i18n.catalog import Msg

FORMAT = 1

#: Seat kinds a match may name. Bots are ``bot:<level>``.
HUMAN: Final = "human"
#: A person on another device paired with this one.
REMOTE: Final = "remote"
#: A bot a student wrote in the Bot Lab: its code travels in the match (``Match.lab``),
#: so the game resumes, and replays, with the code it was started with.
LAB: Final = "lab"


@dataclass(frozen=True)
class Match:
    game: str
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, object]
    moves: tuple[str, ...] = ()
    rules_version: int = 1
    format: int = FORMAT
    names: tuple[str, ...] = field(default=())
    #: Per seat, the source of a Lab bot's code ("" for any other seat); () when no
    #: seat is a Lab bot (every match before the Lab).
    lab: tuple[str, ...] = field(default=())
    #: Ended before the rules' end, scored as it stood after its last move (the game's
    #: ``outcome_now``): the Bot Lab's move limit, or the person at the table who chose
    #: to end a game with a Lab bot that went on and on. False in every older record.
    cut: bool = False

    def with_move(self, move: str) -> Match:
        return replace(self, moves=(*self.moves, move))

    def to_dict(self) -> dict[str, Any]:
        data = self._fields()
        if self.lab:
            data["lab"] = list(self.lab)
        if self.cut:
            data["cut"] = True
        return data

    def _fields(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "seats": list(self.seats),
            "names": list(self.names),
            "seed": self.seed,
            "moves": list(self.moves),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


#: A game's state, as its rules make and move it.
S = TypeVar("S")


class Rules(Protocol[S]):
    """What a match record needs of its game: its rules version and migrations, and the
    moves, over the game's states ``S`` (every ``core.protocol.Game[S, V]`` is one), so
    a state replayed from a match is the game's own type to the checker."""

    @property
    def rules_version(self) -> int: ...
    @property
    def migrations(self) -> Mapping[int, Migration]: ...
    def new(self, players: int, seed: int, options: Mapping[str, object]) -> S: ...
    def to_act(self, s: S) -> int | None: ...
    def legal_moves(self, s: S) -> list[str]: ...
    def apply(self, s: S, move: str) -> S: ...


#: One step of a game's save migration: a match recorded under rules version ``v``
#: becomes the same game under version ``v + 1`` (``BadSave`` with a reason if it can't).
#: The step is handed the game it upgrades, to replay the match under today's rules
#: (any game's: a step is kept in a table beside other games' steps).
Migration = Callable[[Match, "Rules[Any]"], Match]


def _require(cond: bool, reason: Msg, raw: str | None) -> None:
    if not cond:
        raise BadSave(reason, raw)


def match_from_dict(data: object, games: Mapping[str, Rules[Any]], raw: str | None = None
                    ) -> Match:
    """Check every field's type and value against ``games`` (the registry by game id),
    then bring the match up to the current rules; raise ``BadSave`` naming the first
    problem."""
    _require(isinstance(data, dict), Msg("save.not_object"), raw)
    assert isinstance(data, dict)
    fmt = data.get("format")
    _require(fmt == FORMAT, Msg.of("save.unknown_format", format=repr(fmt), known=FORMAT), raw)
    game_id = data.get("game")
    _require(isinstance(game_id, str) and game_id in games,
             Msg.of("save.unknown_game", game=repr(game_id)), raw)
    game = games[str(game_id)]
    rv = data.get("rules_version")
    _require(
        isinstance(rv, int) and not isinstance(rv, bool) and 1 <= rv <= game.rules_version,
        Msg.of("save.newer_rules" if isinstance(rv, int) and rv > game.rules_version
               else "save.rules_version", version=repr(rv),
               game=Msg(f"game.{game_id}.name"), current=game.rules_version),
        raw,
    )
    assert isinstance(rv, int)
    seats = data.get("seats")
    _require(
        isinstance(seats, list) and all(isinstance(x, str) for x in seats),
        Msg("save.seats_not_list"),
        raw,
    )
    assert isinstance(seats, list)
    names = data.get("names", [])
    _require(
        isinstance(names, list)
        and all(isinstance(x, str) for x in names)
        and (not names or len(names) == len(seats)),
        Msg("save.names_mismatch"),
        raw,
    )
    seed = data.get("seed")
    _require(
        isinstance(seed, int) and not isinstance(seed, bool), Msg("save.seed_not_int"), raw
    )
    options = data.get("options")
    _require(isinstance(options, dict), Msg("save.options_not_object"), raw)
    moves = data.get("moves")
    _require(
        isinstance(moves, list) and all(isinstance(x, str) for x in moves),
        Msg("save.moves_not_list"),
        raw,
    )
    lab = data.get("lab", [])
    codes = lab if isinstance(lab, list) and lab else [""] * len(seats)
    _require(
        isinstance(lab, list) and all(isinstance(x, str) for x in lab)
        and len(codes) == len(seats)
        and all((seat == LAB) == bool(code) for seat, code in zip(seats, codes, strict=True)),
        Msg("save.lab_code"),
        raw,
    )
    cut = data.get("cut", False)
    _require(isinstance(cut, bool), Msg("save.cut_not_bool"), raw)
    assert isinstance(seed, int) and isinstance(options, dict) and isinstance(moves, list)
    match = Match(
        game=str(game_id),
        seats=tuple(seats),
        seed=seed,
        options=options,
        moves=tuple(moves),
        rules_version=rv,
        names=tuple(names),
        lab=tuple(lab),
        cut=bool(cut),
    )
    return upgrade(match, game, raw)




def upgrade(match: Match, game: Rules[Any], raw: str | None = None) -> Match:
    """Bring a match of ``game`` recorded under an older rules version up to the current
    one, one step at a time, through the game's ``migrations`` (keyed by the version
    they start from). Saves are never rewritten here: the app saves the upgraded match
    the next time the game changes, and a save that cannot be upgraded keeps its raw
    text."""
    steps: Mapping[int, Migration] = getattr(game, "migrations", {})
    while match.rules_version < game.rules_version:
        step = steps.get(match.rules_version)
        _require(
            step is not None,
            Msg.of("save.no_migration", game=Msg(f"game.{match.game}.name"),
                   version=match.rules_version),
            raw,
        )
        assert step is not None
        try:
            newer = step(match, game)
        except BadSave as err:
            raise BadSave(Msg.of("save.migration_failed", version=match.rules_version,
                                 reason=err.message), raw) from None
        assert newer.rules_version == match.rules_version + 1, "a migration is one step"
        match = newer
    return match


def insert_missing_moves(
    match: Match, game: Rules[S], filler: Callable[[S, str], str | None]
) -> tuple[str, ...]:
    """The match's moves replayed under the current rules, with the moves a newer
    version asks for and an older one did not (e.g. an explicit "end of turn") put in.

    Before each recorded move that the current rules do not offer, ``filler(state,
    move)`` names the move to insert (or None); that move must be legal, and the
    recorded move must then be. ``BadSave`` names the first move that still fails."""
    try:
        state = game.new(len(match.seats), match.seed, match.options)
    except BadOptions as err:
        raise BadSave(Msg.of("save.setup_unplayable", reason=err.message)) from None
    out: list[str] = []
    for i, move in enumerate(match.moves, start=1):
        legal = game.legal_moves(state)
        if move not in legal:
            extra = filler(state, move) if game.to_act(state) is not None else None
            if extra is not None and extra in legal:
                state = game.apply(state, extra)
                out.append(extra)
                legal = game.legal_moves(state)
        if game.to_act(state) is None or move not in legal:
            raise BadSave(Msg.of("save.illegal_today", i=i, move=move))
        state = game.apply(state, move)
        out.append(move)
    return tuple(out)


def match_from_json(text: str, games: Mapping[str, Rules[Any]]) -> Match:
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        raise BadSave(Msg("save.not_json"), text) from None
    return match_from_dict(data, games, text)


def replay(match: Match, game: Rules[S], raw: str | None = None) -> S:
    """Rebuild the state of a match of ``game`` move by move; any move the rules do not
    offer refuses the save."""
    try:
        state = game.new(len(match.seats), match.seed, match.options)
    except BadOptions as err:
        raise BadSave(Msg.of("save.setup_unplayable", reason=err.message), raw) from None
    for i, move in enumerate(match.moves, start=1):
        if game.to_act(state) is None:
            raise BadSave(Msg.of("save.after_end", i=i, move=move), raw)
        if move not in game.legal_moves(state):
            reason: str | Msg = Msg("error.not_offered")
            try:
                game.apply(state, move)
            except IllegalMove as err:
                reason = err.reason_msg
            raise BadSave(Msg.of("save.illegal_move", i=i, move=move, reason=reason),
                          raw) from None
        state = game.apply(state, move)
    return state
