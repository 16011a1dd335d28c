"""Entry point PyScript runs; the app itself lives in the parlor package."""

from parlor.web.app import main

main()
