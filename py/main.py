"""Entry point PyScript runs; the app itself lives in the parlor package."""

import js

js.performance.mark("parlor:main-py")  # for `make bench`: parlor.web's import follows

from parlor.web.app import main  # noqa: E402

main()
