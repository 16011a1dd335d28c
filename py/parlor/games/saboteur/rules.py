"""Saboteur: The Duel's rules (docs/rules/saboteur_duel.md), the public face: what the
game object, the bots, the screen and the tests call. Duel for two seats, the solo game
for one. The rules themselves live in one module per concern:

- ``facts``: the numbers and words every part shares;
- ``rounds``: set-up, passing the turn, the end of a round, the card inventory;
- ``work``: the working copy one move edits, and drawing cards;
- ``reasons``: why a move is not legal (one function per kind of move), the networks;
- ``legal``: the candidates in a stable order, ``legal_moves`` and ``refusal``;
- ``moves``: ``apply`` and what follows an action (reveals, gold, bribe window, draw);
- ``maze``: the tunnel model; ``cards``: the card data; ``notation``: move strings.

``legal_moves`` is the only place legality is decided: every candidate move goes
through the same ``_reason`` function that ``refusal`` and ``apply`` use to explain a
refusal, so the three can never disagree. ``apply`` works on a mutable copy
(``_Work``) and freezes it again: the state itself is never changed.

Flow of a turn: the player to act may first bribe trolls (free actions, the turn goes
on), then does exactly one action (place, action card, clear, pass). If the action
makes any unbroken tunnel reach a face-down goal, the phase becomes ``reveal`` and the
acting player chooses each goal's orientation (``reveal`` moves, only those whose
tunnels join the tunnel that reached the goal: ``reveal_orientations``); then gold
newly connected is secured (the acting player first), the round-end triggers are
checked; if the round goes on and the action (or a reveal it caused) made a troll
reachable from the actor's start that it did not reach before, and the actor has a
counter left, the phase becomes ``bribe`` (the bribe window: ``bribe`` moves or
``done``); then the player draws and the turn passes to the next player holding cards.
"""

from __future__ import annotations

from parlor.games.saboteur.cards import REPAIR_CARD
from parlor.games.saboteur.facts import (
    COUNTERS,
    HAND_SIZE,
    KEY_TOKENS,
    NOT_NOTATION,
    SET_ASIDE,
    SOLO_BANDS,
    band,
    colour_name,
)
from parlor.games.saboteur.legal import legal_moves, refusal
from parlor.games.saboteur.moves import _bribe_window, _settle, apply
from parlor.games.saboteur.reasons import joining_orientations, network, reveal_orientations
from parlor.games.saboteur.rounds import inventory, new_game, pay_trolls

__all__ = [
    "COUNTERS",
    "HAND_SIZE",
    "KEY_TOKENS",
    "NOT_NOTATION",
    "REPAIR_CARD",
    "SET_ASIDE",
    "SOLO_BANDS",
    "_bribe_window",
    "_settle",
    "apply",
    "band",
    "colour_name",
    "inventory",
    "joining_orientations",
    "legal_moves",
    "network",
    "new_game",
    "pay_trolls",
    "refusal",
    "reveal_orientations",
]
