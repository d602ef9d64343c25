"""Who does an English act verb: the subject before it and its auxiliaries ("we'll
refund", "I can send"), a passive done for this customer ("a full refund has been issued
to you"), a declared state ("consider it refunded"), the team ("our team will contact
you"). ``guards.commitments`` reads the Spanish side and calls this for English."""

from __future__ import annotations

from guards.act_clause import _declared, _joined_to_future, _team_subject
from guards.act_objects import GER, INF, PART, THIRD
from guards.clefts import cleft_en
from guards.verb_groups import (
    _AUX_EN,
    _DECLARE_EN,
    _MODAL_EN,
    _PASSIVE_AUX_EN,
    _SUBJECT_EN,
    _TEAM_EN,
    _WINDOW,
    CUSTOMER,
    PASSIVE,
    SPEAKER,
    STATE_ADVERBS_EN,
    WILLING,
    beneficiary,
    order_number,
    specific_case,
)

_GUESSED_EN = frozenset("would could might may should must".split())


_DO = frozenset(("do", "does", "did"))  # "we do not match": the negation's auxiliary


def read_en(tokens: list[str], index: int, person: str) -> tuple[str, bool] | None:
    if person == INF and index >= 4:
        copula = index - 1 - (tokens[index - 1] == "to")
        if cleft := cleft_en(tokens, copula):
            return cleft  # "what we'll do is refund the fee", "what I can do is…"
    if person == INF and index >= 2 and tokens[index - 1] == "and":
        if (joined := _joined_to_future(tokens, index - 1)) is not None:
            return joined
    if (
        person == PART
        and index >= 2
        and tokens[index - 1] == "and"
        and _shared_perfect(tokens, index)
    ):
        return SPEAKER, False  # "I've checked booking 7810 and extended your rental"
    window = tokens[max(0, index - _WINDOW) : index]
    subject_at = None
    for j in range(len(window) - 1, -1, -1):
        if window[j] in _SUBJECT_EN:
            subject_at = j
            break
        if window[j] in WILLING and window[j + 1 : j + 2] == ["to"]:
            continue  # "we're happy to refund the £25": willing is still the speaker's act
        if window[j] in ("more", "than") and WILLING & set(window[j:]):
            continue  # "we'd be more than happy to refund it"
        if window[j] not in _AUX_EN and not window[j].endswith(("ly", "'ll", "'ve")):
            if window[j] not in ("not", "never") and not window[j].endswith("n't"):
                if not (window[j] in _DO and window[j + 1 : j + 2] in (["not"], ["never"])):
                    break  # a negation stays in the group: "we will not charge", "we won't"
    if subject_at is not None:
        actor = _SUBJECT_EN[window[subject_at]]
        between = window[subject_at + 1 :]
        modal = any(t in _MODAL_EN for t in [window[subject_at], *between])
        # "I'd give them a ring": 'd before a bare verb is "would", advice; acting on the
        # customer it still binds ("we'd refund you straight away")
        modal = modal or (
            person == INF
            and window[subject_at].endswith("'d")
            and not between
            and tokens[index + 1 : index + 2] not in (["you"], ["your"])
        )
        if actor == CUSTOMER:
            # "you'll be refunded", "you'll get a refund" are things done for the customer.
            if person == PART and any(t in ("be", "been", "being", "get") for t in between):
                return PASSIVE, False
            return CUSTOMER, modal
        if person == THIRD:
            return None
        # "we ship nationwide": what the shop does, not a deed ("we'll ship it" is one)
        fused = window[subject_at].endswith(("'ll", "'d"))
        if person == INF and not between and not fused and not specific_case(tokens):
            return None
        return SPEAKER, modal
    if person == PART and _temporal_clause(tokens, index):
        return None  # "the team reviews each claim before the credit is issued": a process
    if person == PART and window:
        # "a full refund has been issued to you", "order 11873 is now cancelled"
        j = len(window) - 1
        while j > 0 and window[j] in STATE_ADVERBS_EN:
            j -= 1
        if window[j].endswith(("'s", "'re")) and _ensured(window[:j]):
            return SPEAKER, False  # "I'll make sure it's approved today": vouched for
        if window[j] in _PASSIVE_AUX_EN and (
            beneficiary(tokens) or order_number(tokens) or _ensured(window[:j])
        ):
            # "the invoice would have been sent then": a guess at what happened, not a
            # statement that it did
            return PASSIVE, j >= 2 and window[j - 1] == "have" and window[j - 2] in _GUESSED_EN
    if person == INF and tokens[:index][-2:] in (["happy", "to"], ["glad", "to"]) and index == 2:
        return SPEAKER, False  # "Happy to match —": "I'm" left out
    if person == PART and _declared(tokens, index, _DECLARE_EN):
        return SPEAKER, False  # "consider it refunded": the speaker declares it done
    if person == PART and (caused := _causative(window)) is not None:
        return caused  # "I'll have the full amount refunded to you"
    if window and (_team_subject(tokens, index, _TEAM_EN) or _agent_subject(tokens, index)):
        aux = set(window[-3:])
        # "I'm passing you to a colleague — they'll reschedule it": the person's future
        future = aux & {"will", "'ll", "shall"} or any(t.endswith("'ll") for t in aux)
        if person in (INF, THIRD) and future:
            return SPEAKER, bool(aux & {"able", *_MODAL_EN})  # "our team will contact you"
        if person == PART and aux & {"has", "have", "'s"}:
            return SPEAKER, False  # "our returns team has arranged…"
        if person == GER and aux & {"is", "are", "'s", "'re"}:
            return SPEAKER, False  # "the team is already preparing the replacement"
    return None  # an imperative, or someone else's act


