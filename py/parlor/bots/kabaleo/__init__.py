"""Kabaleo's computer opponents: ``easy`` (greedy, no memory) and ``hard`` (Bayesian)."""

from parlor.bots.kabaleo.easy import EasyBot
from parlor.bots.kabaleo.hard import HardBot

__all__ = ["EasyBot", "HardBot"]
