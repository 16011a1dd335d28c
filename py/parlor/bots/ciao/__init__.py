"""Ciao!'s computer opponents (``easy``, ``hard``) and their real-time timings."""

from parlor.bots.ciao.heuristic import EasyBot, HardBot

__all__ = ["EasyBot", "HardBot"]
