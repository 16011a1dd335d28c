"""Ciao! on screen: the hand fan, the table centre, race and thank-you banners, scores."""
