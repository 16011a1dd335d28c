"""Saboteur on screen: the maze (pan and zoom), the hand, actions, panels, end screens."""
