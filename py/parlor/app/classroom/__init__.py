"""The classroom: what a teacher does with a game besides playing it. Reviewing a match
move by move (``review``), watching a match of bots (``watch``), taking a game out of
the browser as a file or a link and back in (``transfer``), a guided first game
(``guiding``: its tips and the part that follows them), and the controller's handlers
for those screens (``part``)."""
