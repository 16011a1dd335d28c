"""Kabaleo on screen: the board of piles, the hand, the log and the end screen."""
