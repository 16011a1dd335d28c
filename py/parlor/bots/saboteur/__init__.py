"""Saboteur's computer opponents: ``easy`` (greedy digger) and ``hard`` (weighs both
players' prospects, sabotages, uses maps)."""

from parlor.bots.saboteur.easy import EasyBot
from parlor.bots.saboteur.hard import HardBot

__all__ = ["EasyBot", "HardBot"]
