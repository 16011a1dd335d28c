"""The Lab in the page's interpreter: the controller's part (``part.py``), the bots kept in
local storage and handed in, the lessons, a Lab bot at the table, and the reports of the
referee's worker taken into the screen's state. Never loaded by the referee or a sandbox.
"""
