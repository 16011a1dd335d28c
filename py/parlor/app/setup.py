"""Turning URL parameters or the menu form into a new match, refusing bad input clearly.

URL contract (docs/design.md): ``?game=kabaleo&players=3&seats=human,bot:easy,bot:hard
&seed=42&opt.last_pile_ban=0``. Missing parts take defaults; wrong parts raise
``BadOptions`` with a sentence a person can act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from parlor.app.seats import Seat, default_names, parse_seat
from parlor.app.windows import adjust_options
from parlor.core.errors import BadOptions
from parlor.core.match import Match
from parlor.i18n.catalog import Msg


@dataclass(frozen=True)
class Setup:
    game: str
    seats: tuple[Seat, ...]
    seed: int
    options: Mapping[str, object]
    names: tuple[str, ...] = ()
    note: str | Msg | None = None  # why an option was changed (see windows.adjust_options)
    lab: tuple[str, ...] = ()  # a Lab bot's code per seat (``Match.lab``)

    def to_match(self) -> Match:
        from parlor.games import GAMES

        game = GAMES[self.game]
        return Match(
            game=self.game,
            seats=tuple(s.spec for s in self.seats),
            seed=self.seed,
            options=game.options_for(len(self.seats), self.options),
            rules_version=game.rules_version,
            names=self.names or default_names(self.seats),
            lab=self.lab,
        )


def parse_setup(params: Mapping[str, str], fallback_seed: int) -> Setup:
    """``fallback_seed`` comes from the caller (the browser's clock) so this stays pure."""
    from parlor.bots import DEFAULT_LEVEL
    from parlor.games import GAMES

    game_id = params.get("game", "")
    if game_id not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise BadOptions(Msg.of("setup.unknown_game", game=repr(game_id), known=known))
    game = GAMES[game_id]
    seat_texts = [t for t in params.get("seats", "").split(",") if t.strip()]
    players_text = params.get("players")
    if players_text is not None:
        if not players_text.isdigit():
            raise BadOptions(Msg.of("setup.players_not_number", value=repr(players_text)))
        players = int(players_text)
    else:
        players = len(seat_texts) or game.min_players
    if not game.min_players <= players <= game.max_players:
        raise BadOptions(Msg.of("setup.player_range", game=Msg(f"game.{game_id}.name"),
                                low=game.min_players, high=game.max_players, n=players))
    if seat_texts and len(seat_texts) != players:
        raise BadOptions(Msg.of("setup.seat_count", players=players, n=len(seat_texts)))
    if not seat_texts:
        seat_texts = ["human"] + [f"bot:{DEFAULT_LEVEL[game_id]}"] * (players - 1)
    seats = tuple(parse_seat(game_id, t) for t in seat_texts)
    if any(s.is_lab for s in seats):  # its code is not in a link: the Lab starts it
        raise BadOptions(Msg("setup.lab_seat"))
    seed_text = params.get("seed")
    if seed_text is None or seed_text == "":
        seed = fallback_seed
    elif seed_text.isdigit():
        seed = int(seed_text)
    else:
        raise BadOptions(Msg.of("setup.bad_seed", value=repr(seed_text)))
    options: dict[str, object] = {}
    specs = {s.key: s for s in game.option_specs}
    for key, text in params.items():
        if not key.startswith("opt."):
            continue
        name = key[4:]
        if name not in specs:
            raise BadOptions(Msg.of("setup.no_option", game=Msg(f"game.{game_id}.name"),
                                    option=repr(name)))
        options[name] = specs[name].parse(text)
    game.options_for(players, options)  # validates combinations, e.g. even deal with 4
    options, note = adjust_options(game_id, tuple(s.spec for s in seats), options)
    return Setup(game=game_id, seats=seats, seed=seed, options=options, note=note)


def setup_query(match: Match) -> dict[str, str]:
    """The URL parameters that recreate ``match``'s set-up (for links and reloads)."""
    from parlor.games import GAMES

    game = GAMES[match.game]
    out = {
        "game": match.game,
        "players": str(len(match.seats)),
        "seats": ",".join(match.seats),
        "seed": str(match.seed),
    }
    specs = {s.key: s for s in game.option_specs}
    for key, value in match.options.items():
        spec = specs.get(key)
        if spec is None or not spec.applies(len(match.seats)) or value == spec.default:
            continue
        out[f"opt.{key}"] = next(lbl for v, lbl in spec.choices if v == value)
    return out


def default_players(game_id: str) -> int:
    """How many seats a game starts with when nobody chose: two (a duel against the
    bot) where the game allows it, else its minimum (the menu's Play, its forms)."""
    from parlor.games import GAMES

    game = GAMES[game_id]
    return max(2, game.min_players) if game.max_players >= 2 else game.min_players


def play_setup(game_id: str, humans_text: str, fallback_seed: int) -> Setup:
    """The menu tile's Play: ``humans_text`` people share this device (hot-seat), the
    default bot takes every other seat, and the table is at least the default size, so
    one person always has someone to play against. More options (the full form) is for
    anything else, such as Saboteur's solo mode."""
    from parlor.bots import DEFAULT_LEVEL
    from parlor.games import GAMES

    if game_id not in GAMES:
        return parse_setup({"game": game_id}, fallback_seed)  # says which games exist
    if not humans_text.isdigit() or int(humans_text) < 1:
        raise BadOptions(Msg.of("setup.players_not_number", value=repr(humans_text)))
    humans = int(humans_text)
    players = max(humans, default_players(game_id))
    seats = ["human"] * humans + [f"bot:{DEFAULT_LEVEL[game_id]}"] * (players - humans)
    # parse_setup checks the player range and applies the table's own adjustments.
    return parse_setup({"game": game_id, "players": str(players), "seats": ",".join(seats)},
                       fallback_seed)
