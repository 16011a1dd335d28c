"""Views to HTML/SVG strings. Pure functions: the same view always renders the same
markup, and only what the view holds can reach the page."""
