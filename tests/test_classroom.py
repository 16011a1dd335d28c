"""The classroom table: reviews, files and links, watching bots.

Driven through the controller as the page drives it (``controller_driver.Driver``): the
page contract's actions in, screens out."""

from __future__ import annotations

import json
import re

import pytest

from controller_driver import Driver
from parlor.app import saves
from parlor.app.classroom.review import EVERYTHING, Review
from parlor.app.classroom.transfer import export_text, import_text, match_from_share, share_data
from parlor.app.events import Action, Boot, BotTurn, Download, Move, ShareLink, ShowMenu
from parlor.core.errors import BadSave
from parlor.core.match import Match


def finished(page: Driver, query: dict[str, str]) -> str:
    """Play a match of bots to its end; its save id."""
    page.send(Boot({**query, "botdelay": "0"}))
    assert page.url is not None and page.url.params is not None
    save_id = page.url.params["save"]
    while page.c.session is not None and page.c.session.to_act() is not None:
        page.run_timers()
    return save_id


def attr(html: str, name: str) -> list[str]:
    return re.findall(rf'{name}="([^"]*)"', html)


# ---- review (Deliver 2) -------------------------------------------------------------


def test_the_end_screen_reviews_the_game_step_by_step_without_touching_the_save() -> None:
    page = Driver()
    save_id = finished(page, {"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "3"})
    raw = page.store.get(saves.PREFIX + save_id)
    assert page.game is not None and 'data-action="review"' in page.game.screen.html
    page.send(Action("review", save=save_id))
    screen = page.game.screen
    n = len(page.c.classroom.review.match.moves) if page.c.classroom.review else 0
    assert screen.phase == "replay" and screen.data == {"ply": str(n), "plies": str(n)}
    for name in ("replay-first", "replay-prev", "replay-next", "replay-last"):
        assert f'data-action="{name}"' in screen.html
    page.send(Action("replay-first"))
    assert page.game.screen.data["ply"] == "0"
    page.send(Action("replay-next"))
    page.send(Action("replay-next"))
    assert page.game.screen.data["ply"] == "2"
    page.send(Action("replay-prev"))
    assert page.game.screen.data["ply"] == "1"
    page.send(Action("replay-goto", value="5"))
    assert page.game.screen.data["ply"] == "5"
    page.send(Action("replay-last"))
    assert page.game.screen.data["ply"] == str(n)
    page.send(Action("replay-next"))  # past the end: stays at the end
    assert page.game.screen.data["ply"] == str(n)
    assert page.store.get(saves.PREFIX + save_id) == raw  # reviewing never writes


def test_a_review_of_the_game_being_played_stops_it_first() -> None:
    """What was playing stops before the review is shown (the controller's step, not the
    classroom's): the bot thinking stops, and its timer, when it fires, finds a new
    generation and plays nothing."""
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "3",
                    "botdelay": "0"}))
    assert page.c.turns.thinking and page.timers
    generation = page.c.turns.generation
    page.send(Action("review"))
    assert not page.c.turns.thinking and page.c.turns.generation > generation
    assert page.c.shown == "review" and page.c.session is None
    review = page.c.classroom.review
    while page.timers:
        page.run_timers()
    assert page.c.shown == "review" and page.c.classroom.review is review


def test_a_review_shows_what_the_seat_saw_at_that_moment() -> None:
    page = Driver()
    save_id = finished(page, {"game": "ciao", "seats": "bot:easy,bot:easy", "seed": "5"})
    entry = saves.read(page.store, save_id)
    assert entry is not None and entry.session is not None
    r = Review.of(entry.session.match, save_id).at(7).looking(1)
    game = entry.session.game
    assert r.view() == game.view(r.states[7], 1)
    assert r.revealed() is None  # one seat's view: no one else's secrets


def one_human_move(page: Driver, game: str, seed: str) -> None:
    """Start ``game`` for a human against a bot and play the human's first move."""
    page.send(Boot({"game": game, "seats": "human,bot:easy", "seed": seed, "botdelay": "0"}))
    page.until_human()
    page.send(Move(page.legal()[0]))
    page.until_human()
    assert page.c.session is not None