_CAUSE = frozenset(("have", "get"))
_OBJECT_STOP = frozenset(("be", "been", "being", "is", "are", "was", "were", "and", "to"))


def _causative(window: list[str]) -> tuple[str, bool] | None:
    """The speaker has a thing done: "have / get" + its object (one to four words) + the
    participle, the subject I / we before it with only auxiliaries between ("I'll have
    the amount refunded", "we can get that refund processed today"). "I have refunded"
    has no object between, a perfect the subject reading takes."""
    for k in range(len(window) - 2, -1, -1):
        if window[k] not in _CAUSE:
            continue
        thing = window[k + 1 :]
        if not 1 <= len(thing) <= 4 or _OBJECT_STOP & set(thing):
            return None
        j = k - 1
        while j >= 0 and (window[j] in _AUX_EN or window[j] == "personally"):
            j -= 1
        if j >= 0 and _SUBJECT_EN.get(window[j]) == SPEAKER:
            between = window[j:k]
            return SPEAKER, any(t in _MODAL_EN for t in between)
        return None
    return None


def _ensured(before: list[str]) -> bool:
    """The speaker vouches for the passive: "I'll make sure it's approved today"."""
    for at in range(len(before) - 1):
        if before[at : at + 2] == ["make", "sure"] or before[at] == "ensure":
            head = [t for t in before[max(0, at - 3) : at] if t not in ("will", "personally")]
            return bool(head) and _SUBJECT_EN.get(head[-1]) == SPEAKER
    return False


def _temporal_clause(tokens: list[str], index: int) -> bool:
    """The participle is a present passive inside a clause of time that opens with its
    own subject: "before the credit is issued", "until a refund is approved" frame a
    step of how things are done; they assert no deed for this customer."""
    head = tokens[max(0, index - 8) : index]
    aux = 0  # "is", "are", or a perfect "has been": "until the return has been processed"
    while head and head[-1] in _PASSIVE_CHAIN and aux < 2:
        head, aux = head[:-1], aux + 1
    if len(head) < 2 or not aux:
        return False
    # the link, a determiner, one or two nouns, then the auxiliaries
    return any(
        token in _TIME_LINKS and head[at + 1] in _DETERMINERS and len(head) - at in (3, 4)
        for at, token in enumerate(head[:-1])
    )


_PASSIVE_CHAIN = frozenset("is are has have been".split())


_TIME_LINKS = frozenset("before after until once when whenever".split())
_DETERMINERS = frozenset("the a an any each every".split())


_PERFECT_SUBJECTS = frozenset("i've we've".split())
_OTHER_SUBJECTS = frozenset("you they he she it you've they've".split())


def _shared_perfect(tokens: list[str], index: int) -> bool:
    """A participle after "and" shares the speaker's perfect said before it, within a
    few words and no other subject between: "I've checked it and extended it"."""
    for token in reversed(tokens[max(0, index - 9) : index - 1]):
        if token in _PERFECT_SUBJECTS:
            return True
        if token in _OTHER_SUBJECTS or token in ("and", "but", "so"):
            return False
    return False


# The shop's own worker named by the agent noun of a trade, right after "the / our /
# your": "the surveyor will call you", "our painter has booked…" (not the customer).
_AGENT_ENDINGS = ("or", "er", "ist")
_AGENT_DETERMINERS = frozenset("the our your".split())
_NOT_AGENTS = frozenset("customer other another".split())


def _agent_subject(tokens: list[str], index: int) -> bool:
    start = max(0, index - 6)
    for at in range(start + 1, index):
        noun = tokens[at]
        if (
            tokens[at - 1] in _AGENT_DETERMINERS
            and len(noun) >= 7
            and noun.endswith(_AGENT_ENDINGS)
            and noun not in _NOT_AGENTS
        ):
            return True
    return False
