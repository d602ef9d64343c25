"""The English phrases the wording guards look for. Data only."""

from __future__ import annotations

from guards.phrasebook_kinds import MACHINERY_EN, TEXT_HEADS_EN, InternalTerm, Phrasebook

ENGLISH = Phrasebook(
    discount=(
        r"discounts?",
        r"\d+\s*%\s*off",
        r"[$€£]\s?\d+(?:[.,]\d+)?\s+off",  # "£5 off orders of £25 or more"
        r"vouchers?",
        r"coupons?",
        r"for\s+free",
        r"free\s+of\s+charge",
        r"(?:\pL+'s|is|are)\s+on\s+me",  # "delivery's on me this time"
        r"(?:my|our)\s+treat",  # "shipping to Honolulu is my treat this time"
        r"on\s+(?:us|the\s+house)",  # "your first year is on us"
        r"complimentary",
        r"(?:is|are|be|get\s+a|a|comes?|came)\s+free",  # "comes free with it": as "is free"
        r"free\s+(?:delivery|shipping|gift|case|month)",
        r"waive",
        r"price\s+reduction",
        r"reduced\s+price",
        r"store\s+credit",
        r"special\s+price",
        r"knock\s+off",
        # the amount as the subject: "the $20 will come off your next purchase"
        r"comes?\s+off\s+your\s+(?:\pL+\s+)?(?:order|purchase|bill|total|basket|invoice)",
        r"no\s+charge",
        r"(?:at\s+)?no\s+(?:extra\s+|additional\s+)?cost",
        r"half\s+price",
        r"ships?\s+free",
        r"free\s+(?:\S+\s+){0,2}(?:delivery|shipping|postage|returns?|upgrade|gift)",
        r"buy\s+one\s+get\s+one",
        r"\pL+ed\s+free",  # free as a participle's manner: "included free"
    ),
    compensation=(
        r"as\s+an\s+apology",
        r"to\s+make\s+up\s+for",
        r"to\s+make\s+(?:it|this|things)\s+right",
        r"for\s+the\s+inconvenience",
        r"as\s+compensation",
        r"as\s+a\s+goodwill",
        r"to\s+apologi[sz]e",
        r"as\s+a\s+thank[\s-]*you",
        r"for\s+your\s+patience",
        r"for\s+the\s+wait",
    ),
    refund_promise=(
        r"(?:we|i)\s*(?:will|'ll|shall|are\s+going\s+to|can)\s+(?:now\s+)?refund",
        r"(?:we|i)\s*(?:will|'ll|shall|are\s+going\s+to)\s+(?:pay|give|send)\s+(?:you\s+)?(?:the\s+amount|the\s+money|your\s+money|it)\s+back",
        r"(?:we|i)\s*(?:will|'ll)\s+pay\s+you\s+back",
        # a refund the speaker has others carry out: "we'll get that refund processed"
        r"(?:we|i)\s*(?:will|'ll)\s+(?:get|have)\s+(?:that|the|your|this)\s+refund\s+"
        r"(?:processed|issued|sent|paid)",
        r"(?:we|i)\s*(?:have|'ve)\s+(?:issued|processed|approved)\s+(?:a|the|your)\s+refund",
        r"(?:we\s+are|we're|i\s+am|i'm)\s+refunding",
        r"you\s*(?:will|'ll)\s+(?:get|receive)\s+(?:a\s+full\s+|a\s+|your\s+)?refund",
        r"you\s*(?:will|'ll)\s+(?:get|have)\s+your\s+money\s+back",
        r"your\s+refund\s+(?:is|has\s+been)\s+(?:approved|processed|on\s+its\s+way)",
        r"(?:the|your)\s+(?:money|refund)\s+(?:\S+\s+){0,4}(?:is|'s)\s+on\s+(?:its|the)\s+way",
        r"consider\s+(?:it|this|that|\S+\s+\S+)\s+refunded",
    ),
    refund_topic=(r"refunds?", r"money", r"returns?", r"reimburse\w*"),
    negation=(r"no", r"not", r"never", r"cannot", r"can't", r"won't", r"don't", r"doesn't"),
    internal=(
        InternalTerm(
            r"(?:the|my|our|this)\s+tools?",
            unless_next=("kit", "set", "box", "bag", "chest", "belt", "case"),
        ),
        InternalTerm(
            r"(?:the|our|my)\s+system",
            unless_next=(
                "update",
                "updates",
                "settings",
                "requirements",
                "font",
                "language",
                "memory",
            ),
            # "the system of interchangeable pads": a kind of system, named by its head
            compound_unless=MACHINERY_EN,
        ),
        InternalTerm(r"in\s+the\s+system"),
        InternalTerm(r"(?:the|my)\s+catalog(?:ue)?", needs_cue=True),
        # "a satisfying chunk of iron": a lump, named by its head
        InternalTerm(r"chunks?", compound_unless=TEXT_HEADS_EN),
        InternalTerm(
            r"(?:the|my|these|those)\s+(?:documents?|context|passages?|snippets?|sources?|texts?"
            r"|information|info)\s+(?:they\s+(?:gave|loaded|fed|sent|passed)\s+me|i\s+(?:was|have\s+been|'ve\s+been)\s+(?:given|provided|shown)"
            r"|(?:i\s+)?(?:was\s+)?provided|given\s+to\s+me|i\s+have\s+access\s+to|retrieved"
            r"|i\s+(?:have|can\s+see))"
        ),
        InternalTerm(r"(?:retrieved|provided)\s+(?:documents?|context|passages?|sources?)"),
        InternalTerm(r"(?:in|from|within)\s+my\s+context"),
        InternalTerm(r"(?:the|our|my)\s+(?:[^\W\d_]+\s+)?database"),
        InternalTerm(r"my\s+instructions"),
        InternalTerm(r"(?:my|the|system)\s+prompt"),
        InternalTerm(r"(?:the|my)\s+search\s+(?:results?|tool|returned|shows|did)"),
        InternalTerm(r"results\s+of\s+my\s+search"),
        InternalTerm(r"the\s+api"),
        InternalTerm(r"(?:function|tool)\s+call"),
        InternalTerm(r"(?:the|my)\s+knowledge\s+base"),
        InternalTerm(r"language\s+model"),
    ),
    lookup_cues=(
        r"found",
        r"find",
        r"searched",
        r"shows?",
        r"lists?",
        r"returned",
        r"according\s+to",
        r"says",
        r"i\s+checked",
        r"looked\s+up",
        r"there\s+is\s+no",
        r"isn't",
    ),
    available=(
        r"we\s+have",
        r"we've\s+got",
        r"we\s+carry",
        r"available",
        r"in\s+stock",
        r"yes,",
        r"ships?\s+today",
        r"can\s+ship",
    ),
    unavailable=(
        r"(?:we\s+)?(?:do\s+not|don't)\s+(?:have|carry|stock|sell)",
        r"not\s+available",
        r"unavailable",
        r"out\s+of\s+stock",
        r"sold\s+out",
        r"no\s+longer",
        r"isn't\s+available",
        r"is\s+not\s+in\s+stock",
        r"(?:has|have)\s+no\s+stock",
        r"couldn't\s+find",
        r"could\s+not\s+find",
        r"(?:we're|we\s+are)\s+not\s+(?:carrying|stocking|selling)",
        r"we\s+aren't\s+(?:carrying|stocking|selling)",
    ),
    offer=(
        r"we\s+have",
        r"available",
        r"in\s+stock",
        r"yes,",
        r"ships?",
        r"can\s+send",
        r"we\s+can\s+deliver",
        r"(?:immediate|same-day)\s+delivery",
        r"you\s+can\s+(?:buy|order|get|pick)",
        r"(?:i|we)\s*(?:'ll|\s+will)\s+send|add\s+(?:it\s+|them\s+)?to\s+(?:your\s+)?(?:cart|basket|order)",
        # "I can have them sent out tomorrow": a send the speaker arranges
        r"(?:i|we)\s*(?:'ll|\s+will|\s+can)\s+(?:have|get)\s+(?:it|them)\s+(?:sent|shipped|posted)",
    ),
    warranty=(r"warranty", r"guarantee", r"guaranteed"),
    no_warranty=(
        r"no\s+warranty",
        r"without\s+(?:a\s+)?warranty",
        r"(?:has|comes\s+with)\s+no\s+warranty",
        r"not\s+covered",
    ),
    trade_in=(
        r"trade[-\s]in",
        r"trade\s+it\s+in",
        r"(?:we|we'll|we\s+can|we\s+will)\s+(?:take|buy)\s+your",
        r"(?:give|pay)\s+you\s+\S+\s+for\s+your",
        r"part[-\s]exchange",
    ),
    battery=(r"battery",),
    capacity_units=("gb", "tb", "gigabytes"),
    clause_breaks=(r"but", r"although", r"however", r"whereas", r"instead"),
    stopwords=frozenset(
        "the a an of to in on at for and or is are be it its this that with your you we "
        "our i my me by from as if so do does not no yes can will over under".split()
    ),
)
