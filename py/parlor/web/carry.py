"""What pressing an element sends: the element's own ``data-*``, and what its
``data-carry`` says it carries, read from the page (the set-up form, a tile's people).
The screen that drew the element wrote that word; the page reads by it, never by the
action's name."""

from __future__ import annotations

from typing import Any

import js

from parlor.app.events import Action
from parlor.render.contract import ActionName
from parlor.web.dom import absent, attr


def read_form(game_id: str) -> dict[str, str]:
    """A set-up form's fields as URL parameters (``seats`` joined by commas)."""
    params: dict[str, str] = {"game": game_id}
    seats = []
    for node in js.document.querySelectorAll(f"#setup-{game_id} [data-field]"):
        name, value = attr(node, "data-field") or "", str(node.value)
        if name.startswith("seat"):
            seats.append(value)
        elif name != "seed" or value:
            params[name] = value
    params["seats"] = ",".join(seats)
    return params


def read_people(game_id: str) -> dict[str, str]:
    """A tile's "People at this device" (none drawn: the default)."""
    people = js.document.querySelector(f'select[data-people="{game_id}"]')
    return {} if absent(people) else {"humans": str(people.value)}


def pressed(target: Any, action: ActionName, form: dict[str, str] | None = None) -> Action:
    """The event of pressing ``target``: its own ``data-*``, and ``form`` if it carries
    one."""
    return Action(action, save=attr(target, "data-save"), game=attr(target, "data-game"),
                  value=attr(target, "data-value"), form=form)


def with_form(target: Any, action: ActionName) -> Action:
    """A set-up form's Start (``data-carry="form"``): the form's fields."""
    game_id = attr(target, "data-game")
    return pressed(target, action, read_form(game_id) if game_id else None)


def with_people(target: Any, action: ActionName) -> Action:
    """A tile's Play (``data-carry="people"``): its "People at this device"."""
    game_id = attr(target, "data-game")
    return pressed(target, action, read_people(game_id) if game_id else None)
