"""A game in progress: its match record, the state it replays to, and who sees what."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from parlor.app.seats import Seat, default_names, display_names, parse_seat
from parlor.core.errors import IllegalMove
from parlor.core.match import Match, replay
from parlor.core.protocol import Game, Outcome
from parlor.i18n.catalog import Msg, Translator


@dataclass(frozen=True)
class Session:
    match: Match
    state: object
    save_id: str
    created: float  # ms since the epoch, from the browser's clock
    #: The save this one was kept apart from, when two tabs wrote different
    #: continuations of one game at once (app/tabs.py): the menu says so beside it.
    kept_from: str | None = None

    @classmethod
    def start(cls, match: Match, save_id: str, now: float) -> Session:
        from parlor.games import GAMES

        return cls(match=match, state=replay(match, GAMES[match.game]), save_id=save_id,
                   created=now)

    @property
    def game(self) -> Game[Any, Any]:
        from parlor.games import GAMES

        return GAMES[self.match.game]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(parse_seat(self.match.game, s) for s in self.match.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names or tuple(f"Player {i + 1}" for i in range(len(self.match.seats)))

    def display_names(self, t: Translator) -> tuple[str, ...]:
        """The seats' names in the reader's language (``seats.display_names``)."""
        return display_names(t, self.seats, self.match.names)

    @property
    def you(self) -> int | None:
        """The seat called "You" (the only human, under the default name), else None:
        sentences about that seat say "you" ("You win", "Your pieces")."""
        humans = self.humans
        if len(humans) == 1 and self.names[humans[0]] == default_names(self.seats)[humans[0]]:
            return humans[0]
        return None

    @property
    def humans(self) -> tuple[int, ...]:
        """The people at this device (who pass it around at a hand-off)."""
        return tuple(i for i, s in enumerate(self.seats) if s.is_local_human)

    @property
    def remotes(self) -> tuple[int, ...]:
        """The people on other devices paired with this one."""
        return tuple(i for i, s in enumerate(self.seats) if s.is_remote)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_bot)

    def to_act(self) -> int | None:
        """The seat to decide (``TABLE`` for the table's timed decisions); None when the
        game is over, played to its end or ended where it stood (``Match.cut``)."""
        return None if self.match.cut else self.game.to_act(self.state)

    def bot_to_act(self) -> bool:
        """A bot must decide (table decisions, TABLE = -1, are timed by the app)."""
        seat = self.to_act()
        return seat is not None and seat >= 0 and self.seats[seat].is_bot

    def outcome(self, t: Translator | None = None) -> Outcome | None:
        """The result; with ``t``, its sentences name the seats as the reader sees them
        (default names in the reader's language), not as the save spells them."""
        names = self.display_names(t) if t is not None else self.names
        if self.match.cut:
            return self.game.outcome_now(self.state, names)
        return self.game.outcome(self.state, names)

    def ended(self) -> Session:
        """The game ended where it stands, scored so (``Game.outcome_now``): a game with
        a Lab bot that went on and on, which the person chose to end."""
        if self.to_act() is None:
            return self
        return replace(self, match=replace(self.match, cut=True))

    def play(self, move: str) -> Session:
        """Apply ``move`` for the seat to act; ``IllegalMove`` (with its reason) otherwise."""
        if self.match.cut:
            raise IllegalMove(move, Msg("error.game_ended"))
        if move not in self.game.legal_moves(self.state):
            self.game.apply(self.state, move)  # raises with the rules' own reason
            raise IllegalMove(move, Msg("error.not_offered"))
        state = self.game.apply(self.state, move)
        return replace(self, match=self.match.with_move(move), state=state)

    def viewer(self) -> int | None:
        """Whose secrets the screen may show now.

        One human: always theirs. No human: nobody's (a demo). Several humans: the human
        to act (the app shows a hand-off screen first); during a bot's turn, nobody's."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        seat = self.to_act()
        if len(humans) >= 2 and seat is not None and seat in humans:
            return seat
        return None  # several humans and a bot or the table to act: nobody's secrets

    def needs_handoff(self, confirmed: int | None) -> bool:
        """True when the screen must be cleared for another human before showing secrets."""
        viewer = self.viewer()
        return len(self.humans) >= 2 and viewer is not None and viewer != confirmed

    def undo_target(self) -> int | None:
        """How many moves to keep to take back the only human's last move (and the bots'
        replies after it); None when there is nothing to undo or undo is not fair."""
        if len(self.humans) != 1 or self.remotes or self.to_act() is None or not getattr(
                self.game, "undo_safe", False):
            # Several people: one would replay after seeing another's turn. Game over:
            # the end revealed every secret. Games whose turns draw hidden cards (not
            # undo_safe): taking a move back would let you redo it knowing what comes.
            return None
        human = self.humans[0]
        history = self.seat_history()
        for i in range(len(history) - 1, -1, -1):
            if history[i] == human:
                return i
        return None

    def seat_history(self) -> tuple[int, ...]:
        """The seat that made each move, replayed from the record."""
        state = self.game.new(len(self.match.seats), self.match.seed, self.match.options)
        seats: list[int] = []
        for move in self.match.moves:
            seat = self.game.to_act(state)
            seats.append(-1 if seat is None else seat)
            state = self.game.apply(state, move)
        return tuple(seats)

    def undo(self) -> Session:
        keep = self.undo_target()
        if keep is None:
            return self
        match = replace(self.match, moves=self.match.moves[:keep])
        return replace(self, match=match, state=replay(match, self.game))
