"""A shop's synonyms dictionary: the file format and its checks, the service (audit,
stale edits, bad lines), the cached selector, both search arms, the corpus page and
the `knowledge synonyms` command. Real PostgreSQL and the real embedder."""

from __future__ import annotations

import html
import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from config.audit.models import AuditEntry
from knowledge import services
from knowledge.embedders import get_embedder
from knowledge.models import SynonymDictionary
from knowledge.parsing import parse_body
from knowledge.search import search_with_candidates
from knowledge.search.hybrid import embed_expanded
from knowledge.selectors import synonyms_for_scope
from knowledge.synonyms import CompiledSynonyms, SynonymFormatError, fold, parse_synonyms

HTMX = {"HTTP_HX_REQUEST": "true"}

GIFT_BODY = """# Gift cards

## Can I buy a gift card?
Yes: gift cards from €20 to €200, sent by email within 10 minutes.

## How long is a gift card valid?
A gift card is valid for one year from the day it was bought.
"""

DELIVERY_BODY = """# Delivery

## How long does delivery take?
Orders arrive in 2 to 4 working days anywhere in the country.
"""


def text_of(response) -> str:
    return html.unescape(response.content.decode())


# --- the format ------------------------------------------------------------------


def test_the_file_format_reads_groups_comments_and_multi_word_terms():
    # given a file with comments, blank lines and a term of several words
    text = (
        "# phones\ncelular, cel, movil, teléfono   # regional words\n\npileta,  swimming   pool\n"
    )
    # when it is parsed
    groups = parse_synonyms(text)
    # then each line is a group, terms trimmed and spaces collapsed, comments gone
    assert [g.terms for g in groups] == [
        ("celular", "cel", "movil", "teléfono"),
        ("pileta", "swimming pool"),
    ]
    assert [g.line for g in groups] == [2, 4]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("ok, fine\ncelular,, cel\n", "line 2: an empty term"),
        ("celular\n", "line 1: a group needs at least two different terms"),
        ("Celular, celular\n", "line 1: a group needs at least two different terms"),
        ("a, b\n\n---, cel\n", "line 3: “---” has no letters or digits"),
        ("one, 2 3 4 5 6 7 8\n", "line 1: “2 3 4 5 6 7 8” has over 6 words"),
    ],
)
def test_a_bad_line_is_an_error_naming_its_line_number(text, error):
    with pytest.raises(SynonymFormatError) as raised:
        parse_synonyms(text)
    assert raised.value.errors[0].startswith(error), raised.value.errors


def test_terms_match_folded_whole_words_longest_first_and_expand_to_their_group():
    compiled = CompiledSynonyms.from_groups(
        [("celular", "cel", "teléfono"), ("pileta", "swimming pool"), ("pool", "alberca")]
    )
    # accents and case do not matter; "cel" does not match inside "celeste"
    expansion = compiled.expand("¿Tienen el TELEFONO celeste?")
    assert expansion.groups == (("celular", "cel", "teléfono"),)
    assert expansion.text_query == "¿Tienen el TELEFONO celeste? celular cel"
    assert expansion.vector_query == "¿Tienen el TELEFONO celeste? (celular, cel)"
    # "swimming pool" (two words) is taken before "pool" alone
    assert compiled.expand("a swimming pool cover").groups == (("pileta", "swimming pool"),)
    # nothing matched: the query as it is
    assert compiled.expand("hola").text_query == "hola"
    assert fold("Ñandú  PILETA!") == "nandu pileta"


# --- the service and the selector -------------------------------------------------


@pytest.mark.django_db
def test_setting_a_dictionary_is_audited_with_what_changed(make_staff):
    editor = make_staff("eddie", "editors")
    services.synonyms_set(shop="tienda", text="celular, cel\n", actor=editor)
    # when the editor replaces one group with another
    saved = services.synonyms_set(
        shop="tienda", text="celular, cel, movil\n", expected_version=1, actor=editor
    )
    # then the version is bumped and the audit row says who and what
    assert saved.dictionary.version == 2 and saved.dictionary.groups == 1
    entry = AuditEntry.objects.filter(action="corpus.synonyms.update").latest("id")
    assert entry.actor == editor
    assert entry.data["added"] == ["celular, cel, movil"]
    assert entry.data["removed"] == ["celular, cel"]
    assert entry.data["shop"] == "tienda" and entry.data["version"] == 2


