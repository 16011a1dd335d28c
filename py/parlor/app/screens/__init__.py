"""The page's screens composed: the game frame around a game's board, the menu, a review,
the watch bar, notices, the pairing panels, the Lab. Pure functions of what the app
holds (sessions, reviews, connections) to HTML strings; the games' own boards come from
their ``ui`` modules, which use only ``parlor.render`` (markup helpers and the renderer
contract), so render never imports the app."""
