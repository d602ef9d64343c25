"""add_also_asked: a customer's wording becomes the last line of one chunk's section."""

from __future__ import annotations

import pytest

from knowledge.parsing import DocumentFormatError, add_also_asked, parse_document

BODY = """# Delivery

## How much is delivery?
Five euros.
> Also asked: what does shipping cost?

## How long does it take?
Two days.
```
## not a heading inside a fence
```
"""


def test_the_phrasing_ends_its_own_section():
    # When a phrasing is added to the first chunk, and one to the second
    body = add_also_asked(BODY, position=1, phrase="  do you\n charge  for delivery? ")
    body = add_also_asked(body, position=2, phrase="when will it arrive?")

    # Then each chunk carries it among its phrasings, and the answers are unchanged
    chunks = parse_document(slug="delivery", text=body).chunks
    assert chunks[0].alternatives == ("what does shipping cost?", "do you charge for delivery?")
    assert chunks[0].text == "Five euros."
    assert chunks[1].alternatives == ("when will it arrive?",)
    assert chunks[1].text.startswith("Two days.")


@pytest.mark.parametrize(("position", "phrase"), [(0, "x"), (3, "x"), (1, "   ")])
def test_no_such_chunk_or_an_empty_phrasing_is_refused(position, phrase):
    with pytest.raises(DocumentFormatError):
        add_also_asked(BODY, position=position, phrase=phrase)
