"""``visible_texts`` reads the screens' markup with two regular expressions instead of
the HTML parser (app/screens/readable.py): it must find exactly what the parser finds,
and hand what it does not cover to the parser."""

from __future__ import annotations

import pytest

from parlor.app.screens.readable import _parsed, visible_texts

CASES = [
    '<p class="a">Hello &amp; <b>bye</b></p>',
    '<button aria-label="Play &quot;it&quot;" title=\'a > b\' disabled>Go</button>',
    "<img alt=plain src=x.png><input placeholder=\"\" title='t'>",
    '<svg viewBox="0 0 1 1"><g><text x="1">Card &#8212; \u2068name\u2069</text></g></svg>',
    "  leading <span>mid</span> trailing &lt;tag&gt; ",
    '<DIV TITLE="Upper">X</DIV><br/><hr />end',
    "<p>a <!-- a comment --> b</p>",
    "<style>.a { color: red }</style><p>shown</p><script>var x = 1 < 2;</script>",
    "<p>1 < 2</p>",
    '<p data-x="a<b">odd</p>',
    "",
]


@pytest.mark.parametrize("html", CASES)
def test_the_quick_reader_finds_what_the_parser_finds(html: str) -> None:
    assert visible_texts(html) == _parsed(html)


def test_read_attributes_and_text_nodes_are_what_a_reader_meets() -> None:
    html = '<button aria-label="Draw a card" data-move="d">Draw</button><p title="Why">x</p>'
    assert visible_texts(html) == ["Draw a card", "Draw", "Why", "x"]
