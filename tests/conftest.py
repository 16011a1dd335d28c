"""What the tests share, and where it lives.

pytest reads this file before any test in tests/; it hands out the shared stand-ins as
fixtures (``pytest --fixtures tests`` lists them). The stand-ins themselves live in
plain modules beside the tests, imported by name, because e2e/ has a conftest of its own
and two files both imported as ``conftest`` cannot both be imported from:

    fakes.py             the stand-ins: ``CLOCK_MS`` (a fixed "now"), ``StandInController``
                         (the controller as the menu and saving see it, for driving one
                         part of the controller alone), ``Pseudo`` (the bracketing
                         translator) and ``LabWorker`` (the Bot Lab's worker)
    controller_driver.py ``Driver``: the whole controller driven as the page drives it
                         (events in, effects out, timers fired by the test)
    pairing_net.py       host and guest devices (``Driver`` each) linked by a network
                         the test delivers
    screens.py           every screen a seeded game and the classroom have, drawn
    tools_loader.py      ``load_tool("site")``: a script of tools/ as a module, kept
                         once (e2e's fixtures use it too)
    made_tours.py        a class tournament as the page keeps it, and made-up games
                         for it (the tests of its table)
    fixtures/            old saves and the Bot Lab's reference bots, as files
    golden/              the seeded playthroughs tests/test_golden.py compares with

docs/developing.md, "Where a feature's tests are", maps each feature to its test files.
"""

from __future__ import annotations

import pytest

from fakes import StandInController


@pytest.fixture
def stand_in_controller() -> StandInController:
    """A fresh ``StandInController``: an empty store, English, no game shown, nothing asked."""
    return StandInController()
