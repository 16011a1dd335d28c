"""The message catalogs and the Translator: every language says everything
English says, with the same placeholders, the plural forms its grammar needs, its own
digits, and isolated names, so no screen shows a raw key or a scrambled sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parlor.app.controller import Controller
from parlor.app.events import Boot, LanguageChosen, ShowGame, ShowMenu
from parlor.app.saves import DictStore
from parlor.bots import LEVELS, level_label_key
from parlor.games import GAMES
from parlor.i18n.catalog import FSI, PDI, Msg, Translator, load, placeholders
from parlor.i18n.languages import LANGUAGES, known, negotiate, parse_lang
from parlor.i18n.plural import CATEGORIES, category
from tools_loader import load_tool

CODES = [lang.code for lang in LANGUAGES]
ENGLISH = load("en")


@pytest.mark.parametrize("code", CODES)
def test_every_catalog_has_every_key_and_no_other(code: str) -> None:
    catalog = load(code)
    assert sorted(set(ENGLISH) - set(catalog)) == [], "missing: translate them"
    assert sorted(set(catalog) - set(ENGLISH)) == [], "keys English does not have"


@pytest.mark.parametrize("code", CODES)
def test_every_message_has_the_same_placeholders_as_english(code: str) -> None:
    catalog = load(code)
    wrong = {key: (sorted(placeholders(msg)), sorted(placeholders(ENGLISH[key])))
             for key, msg in catalog.items() if placeholders(msg) != placeholders(ENGLISH[key])}
    assert wrong == {}


@pytest.mark.parametrize("code", CODES)
def test_counted_messages_give_exactly_the_forms_the_language_counts_with(code: str) -> None:
    for key, msg in load(code).items():
        counted = isinstance(ENGLISH[key], dict)
        assert isinstance(msg, dict) == counted, key
        if isinstance(msg, dict):
            assert tuple(sorted(msg)) == tuple(sorted(CATEGORIES[code])), key
            assert "n" in placeholders(msg), key


def test_persian_text_writes_its_numbers_in_persian_digits() -> None:
    """Digits inside Persian messages are ۰–۹; numbers come in through {n} as Persian.
    Python a student may copy (a starter's comment) keeps Python's digits, marked as
    code between backticks."""
    latin_digit = re.compile(r"[0-9]")
    for key, msg in load("fa").items():
        forms = msg.values() if isinstance(msg, dict) else (msg,)
        for form in forms:
            prose = re.sub(r"`[^`\n]*`", "", form) if key.startswith("lab.starter.") else form
            assert not latin_digit.search(re.sub(r"\{\w+\}", "", prose)), key
    fa = Translator("fa")
    assert fa.number(2026) == "۲۰۲۶"
    assert fa("menu.seat", n=3) == "جایگاه ۳"


def test_every_game_level_and_option_can_be_named() -> None:
    """The menu names games, levels and options through keys built from the registry."""
    for game_id, game in GAMES.items():
        assert f"game.{game_id}.name" in ENGLISH
        for level in LEVELS[game_id]:
            assert level_label_key(game_id, level) in ENGLISH
        for spec in game.option_specs:
            assert f"option.{game_id}.{spec.key}" in ENGLISH
            assert f"option.{game_id}.{spec.key}.help" in ENGLISH
            for value, _word in spec.choices:
                assert spec.choice_key(game_id, value) in ENGLISH


def test_english_never_says_one_players() -> None:
    en = Translator("en")
    assert en("count.players", n=1) == "1 player"
    assert en("count.players", n=4) == "4 players"


@pytest.mark.parametrize(("n", "text"), [(1, "1 игрок"), (2, "2 игрока"), (4, "4 игрока"),
                                         (5, "5 игроков"), (11, "11 игроков"),
                                         (12, "12 игроков"), (21, "21 игрок"),
                                         (22, "22 игрока"), (25, "25 игроков")])
def test_russian_counts_with_three_forms(n: int, text: str) -> None:
    assert Translator("ru")("count.players", n=n) == text


def test_plural_categories_follow_cldr() -> None:
    assert [category("ru", n) for n in (1, 3, 5, 111, 101, 0)] == [
        "one", "few", "many", "many", "one", "many"]
    assert category("fa", 0) == category("fa", 1) == "one" and category("fa", 2) == "other"
    assert {category("ja", n) for n in range(30)} == {"other"}


def test_names_are_isolated_where_they_could_scramble_a_sentence() -> None:
    assert Translator("en")("status.to_play", name="Ann") == "Ann to play."
    assert Translator("en")("status.to_play", name="علی") == f"{FSI}علی{PDI} to play."
    assert Translator("fa")("status.to_play", name="Ann") == f"نوبت {FSI}Ann{PDI} است."


def test_lists_join_the_way_each_language_does() -> None:
    assert Translator("en").join(["A", "B", "C"]) == "A, B and C"
    assert Translator("en").join(["A"]) == "A"
    assert Translator("ru").join(["A", "B"]) == "A и B"
    assert Translator("ja").join(["A", "B", "C"]) == "A、BとC"


def test_nested_messages_are_said_in_the_same_language() -> None:
    ru = Translator("ru")
    assert ru.say(Msg.of("menu.new_game", game=Msg("game.saboteur.name"))) == (
        "Новая партия: Саботёр: Дуэль")


def test_a_missing_key_falls_back_to_english_and_is_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    t = Translator("ja")
    monkeypatch.delitem(load("ja"), "menu.start")  # as if nobody had translated it
    assert t("menu.start") == "Start"
    assert t.missing == {"menu.start"}
    with pytest.raises(KeyError):
        t("no.such.key")


def test_choosing_a_language() -> None:
    assert parse_lang("fa") == parse_lang("FA") == parse_lang("fa-IR") == "fa"
    assert parse_lang("de") is None
    assert "fa (فارسی)" in known()
    assert negotiate(["de-DE", "ru-RU", "en"]) == "ru"
    assert negotiate(["de"]) == "en"


# --- the page in a language (the controller, as web/app.py drives it) ----------------


def _menu_of(out: list[object]) -> ShowMenu:
    menus = [e for e in out if isinstance(e, ShowMenu)]
    assert menus
    return menus[-1]


def test_a_wrong_lang_in_a_link_is_explained_and_the_menu_still_shows() -> None:
    c = Controller(DictStore(), lambda: 0.0, str)
    menu = _menu_of(c.handle(Boot({"lang": "de"})))
    assert "lang='de' is not a language Parlor speaks" in menu.message
    assert "ru (Русский)" in menu.message


def test_choosing_a_language_says_the_menu_and_the_game_again_in_it() -> None:
    c = Controller(DictStore(), lambda: 0.0, str, lang="ru")
    menu = _menu_of(c.handle(Boot({})))
    assert "Новая партия: Кабалео" in menu.forms["kabaleo"]
    menu = _menu_of(c.handle(LanguageChosen("fa")))
    assert "بازی تازهٔ \u2068کابالئو\u2069" in menu.forms["kabaleo"]  # a name, isolated
    out = c.handle(Boot({"game": "kabaleo", "seats": "human,bot:random", "seed": "1"}))
    game = [e for e in out if isinstance(e, ShowGame)][-1]
    assert "→ فهرست" in game.screen.html  # the toolbar's way back, pointing right in RTL
    out = c.handle(LanguageChosen("xx"))  # not a language: English, never a raw key
    game = [e for e in out if isinstance(e, ShowGame)][-1]
    assert "← Menu" in game.screen.html


def test_every_word_of_the_static_shell_comes_from_the_catalogs() -> None:
    """index.html's words are shown before Python is ready (assets/lang.js fills them in
    from assets/i18n.js, generated from the catalogs): each must have a key."""
    root = Path(__file__).resolve().parent.parent
    html = (root / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n="([\w.]+)"', html))
    keys |= {k for pair in re.findall(r'data-i18n-attr="([^"]+)"', html)
             for k in re.findall(r"=([\w.]+)", pair)}
    assert len(keys) > 30
    assert sorted(keys - set(ENGLISH)) == []
    site = load_tool("site")
    js = site.shell_js(root)
    for code in CODES:
        assert f'"{code}"' in js
    assert all(f'"{key}"' in js for key in keys)


def test_the_shipped_japanese_font_has_every_character_of_the_japanese_catalog() -> None:
    """tools/fonts.py cuts Noto Sans JP down to the catalog's characters; a new word in
    ja.json must come with a rebuilt subset (`make setup` does it), or it shows as tofu
    on devices without a Japanese font."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    root = Path(__file__).resolve().parent.parent
    fonts = root / "vendor" / "fonts"
    if not (fonts / "stamp.json").is_file():
        pytest.skip("vendor/fonts is built by `make setup`")
    # The font serves Japanese script only (assets/parlor.css's unicode-range); symbols
    # such as ↻ come from the device's fonts like any other text.
    japanese = ((0x3000, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
                (0xFF00, 0xFFEF))
    chars = {c for c in load_tool("fonts").catalog_chars()
             if any(low <= ord(c) <= high for low, high in japanese)}
    for weight in ("400", "700"):
        cmap = ttlib.TTFont(str(fonts / f"noto-sans-jp-{weight}.woff2")).getBestCmap()
        missing = sorted(c for c in chars if ord(c) not in cmap and not c.isspace())
        assert missing == [], f"run `make setup`: {''.join(missing)}"


def test_rules_pages_render_blocks_in_order_in_every_language() -> None:
    """app/screens/rules.py: ``## `` headings, ``- `` bullets grouped in one list, paragraphs."""
    from parlor.app.screens.rules import rule_keys, rules_html

    for game_id in GAMES:
        keys = rule_keys(game_id)
        for code in CODES:
            t = Translator(code)
            html = rules_html(t, game_id)
            assert t.missing == set()
            if not keys:
                assert html == ""
                continue
            assert html.count("<h3>") == sum(ENGLISH[k].startswith("## ") for k in keys)
            assert "<ul><ul>" not in html and "## " not in html
