"""What the Unanswered page reads: the customers' questions the desk did not
answer from the documents, grouped by what they ask, with the chunks nearest each
group and whether the search answers each question now.

A question is listed when its turn is done and either retrieved no chunk while no
tool answered it (an order-status question answered from the order is not a gap in
the documents), or handed the conversation to a person. There is no "badly
answered" mark in the project, so that source is not read (see the README).

Grouping is greedy, newest first: a question joins the first group of the same
shop whose first (newest) question's embedding — the configured embedder's query
embedding — reaches ``SUPPORT_UNANSWERED_GROUP_COSINE``; otherwise it starts a
group. Groups come newest first."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from knowledge.embedders import get_embedder
from knowledge.language import detect_language
from knowledge.models import Document
from knowledge.search import QueryError, SearchHit, hybrid_search, search_with_candidates
from support import conf
from support.models import Turn

NEAREST = 3


class Why:
    NOTHING = "nothing retrieved"
    HANDED_OFF = "handed off"


@dataclass(frozen=True)
class Question:
    message_id: int
    text: str
    shop: str
    asked_at: datetime
    why: str
    conversation: str  # the conversation's public id
    language: str = ""  # the conversation's (es / en), else detected from the question


@dataclass(frozen=True)
class NearChunk:
    source: str
    question: str
    score: float  # the blended similarity (cosine) the relevance policy reads
    version: int  # the document's version the page shows (the stale-edit rule)

    @property
    def slug(self) -> str:
        return self.source.partition("#")[0]


@dataclass
class QuestionNow:
    question: Question
    answered_by: list[str]  # the chunks the search returns now ([]: still nothing)


@dataclass
class Group:
    questions: list[QuestionNow] = field(default_factory=list)
    nearest: list[NearChunk] = field(default_factory=list)

    @property
    def key(self) -> int:
        """The group's id on the page: its newest question's message id."""
        return self.questions[0].question.message_id

    @property
    def shop(self) -> str:
        return self.questions[0].question.shop

    @property
    def answered_count(self) -> int:
        return sum(1 for q in self.questions if q.answered_by)


def unanswered_questions(*, limit: int | None = None) -> list[Question]:
    """The newest questions that got no chunk or were handed off, newest first."""
    limit = limit or int(conf.get("SUPPORT_UNANSWERED_LIMIT"))
    turns = (
        Turn.objects.filter(status=Turn.Status.DONE)
        .select_related("message", "conversation")
        .order_by("-created_at", "-id")
    )
    found: list[Question] = []
    for turn in turns.iterator(chunk_size=200):
        if turn.action == Turn.Action.HANDED_OFF:
            why = Why.HANDED_OFF
        elif not turn.retrieved and not turn.tool_calls:
            why = Why.NOTHING
        else:
            continue
        found.append(
            Question(
                message_id=turn.message_id,
                text=turn.message.text,
                shop=turn.conversation.shop,
                asked_at=turn.created_at,
                why=why,
                conversation=turn.conversation.public_id,
                language=turn.conversation.language or detect_language(turn.message.text),
            )
        )
        if len(found) >= limit:
            break
    return found


def group_questions(questions: list[Question], *, threshold: float | None = None) -> list[Group]:
    """Greedy grouping by cosine (see the module's docstring); no search is run."""
    if not questions:
        return []
    threshold = float(
        conf.get("SUPPORT_UNANSWERED_GROUP_COSINE") if threshold is None else threshold
    )
    vectors = np.asarray(get_embedder().embed_queries([q.text for q in questions]), dtype=float)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    groups: list[Group] = []
    seeds: list[int] = []  # index of each group's first question
    for index, question in enumerate(questions):
        for group, seed in zip(groups, seeds, strict=True):
            same_shop = group.shop == question.shop
            if same_shop and float(vectors[index] @ vectors[seed]) >= threshold:
                group.questions.append(QuestionNow(question, []))
                break
        else:
            groups.append(Group(questions=[QuestionNow(question, [])]))
            seeds.append(index)
    return groups


def with_search(group: Group) -> Group:
    """Fill the group's nearest chunks (the search's candidates for its newest
    question, in the group's shop) and what the search answers each question now
    (the widget's search, as support.customer.turn.retrieve runs it)."""
    try:
        candidates = search_with_candidates(
            group.questions[0].question.text, shop=group.shop or None
        )[1]
    except QueryError:
        candidates = []
    top = sorted(candidates, key=lambda c: c.score, reverse=True)[:NEAREST]
    slugs = {c.source.partition("#")[0] for c in top}  # a candidate's document is its title
    versions = dict(Document.objects.filter(slug__in=slugs).values_list("slug", "version"))
    group.nearest = [
        NearChunk(c.source, c.question, c.semantic, versions.get(c.source.partition("#")[0], 0))
        for c in top
    ]
    for item in group.questions:
        item.answered_by = [
            hit.source for hit in _search_as_the_widget(item.question.text, shop=group.shop)
        ]
    return group


def _search_as_the_widget(question: str, *, shop: str) -> list[SearchHit]:
    # The same call as support.customer.turn.retrieve (the back office does not
    # import the customer path: tests/test_layering.py).
    try:
        return hybrid_search(question, k=conf.get("SUPPORT_RETRIEVAL_K"), shop=shop or None)
    except QueryError:
        return []


def unanswered_groups() -> list[Group]:
    """Every group of the page, searched."""
    return [with_search(group) for group in group_questions(unanswered_questions())]


def unanswered_group(*, message_id: int, searched: bool = True) -> Group | None:
    """The group that holds ``message_id``'s question, searched unless told not to
    (None: not listed)."""
    for group in group_questions(unanswered_questions()):
        if any(q.question.message_id == message_id for q in group.questions):
            return with_search(group) if searched else group
    return None
