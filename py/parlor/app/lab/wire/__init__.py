"""What the page, the referee and a bot's sandbox say to each other: the kinds of message
(``messages.py``) and the referee's requests and the sandbox's answers with their checks
(``wire.py``).
"""
