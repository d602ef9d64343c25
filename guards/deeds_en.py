"""The English half of the deeds reader (``guards.deeds``): a verb group conjugated
for the speaker in a deed tense ("I've swapped", "we'll send", "I'm arranging", "I
went ahead and removed"), and the talk verbs that make a deed of what follows ("I'll
make sure…", "I've let the courier know")."""

from __future__ import annotations

from guards.act_clause import _free_manner, into_an_order
from guards.third_parties import spoke_with_someone, tells_someone_en, with_a_third_party

# Verbs about the conversation itself, not deeds for the customer.
TALK_EN = frozenset(
    "check checked checking look looked looking see seen saw find found understand "
    "understood apologise apologised apologize apologized hope hoped recommend suggest propose "
    "explain explained tell told say said confirm confirmed note noted notice noticed "
    "receive received know knew known think thought believe want love help helped reply "
    "replied respond review reviewed verify verified read appreciate mention mentioned "
    "be been being have had get got gotten go gone need like sorry afraid glad happy "
    "able pull pulled search searched track tracked trace traced locate located double "
    "include included list listed share shared attach attached copy quote quoted ask "
    "asked take taking make made do did done keep kept let try tried give given "
    "seeing hear heard discuss discussed discussing talk talked talking chat chatted "
    "chatting speak spoke spoken speaking "
    # aspect, not a deed: "we stopped selling it", the range, not an act for the case
    "stop stopped quit".split()
)
_SUBJECTS_EN = frozenset("i we".split())


_CONTRACTED_EN = frozenset("i've we've i'll we'll i'm we're".split())
_AUX_EN = frozenset("will shall have has am are going to just already now also".split())
_AUX_EN |= frozenset("gone went ahead and be been personally re".split())
# Participles not in "-ed" / "-en" (closed class): "I've re-run", "we've sent"; "we
# have gift cards" is no perfect.
_IRREGULAR_PERFECT_EN = frozenset(
    "run held sent spent kept left built lent put set cut got lost bought brought caught "
    "taught thought dealt meant paid made done told sold reset resent split shut".split()
)


_IRREGULAR_PAST_EN = _IRREGULAR_PERFECT_EN - {"run", "done"}


def _participle_en(token: str) -> bool:
    return token in _IRREGULAR_PERFECT_EN or (
        token.endswith(("ed", "en")) and not token.endswith("ment")
    )


# Adverbs and "went ahead and" before a simple past leave it a simple past ("I went
# ahead and removed the lamp", "I just moved it").
_PAST_LEAD_EN = frozenset("just already also personally went ahead and now".split())
_WINDOW = 5


# Talk verbs that make a deed of what follows: "I'll make sure the courier calls you",
# "I'll get someone from the team to call you".
_CAUSE_EN = {"make": ("sure", "certain"), "get": ("to",), "have": ("to",)}
# Talk verbs that give a thing when it goes free ("we'll do a free reprint", "we'll make
# you a free engraving").
_GIVING_EN = frozenset("include included give given throw add added do make".split())
# What follows "and" when it starts a new subject rather than a second verb.
_NOT_VERBS_EN = frozenset(
    "you your i we it they he she the a an that this then so if also thanks".split()
)


