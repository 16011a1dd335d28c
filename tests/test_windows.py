"""Ciao!'s timed table decisions as the app runs them (rules page, "Real-time parts in a
browser"): which window is open, the bots' answers and the timeout move."""

from __future__ import annotations

from parlor.app.session import Session
from parlor.app.windows import adjust_options, open_window
from parlor.core.match import Match, replay
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games import GAMES

CIAO = GAMES["ciao"]


def session_at(seats: tuple[str, ...], options: dict[str, object], wanted) -> Session:
    full = CIAO.options_for(len(seats), options)
    for seed in range(300):
        s = CIAO.new(len(seats), seed, full)
        rng = Rng(seed)
        moves: list[str] = []
        while CIAO.to_act(s) is not None and len(moves) < 400:
            if wanted(s):
                m = Match("ciao", seats, seed, full, tuple(moves), CIAO.rules_version)
                return Session(m, replay(m, CIAO), "t-0", 0.0)
            move = rng.choice(CIAO.legal_moves(s))
            moves.append(move)
            s = CIAO.apply(s, move)
    raise AssertionError("no position found")


def test_no_window_outside_table_decisions() -> None:
    s = session_at(("human", "bot:hard"), {}, lambda st: CIAO.to_act(st) != TABLE)
    assert open_window(s) is None


def test_race_window_plans_bot_answers_never_under_half_a_second() -> None:
    """Bots react after a delay set by their level, never under 0.5 s."""
    s = session_at(("human", "bot:hard", "bot:hard", "bot:easy"), {"race_seconds": 6},
                   lambda st: st.phase == "race" and st.speed_player == 0)
    w = open_window(s)
    assert w is not None and w.kind == "race" and w.seconds == 6.0
    assert w.timeout_move == "race none" and w.humans == ()
    legal = CIAO.legal_moves(s.state)
    for plan in w.plans:
        assert plan.delay_ms >= 500 and plan.move in legal
    assert [p.delay_ms for p in w.plans] == sorted(p.delay_ms for p in w.plans)
    assert open_window(s) == w  # seeded: a reload gives the bots the same reflexes


def test_thanks_window_for_a_human_receiver_times_out_to_three_cards() -> None:
    s = session_at(("human", "bot:hard"), {"thanks_seconds": 2},
                   lambda st: st.phase == "thanks" and st.receiver == 0)
    w = open_window(s)
    assert w is not None and w.kind == "thanks" and w.humans == (0,)
    assert w.timeout_move == "nothanks 1" and w.plans == ()
    after = s.play(w.timeout_move)
    assert len(after.state.hands[0]) >= len(s.state.hands[0])


def test_several_humans_on_one_screen_race_in_turn_order() -> None:
    options, note = adjust_options("ciao", ("human", "human", "bot:easy"), {})
    assert options["speed_mode"] == "turn_order" and options["auto_thank"] is True
    assert note and "turn order" in note
    same, none = adjust_options("ciao", ("human", "bot:easy"), {"speed_mode": "race"})
    assert same == {"speed_mode": "race"} and none is None
    assert adjust_options("kabaleo", ("human", "human"), {}) == ({}, None)


def test_undo_is_not_offered_where_turns_draw_hidden_cards() -> None:
    """docs/design.md: undo never goes past a move that revealed hidden information."""
    s = session_at(("human", "bot:hard"), {}, lambda st: len(st.history) > 6)
    assert s.undo_target() is None