@pytest.mark.django_db
def test_a_bad_line_or_a_stale_edit_writes_nothing():
    services.synonyms_set(shop="tienda", text="celular, cel\n")
    with pytest.raises(SynonymFormatError):
        services.synonyms_set(shop="tienda", text="ok, fine\nbroken\n")
    with pytest.raises(services.StaleEditError):
        services.synonyms_set(shop="tienda", text="a, b\n", expected_version=0)
    assert SynonymDictionary.objects.get(shop="tienda").text == "celular, cel\n"
    assert AuditEntry.objects.filter(action="corpus.synonyms.update").count() == 1


@pytest.mark.django_db
def test_a_scope_sees_its_shop_and_the_shared_groups_and_a_save_is_seen_at_once(
    django_assert_num_queries,
):
    services.synonyms_set(shop="", text="gift card, voucher\n")
    services.synonyms_set(shop="tienda", text="celular, cel\n")
    services.synonyms_set(shop="other", text="bici, bicicleta\n")
    assert synonyms_for_scope("tienda").groups == [("gift card", "voucher"), ("celular", "cel")]
    assert synonyms_for_scope("").groups == [("gift card", "voucher")]
    assert len(synonyms_for_scope(None).groups) == 3
    # a cached scope costs one small read
    with django_assert_num_queries(1):
        synonyms_for_scope("tienda")
    # a save is seen by the next search
    services.synonyms_set(shop="tienda", text="celular, cel, movil\n")
    assert ("celular", "cel", "movil") in synonyms_for_scope("tienda").groups


# --- both arms --------------------------------------------------------------------


@pytest.fixture
def gift_shop(db):
    for slug, body in (("gifts", GIFT_BODY), ("delivery", DELIVERY_BODY)):
        parsed = parse_body(
            slug=slug, body=body, language="en", source_url="", title="", shop="gifts"
        )
        services.document_import(parsed=parsed)


def gift_candidate(query: str):
    _, candidates = search_with_candidates(query, shop="gifts")
    return next((c for c in candidates if c.source == "gifts#1"), None)


def test_a_nickname_in_the_dictionary_reaches_both_arms(gift_shop):
    # given the shop's customers call a gift card a "zorblax"
    before = gift_candidate("zorblax?")
    services.synonyms_set(shop="gifts", text="gift card, zorblax\n")
    # when a customer asks with the nickname
    after = gift_candidate("zorblax?")
    # then the keyword arm finds the gift card chunk, which it could not before,
    assert after is not None and after.text_rank is not None
    assert before is None or before.text_rank is None
    # and the query vector is nearer to it (the group's terms embedded with it)
    assert after.cosine > (before.cosine if before else 0.0)
    # and another shop's search does not use this shop's dictionary
    assert synonyms_for_scope("other").expand("zorblax?").groups == ()


def test_the_vector_arm_modes_embed_what_they_say(gift_shop):
    embedder = get_embedder()
    expansion = CompiledSynonyms.from_groups([("gift card", "zorblax")]).expand("zorblax?")
    plain = embedder.embed_queries(["zorblax?"])[0]
    appended = embedder.embed_queries(["zorblax? (gift card)"])[0]
    assert (embed_expanded(expansion, embedder, mode="off") == plain).all()
    assert (embed_expanded(expansion, embedder, mode="append") == appended).all()
    mean = embed_expanded(expansion, embedder, mode="mean")
    assert abs(float((mean**2).sum()) - 1.0) < 1e-4


# --- the corpus page --------------------------------------------------------------


@pytest.fixture
def editor(client, make_staff):
    user = make_staff("eddie", "editors")
    client.force_login(user)
    return user


@pytest.mark.django_db
@pytest.mark.parametrize("group", ["agents", "refund_approvers"])
def test_only_editors_open_the_synonyms_pages(client, make_staff, group):
    client.force_login(make_staff("other", group))
    urls = [
        reverse("corpus-synonyms"),
        reverse("corpus-synonyms-shared"),
        reverse("corpus-synonyms-shop", kwargs={"shop": "tienda"}),
    ]
    for url in urls:
        assert client.get(url).status_code == 403, url
        assert client.post(url, {"text": "a, b", "version": 0}).status_code == 403, url
    assert not SynonymDictionary.objects.exists()


