"""The Lab's contests as pure rules: the dice a Lab bot is handed (``dice.py``), who sits
where (``seating.py``), a match's and a tournament's games played out one step at a time
(``matches.py``, ``tournament.py``, ``steps.py``), their records and standings. The
referee runs them; the page reads their records. Like a game's rules, they touch no
storage, no worker and no page.
"""