def deed_en(tokens: list[str], index: int) -> bool:
    token = tokens[index]
    if token in _CAUSE_EN and index >= 1:
        after = tokens[index + 1 : index + 6]
        if any(word in after for word in _CAUSE_EN[token]) and _speaker_future(tokens, index):
            return True
    if (
        token == "sure"
        and tokens[index - 1 : index] == ["be"]
        and tokens[index + 1 : index + 2] == ["to"]
        and _speaker_future(tokens, index - 1)
    ):
        # "we'll be sure to unlock your account": the verb after "to" is the deed
        verb = tokens[index + 2] if index + 2 < len(tokens) else ""
        return len(verb) > 2 and verb not in TALK_EN and verb not in _AUX_EN
    if token in _CAUSATIVE_EN and _speaker_future(tokens, index) and _done_by_others(tokens, index):
        return True  # "I'll get the missing rain fly dispatched to you"
    if token == "let" and lets_someone_know(tokens, index):
        return _speaker_did(tokens, index)
    if token in _ASKING_EN and _asks_someone_to(tokens, index):
        return _speaker_did(tokens, index) or _speaker_future(tokens, index)
    if token in _GIVING_EN and (_free_manner(tokens, index) or into_an_order(tokens, index)):
        pass  # "we'll include a second puzzle free", "… a matching outfit with your order"
    elif (
        (
            token in TALK_EN
            and not with_a_third_party(tokens, index)
            and not tells_someone_en(tokens, index)
            and not spoke_with_someone(tokens, index)
        )
        or len(token) < 3
        or token in _AUX_EN
        or token in _SUBJECTS_EN
    ):
        return False
    if (
        index >= 2
        and tokens[index - 1] == "and"
        and token not in _NOT_VERBS_EN
        and _speaker_future(tokens, index - 1)
    ):
        # "I'll keep an eye on it and message you": the second verb of the promise
        return not token.endswith(("ly", "s"))
    j = index - 1
    aux = []
    while j >= 0 and index - j <= _WINDOW and (tokens[j] in _AUX_EN or tokens[j].endswith("ly")):
        aux.append(tokens[j])
        j -= 1
    subject = tokens[j] if j >= 0 else ""
    if subject in _CONTRACTED_EN:
        contracted = subject.split("'")[1]
        if contracted in ("ve",):
            return _participle_en(token)
        if contracted == "ll":
            return not aux or aux == ["just"] or aux[-1:] == ["also"]
        return token.endswith("ing") or "going" in aux
    if subject in _SUBJECTS_EN:
        if set(aux) <= _PAST_LEAD_EN:
            # "I cancelled it", "I went ahead and removed it", "I split order 9297"
            return token.endswith("ed") or token in _IRREGULAR_PAST_EN
        if {"have", "has"} & set(aux):
            return _participle_en(token)
        if "will" in aux or "shall" in aux:
            return True
        if {"am", "are"} & set(aux):
            return token.endswith("ing") or "going" in aux
    return False


# "get / have something done": the speaker causes an act that others perform.
_CAUSATIVE_EN = frozenset(("get", "have"))
_IRREGULAR_PARTICIPLES_EN = frozenset("sent sent out done made put shown brought".split())


def _done_by_others(tokens: list[str], index: int) -> bool:
    """An object of one to four words, then a participle: "get it sent", "have the
    replacement dispatched"; "have to", "get back to you" are not causatives."""
    after = tokens[index + 1 : index + 9]
    if not after or after[0] in ("to", "back", "in", "you"):
        return False
    if after[0] == "your" and tokens[index] != "have":
        return False  # "get your refund" is the customer's; "have your money returned" not
    if after[0] in ("a", "an"):  # "get a prepaid label sent", not "get a refund"
        after = after[1:]
    # the object is a noun phrase ("a fresh copy of the invoice"): no person in it, as
    # in "have a look at the order you placed"
    for at, w in enumerate(after[1:], start=1):
        if w in _IN_THE_CHAT or w in ("i", "we", "it's", "and"):
            return False
        if len(w) > 3 and (w.endswith("ed") or w in _IRREGULAR_PARTICIPLES_EN):
            return at <= 6
    return False


_ASKING_EN = frozenset("ask asked told tell".split())
_IN_THE_CHAT = frozenset("you me us".split())


def _asks_someone_to(tokens: list[str], index: int) -> bool:
    """ "asked them to keep it at the depot", "told the driver to call": someone outside
    the chat asked to act; "asked you to send a photo" is the customer's part."""
    after = tokens[index + 1 : index + 6]
    if not after or after[0] in _IN_THE_CHAT or "to" not in after[1:]:
        return False
    at = after.index("to", 1)
    return at + 1 < len(after) and after[at + 1] not in ("the", "a", "your", "you", "me", "us")


def lets_someone_know(tokens: list[str], index: int) -> bool:
    """ "let the courier know", "let our warehouse team know": a third party told, not
    "let me know" nor "let you know" (what the speaker tells the customer)."""
    after = tokens[index + 1 : index + 6]
    if "know" not in after or after[:1] in (["me"], ["you"], ["us"]):
        return False
    return "you" not in after[: after.index("know")]


def _speaker_did(tokens: list[str], index: int) -> bool:
    """ "I've / we've / I / we (have) (just) let…" a few words before ``index``."""
    for j in range(index - 1, max(-1, index - 4), -1):
        if tokens[j] in ("i've", "we've", "i", "we", "i'll", "we'll"):
            return True
        if tokens[j] not in _AUX_EN and not tokens[j].endswith("ly"):
            return False
    return False


def _speaker_future(tokens: list[str], index: int) -> bool:
    """ "I'll" / "we'll" / "I will" a few words before ``index``, in the same clause."""
    for j in range(index - 1, max(-1, index - 9), -1):
        if tokens[j] in ("i'll", "we'll"):
            return True
        if tokens[j] in ("will", "shall") and j >= 1 and tokens[j - 1] in _SUBJECTS_EN:
            return True
    return False
