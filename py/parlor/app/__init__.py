"""The session around a game: seats, set-up from a URL, saves. Pure: no browser here,
so all of it is tested in CPython; ``parlor.web`` only wires it to the page."""