@pytest.mark.django_db
def test_anonymous_users_are_sent_to_login(client):
    response = client.get(reverse("corpus-synonyms"))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_the_list_shows_the_shared_scope_and_every_shop(client, editor, gift_shop):
    services.synonyms_set(shop="tienda", text="celular, cel\n")
    page = text_of(client.get(reverse("corpus-synonyms")))
    assert "every shop (shared)" in page
    assert reverse("corpus-synonyms-shop", kwargs={"shop": "gifts"}) in page
    assert reverse("corpus-synonyms-shop", kwargs={"shop": "tienda"}) in page
    assert reverse("corpus-synonyms") in text_of(client.get(reverse("corpus-list")))


@pytest.mark.django_db
def test_an_editor_saves_a_shop_dictionary_through_the_htmx_partial(client, editor):
    url = reverse("corpus-synonyms-shop", kwargs={"shop": "tienda"})
    assert 'name="version" value="0"' in client.get(url).content.decode()
    # when the editor saves from the page (htmx)
    response = client.post(url, {"text": "celular, cel, movil\n", "version": 0}, **HTMX)
    # then the partial answers, with the new version in the form
    assert response.status_code == 200
    page = text_of(response)
    assert "<html" not in page and 'id="synonyms-form"' in page
    assert "Saved version 1: 1 groups (1 added, 0 removed)." in page
    assert 'name="version" value="1"' in page
    assert SynonymDictionary.objects.get(shop="tienda").updated_by == editor
    assert AuditEntry.objects.filter(action="corpus.synonyms.update", actor=editor).exists()


@pytest.mark.django_db
def test_a_plain_post_redirects_back_to_the_page(client, editor):
    url = reverse("corpus-synonyms-shared")
    response = client.post(url, {"text": "gift card, voucher\n", "version": 0})
    assert response.status_code == 302 and response["Location"] == url
    assert "Saved version 1" in text_of(client.get(url))
    assert SynonymDictionary.objects.get(shop="").groups == 1


@pytest.mark.django_db
def test_a_bad_line_is_shown_with_its_number_and_the_text_is_kept(client, editor):
    url = reverse("corpus-synonyms-shop", kwargs={"shop": "tienda"})
    text = "celular, cel\n# ok\ncompu\n"
    response = client.post(url, {"text": text, "version": 0}, **HTMX)
    assert response.status_code == 400
    page = text_of(response)
    assert "line 3: a group needs at least two different terms" in page
    assert "compu" in page  # the editor's text is still in the textarea
    assert not SynonymDictionary.objects.filter(shop="tienda").exists()


@pytest.mark.django_db
def test_a_stale_edit_is_refused_and_shows_the_version_saved_meanwhile(client, editor, make_staff):
    other = make_staff("olga", "editors")
    services.synonyms_set(shop="tienda", text="celular, cel\n", actor=other)
    # when eddie saves from version 0 after olga saved version 1
    url = reverse("corpus-synonyms-shop", kwargs={"shop": "tienda"})
    response = client.post(url, {"text": "pileta, pile\n", "version": 0}, **HTMX)
    # then nothing is saved and the page says who saved what
    assert response.status_code == 409
    page = text_of(response)
    assert "saved by olga" in page and "celular, cel" in page and "pileta, pile" in page
    assert SynonymDictionary.objects.get(shop="tienda").text == "celular, cel\n"


@pytest.mark.django_db
def test_a_shop_slug_that_is_not_one_is_404(client, editor):
    response = client.get("/staff/corpus/synonyms/shop/Not%20A%20Shop/")
    assert response.status_code == 404


# --- the command ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_command_loads_a_file_and_prints_the_current_one(tmp_path):
    file = tmp_path / "synonyms.txt"
    file.write_text("# phones\ncelular, cel, movil\n", encoding="utf-8")
    out = io.StringIO()
    call_command("knowledge", "synonyms", "--shop", "tienda", str(file), stdout=out)
    assert "tienda: 1 synonym groups, version 1; 1 added, 0 removed" in out.getvalue()
    printed = io.StringIO()
    call_command("knowledge", "synonyms", "--shop", "tienda", stdout=printed)
    assert printed.getvalue() == "# phones\ncelular, cel, movil\n"
    entry = AuditEntry.objects.get(action="corpus.synonyms.update")
    assert entry.actor_label == "manage.py knowledge synonyms"


@pytest.mark.django_db
def test_the_command_names_the_bad_lines_and_saves_nothing(tmp_path):
    file = tmp_path / "synonyms.txt"
    file.write_text("celular, cel\nbroken\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="nothing saved"):
        call_command("knowledge", "synonyms", "--shop", "tienda", str(file), stderr=err)
    assert "synonyms.txt: line 2:" in err.getvalue()
    assert not SynonymDictionary.objects.exists()
