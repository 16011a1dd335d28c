"""The "What the computer thinks" panels of a screen: one per bot asked about.

A bot's beliefs are computed from that bot's own view, as its search sees the table
(each game's ``beliefs`` module, named by its registry entry). The screens that call
this decide *when* they may be shown: only where no person at the table could learn a
secret from them (a match of bots, or a game that is over).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from parlor.core.protocol import Game
from parlor.i18n.catalog import Translator


def beliefs_html(t: Translator, game: Game[Any, Any], state: object, seats: Sequence[int],
                 names: Sequence[str]) -> str:
    """One panel per seat in ``seats`` (each a bot), or "" for a game with no model."""
    from parlor.games import ENTRIES

    module = ENTRIES[game.id].beliefs
    if module is None or not seats:
        return ""
    mod = importlib.import_module(module)
    panels = [mod.render_beliefs(mod.beliefs(game.view(state, seat)), names, seat, t)
              for seat in seats]
    return f'<div class="thinks">{"".join(panels)}</div>'
