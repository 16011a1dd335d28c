"""What the page says aloud: the status line (#status) and the live region (#said).

On the menu the status line is a polite live region. During a game it is read, not
spoken: the live region says each move once, the bots' included, then a refusal and
the status when it changes (``render.announce``); a redraw of the same screen says
nothing, where rewriting the status line would have said the last move again.
"""

from __future__ import annotations

import js

from parlor.app.screens.announce import Heard, to_say
from parlor.app.screens.game import Rendered


class Voice:
    def __init__(self) -> None:
        #: What the live region last said of the game on screen (None: from the menu).
        self.heard: Heard | None = None

    def game(self, out: Rendered) -> None:
        status = js.document.getElementById("status")
        status.setAttribute("aria-live", "off")
        if status.textContent != out.status:
            status.textContent = out.status
        self.heard, said = to_say(self.heard, out)
        if said:
            self.say(said)

    def menu(self, text: str) -> None:
        self.heard = None
        status = js.document.getElementById("status")
        status.setAttribute("aria-live", "polite")
        status.textContent = text

    def say(self, lines: tuple[str, ...]) -> None:
        """``lines`` in the polite live region, in place of what it held."""
        box = js.document.getElementById("said")
        box.replaceChildren()
        for line in lines:
            p = js.document.createElement("p")
            p.textContent = line
            box.appendChild(p)
