"""Parlor in the languages of its rule sheets: English, Persian, Russian, Japanese.

``languages`` says which we ship and how a page picks one, ``plural`` how each counts,
``catalog`` turns a ``Msg`` (a key and its arguments) into a sentence. Catalogs are
data files (``catalogs/<code>.json``), one per language; adding a language is adding
its file and a line in ``languages.LANGUAGES`` (and its plural rule).
"""
