"""Saboteur: The Duel (Frederic Moyersoen, AMIGO 2014): two dwarfs dig for gold, with a
solo game. Card data in cards.json; rules in rules.py; notation in notation.py."""

from parlor.games.saboteur.game import GAME

__all__ = ["GAME"]