def test_a_game_in_progress_with_a_human_offers_only_the_humans_views() -> None:
    page = Driver()
    one_human_move(page, "ciao", "9")
    assert page.c.session is not None
    save_id = page.c.session.save_id
    page.send(Action("review", save=save_id))
    r = page.c.classroom.review
    assert r is not None and not r.open_book
    assert r.perspectives() == (0,) and r.seat == 0
    html = page.game.screen.html if page.game else ""
    assert attr(html, "data-revealed") == [] and 'data-beliefs' not in html
    seat_choices = re.search(r'data-change="replay-seat">(.*?)</select>', html)
    assert seat_choices is not None and seat_choices.group(1).count("<option") == 1
    page.send(Action("replay-seat", value=str(EVERYTHING)))  # a hand-edited choice
    review = page.c.classroom.review
    assert review is not None and review.seat == 0  # refused: still seat 0
    assert 'data-action="resume"' in html  # back to the game


def test_every_saved_game_offers_review_export_and_share() -> None:
    page = Driver()
    save_id = finished(page, {"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "4"})
    page.send(Action("menu"))
    assert page.menu is not None
    for name in ("review", "export", "share"):
        assert f'data-action="{name}" data-save="{save_id}"' in page.menu.saves


# ---- files and links (Deliver 4) ----------------------------------------------------


def match_of(page: Driver, save_id: str) -> Match:
    entry = saves.read(page.store, save_id)
    assert entry is not None and entry.session is not None
    return entry.session.match


@pytest.mark.pyodide
def test_export_import_and_share_carry_the_same_match() -> None:
    page = Driver()
    save_id = finished(page, {"game": "saboteur", "seats": "bot:easy,bot:easy", "seed": "8"})
    match = match_of(page, save_id)
    out = page.send(Action("export", save=save_id))
    files = [e for e in out if isinstance(e, Download)]
    assert len(files) == 1 and files[0].filename.endswith(".json")
    assert import_text(files[0].text) == match
    links = [e for e in page.send(Action("share", save=save_id)) if isinstance(e, ShareLink)]
    assert match_from_share(links[0].data) == match
    assert import_text("https://x.example/index.html#m=" + links[0].data) == match
    assert import_text(page.store.get(saves.PREFIX + save_id) or "") == match  # a save


@pytest.mark.pyodide
@pytest.mark.parametrize(("edit", "reason"), [
    (lambda d: d["moves"].__setitem__(2, d["moves"][1]), "move 3"),
    (lambda d: d.__setitem__("rules_version", 99), "newer Parlor"),
    (lambda d: d.__setitem__("game", "chess"), "unknown game"),
    (lambda d: d.__setitem__("seed", "x"), "seed"),
])
def test_a_hand_edited_file_is_refused_with_its_reason(edit, reason) -> None:  # type: ignore[no-untyped-def]
    page = Driver()
    save_id = finished(page, {"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "6"})
    data = json.loads(export_text(match_of(page, save_id)))
    edit(data)
    keys = sorted(page.store.keys())
    out = page.send(Action("import", value=json.dumps(data)))
    menus = [e for e in out if isinstance(e, ShowMenu)]
    assert menus and reason in menus[-1].message and "Nothing was changed" in menus[-1].message
    assert sorted(page.store.keys()) == keys
    with pytest.raises(BadSave, match=reason):
        import_text(json.dumps(data))


@pytest.mark.pyodide
@pytest.mark.parametrize(("data", "reason"), [
    ("1.eJzLSM3JyQcABiwCFQ"[:-4], "damaged or cut short"),
    ("7.abc", "another version"),
    ("hello", "another version"),
    ("1.!!!!", "damaged or cut short"),
])
def test_a_broken_link_is_refused_with_its_reason(data: str, reason: str) -> None:
    with pytest.raises(BadSave, match=reason):
        match_from_share(data)
    page = Driver()
    page.send(Boot({}, fragment="m=" + data))
    assert page.menu is not None and reason in page.menu.message


@pytest.mark.pyodide
def test_a_share_link_opens_a_review_and_keeping_it_makes_a_new_save() -> None:
    first = Driver()
    save_id = finished(first, {"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "2"})
    match = match_of(first, save_id)
    page = Driver()  # another browser: an empty store
    page.send(Boot({}, fragment="m=" + share_data(match)))
    assert page.game is not None and page.game.screen.phase == "replay"
    assert page.store.keys() == []  # opening a link saves nothing
    assert 'data-action="adopt"' in page.game.screen.html
    page.send(Action("adopt"))
    [key] = page.store.keys()
    entry = saves.read(page.store, key.removeprefix(saves.PREFIX))
    assert entry is not None and entry.session is not None and entry.session.match == match


def test_an_unfinished_import_can_be_played_on_as_a_new_save() -> None:
    first = Driver()
    one_human_move(first, "kabaleo", "2")
    assert first.c.session is not None
    text = export_text(first.c.session.match)
    page = Driver(first.store)  # the same browser: the original save must survive
    before = {k: first.store.get(k) for k in first.store.keys()}
    page.send(Action("import", value=text))
    page.send(Action("adopt"))
    assert page.game is not None and page.game.screen.phase == "play"
    assert page.c.session is not None and page.c.session.save_id not in {
        k.removeprefix(saves.PREFIX) for k in before}
    assert all(first.store.get(k) == v for k, v in before.items())


# ---- watching bots (Deliver 1) ------------------------------------------------------


def test_pause_stops_the_bots_and_one_move_plays_exactly_one() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "players": "4", "seed": "11", "botdelay": "0",
                    "seats": "bot:easy,bot:easy,bot:easy,bot:easy"}))
    for _ in range(5):
        page.run_timers()
    assert page.game is not None and 'data-action="pause"' in page.game.screen.html
    page.send(Action("pause"))
    assert page.c.session is not None
    moves = len(page.c.session.match.moves)
    while page.timers:  # timers started before the pause find it paused
        page.run_timers()
    assert len(page.c.session.match.moves) == moves
    assert "Paused" in page.game.screen.status
    page.send(Action("step"))
    while page.timers:
        page.run_timers()
    assert len(page.c.session.match.moves) == moves + 1
    page.send(Action("pause"))  # resume
    assert any(isinstance(t.event, BotTurn) for t in page.timers)


def test_the_watch_speed_sets_the_pause_between_moves() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seed": "1", "seats": "bot:easy,bot:easy"}))
    page.send(Action("watch-speed", value="slow"))
    assert page.c.classroom.watch.delay(page.c.turns.bot_delay) == 2500
    page.send(Action("watch-speed", value="warp"))  # not a speed: unchanged
    assert page.c.classroom.watch.speed == "slow"


def test_no_reveal_pause_or_beliefs_while_a_human_plays() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seed": "1", "seats": "human,bot:easy"}))
    html = page.game.screen.html if page.game else ""
    for name in ("reveal", "pause", "step"):
        assert f'data-action="{name}"' not in html
    page.send(Action("reveal"))
    assert not page.c.classroom.watch.reveal



# ---- what the computer thinks (Deliver 3) ---------------------------------------------


def test_a_finished_match_of_bots_shows_every_bots_beliefs_in_review() -> None:
    page = Driver()
    save_id = finished(page, {"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "3"})
    page.send(Action("review", save=save_id))
    page.send(Action("replay-goto", value="4"))
    html = page.game.screen.html if page.game else ""
    assert attr(html, "data-beliefs") == ["0", "1"]
    page.send(Action("replay-seat", value="1"))  # one bot's view: that bot's beliefs only
    html = page.game.screen.html if page.game else ""
    assert attr(html, "data-beliefs") == ["1"]


def test_a_watcher_chooses_whose_beliefs_to_see() -> None:
    page = Driver()
    page.send(Boot({"game": "saboteur", "seed": "2", "seats": "bot:easy,bot:easy"}))
    html = page.game.screen.html if page.game else ""
    assert 'data-change="watch-thinks"' in html and "data-beliefs" not in html
    page.send(Action("watch-thinks", value="1"))
    html = page.game.screen.html if page.game else ""
    assert attr(html, "data-beliefs") == ["1"]
    page.send(Action("watch-thinks", value="9"))  # no such seat: the panel goes
    assert "data-beliefs" not in (page.game.screen.html if page.game else "")
