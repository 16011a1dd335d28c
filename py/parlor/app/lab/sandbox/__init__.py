"""What a student's interpreter loads beside the student's code (``assets/lab-sandbox.js``):
the bot compiled and timed, the toolbox it calls as ``game``, and the answer to the
referee's requests. The student can read and rewrite all of it, so it holds nothing of
the referee or the page (``tests/test_sandbox_imports.py`` lists what it loads).
"""
