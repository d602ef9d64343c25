"""Chunking per question: pure functions, no database."""

import pytest

from knowledge.codes import extract_codes, extract_query_codes
from knowledge.language import detect_language
from knowledge.parsing import DocumentFormatError, decode_document, parse_document

DOC = """---
source_url: https://shop.example/help/delivery
language: en
---
# Delivery

## How much does delivery cost?
An address costs €5.
> Also asked: what is the shipping fee?

## How long does it take?
Two working days.
```
## not a heading inside a code fence
```
"""


def test_each_h2_section_is_one_chunk_with_its_position():
    # given a document with two questions
    # when it is parsed
    doc = parse_document(slug="delivery", text=DOC)
    # then each '## ' section is one chunk, numbered from 1, with the title and metadata
    assert doc.title == "Delivery"
    assert doc.source_url == "https://shop.example/help/delivery"
    assert [c.position for c in doc.chunks] == [1, 2]
    assert doc.chunks[0].question == "How much does delivery cost?"
    assert doc.chunks[0].text == "An address costs €5."
    assert doc.chunks[0].alternatives == ("what is the shipping fee?",)
    assert "## not a heading" in doc.chunks[1].text


def test_alternative_phrasings_are_embedded_but_not_part_of_the_answer():
    chunk = parse_document(slug="delivery", text=DOC).chunks[0]
    assert "Also asked" not in chunk.text
    assert "what is the shipping fee?" in chunk.embedding_input
    assert chunk.embedding_input.startswith("How much does delivery cost?")


def test_language_is_detected_when_front_matter_does_not_give_it():
    es = parse_document(slug="envios", text="# Envíos\n## ¿Cuánto tarda?\nTarda dos días hábiles.")
    en = parse_document(
        slug="ship", text="# Shipping\n## How long?\nIt takes two days for the parcel."
    )
    assert (es.language, en.language) == ("es", "en")
    assert detect_language("¿en cuánto me llega a Córdoba?") == "es"
    assert detect_language("How long does the parcel travel?") == "en"


def test_content_hash_changes_only_with_the_chunk():
    a = parse_document(slug="d", text=DOC)
    b = parse_document(slug="d", text=DOC.replace("Two working days.", "Three working days."))
    assert a.chunks[0].content_sha256 == b.chunks[0].content_sha256
    assert a.chunks[1].content_sha256 != b.chunks[1].content_sha256


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("# Title\nJust prose, no question.", "no '## ' question heading", None),
        ("# T\n## \nbody", "has no question text", 2),
        ("# T\n## Where?\n\n## Next?\nAnswer.", "'Where?' has no answer", 2),
        ("---\nsource_url: [unclosed\n---\n## Q?\nA.", "front matter", 2),
        ("---\nlanguage: fr\n---\n## Q?\nA.", "language must be one of", 2),
        ("---\nlanguage: en\n## Q?\nA.", "never closed", 1),
        ("---\nsource_url: not a url\n---\n## Q?\nA.", "source_url must be an http", 2),
        ("---\nshop: Mi Tienda!\n---\n## Q?\nA.", "shop must be lowercase", 2),
    ],
)
def test_bad_documents_give_a_one_line_error_with_the_line(text, message, line):
    with pytest.raises(DocumentFormatError) as err:
        parse_document(slug="doc", text=text)
    assert message in str(err.value)
    assert err.value.line == line
    assert "\n" not in str(err.value)


def test_bytes_that_are_not_utf8_are_refused_with_the_line():
    with pytest.raises(DocumentFormatError) as err:
        decode_document(b"# T\n## Q?\nprecio \xff\xfe\n")
    assert err.value.line == 3
    assert "not UTF-8" in str(err.value)


def test_bad_slug_is_refused():
    with pytest.raises(DocumentFormatError, match="slug"):
        parse_document(slug="Bad Slug!", text="## Q?\nA.")


def test_codes_are_kept_whole_and_normalised():
    codes = extract_codes("Error ERR_401_EXPIRED_TOKEN con el cargador SKU-9942 y el RMA-204.")
    assert {"ERR401EXPIREDTOKEN", "SKU9942", "9942", "RMA204"} <= set(codes)
    # ordinary words next to numbers are not codes
    assert extract_codes("hasta 12 cuotas, del 80 %, Santa Fe 3250") == []
    # a customer who types the code loosely still meets it
    assert "SKU9942" in extract_query_codes("tengo el sku 9942")
    assert "9942" in extract_query_codes("el 9942 no carga")


def test_front_matter_names_the_shop_and_no_shop_means_shared():
    # given a document for one shop and a document with no shop
    own = parse_document(slug="d", text="---\nshop: tienda-demo\n---\n## Q?\nA.")
    shared = parse_document(slug="e", text="## Q?\nA.")
    # then the first belongs to that shop and the second to every shop ("")
    assert own.shop == "tienda-demo"
    assert shared.shop == ""
