"""Guard ``foreign_link``: the draft sends the customer somewhere that is not the shop.

A link is foreign when its host is not one of the turn's ``link_hosts`` (the shop's own
sites: the hosts of the knowledge base's ``source_url`` and ``GUARDS_LINK_HOSTS``) nor a
subdomain of one. Caught: http(s)/ftp URLs (with or without ``//``, with a ``user@``
prefix, a port or a backslash), protocol-relative ``//host`` links, bare domains
(``evil-deals.com``, ``www.x.example``), e-mail addresses that neither the customer
gave nor a trusted source of this turn states, script and data URLs (``javascript:``,
``data:image/…``) and images (Markdown ``![…](…)`` or an ``<img>`` tag: the customer's
browser must not fetch anything on the model's say-so). An address is a fact like a
figure: a plausible ``incidencias@shop.example`` that the model made up sends the
customer's photos and order number to a mailbox nobody reads, on the shop's own domain
too. The shop's own links pass.
"""

from __future__ import annotations

import re

from guards import config, scan
from guards.context import GuardContext
from guards.trust import trusted_strings
from guards.verdicts import Finding

_AUTHORITY = r"([^/\\\s?#<>\"'()\[\]{}|`]*)"
SCHEME_URL = scan.compile(r"(?i)(?:^|[^\pL\pN+.-])(?:https?|ftp|wss?):[/\\]*" + _AUTHORITY)
PROTOCOL_RELATIVE = scan.compile(r"(?:^|[\s(\[<\"'=])//" + _AUTHORITY)
SCRIPT_URL = scan.compile(
    r"(?i)(?:^|[^\pL\pN])(?:java\s*script|vb\s*script|live\s*script)\s*:"
    r"|(?:^|[^\pL\pN])data\s*:\s*[a-z]{2,20}/[a-z0-9.+-]{1,40}"
    r"|(?:^|[^\pL\pN])file:/"
)
IMAGE = scan.compile(r"(?i)!\[[^\]\n]*\]\s*\(|<\s*img(?:$|[^\pL\pN])")
EMAIL = scan.compile(r"(?:^|[^\pL\pN.+_-])([\pL\pN._+-]+@((?:[\pL\pN-]+\.)+\pL+))")
BARE_DOMAIN = scan.compile(
    r"(?:^|[^\pL\pN@._/-])((?:[\pL\pN][\pL\pN-]*\.)+(\pL+))(?:$|[^\pL\pN_@-])"
)
# What each link pattern needs somewhere in the draft: a scheme's colon, a protocol-
# relative "//", an address's "@", a domain's dot before a letter ([^\W\d_] holds every
# letter, \pL, and a few more characters: a wider net only costs the four searches).
# Most drafts have none of them. One stdlib search: a character class and a literal.
_MAY_LINK = re.compile(r"[:@]|//|\.[^\W\d_]")
# Generic top-level domains worth catching in running text (every two-letter
# country domain is caught too, when its label is not a one-letter abbreviation).
GENERIC_TLDS = frozenset(
    """com net org info biz io co ai app dev xyz top site online shop store club live link
    click me ly gl to gg tv cc ws fm la pro name mobi page blog cloud tech digital email
    gift deals sale promo win bid icu buzz vip work tk ml ga cf gq pw su ru cn example test
    invalid local localhost onion""".split()
)


def check_foreign_link(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Reject a draft with a link, address or image the customer should not get."""
    draft = ctx.draft
    if IMAGE.search(draft):
        return Finding(detail="an image in the draft: the reply must not load anything")
    if SCRIPT_URL.search(draft):
        return Finding(detail="a script or data URL in the draft")
    linked = _linked_hosts(draft, ctx)
    if not linked:
        return None
    allowed = allowed_hosts(ctx)
    for host in sorted(linked):
        if not host_allowed(host, allowed):
            if host.startswith("@"):
                return Finding(
                    detail=f"gives an e-mail address on {host[1:]} that neither the customer "
                    "nor a source of this turn gave"
                )
            shown = host or "(no host)"
            return Finding(detail=f"links to {shown}, which is not the shop's own site")
    return None


def allowed_hosts(ctx: GuardContext) -> frozenset[str]:
    """The shop's own hosts, and the host of a retrieved document whose source is its
    address (a document imported from a page links to that page's site)."""
    hosts = {*ctx.link_hosts, *config.link_hosts()}
    for chunk in ctx.retrieved:
        if chunk.source.startswith(("https://", "http://")):
            hosts.add(_host_of(chunk.source.split("://", 1)[1].split("/", 1)[0]))
    return frozenset(h for h in (normalise_host(h) for h in hosts) if h)


def normalise_host(host: str) -> str:
    host = host.strip().lower().rstrip(".")
    return host[4:] if host.startswith("www.") else host


def host_allowed(host: str, allowed: frozenset[str]) -> bool:
    host = normalise_host(host)
    return bool(host) and any(host == a or host.endswith("." + a) for a in allowed)


def _linked_hosts(draft: str, ctx: GuardContext) -> set[str]:
    hosts: set[str] = set()
    if not _MAY_LINK.search(draft):
        return hosts  # none of the four patterns below can match: four searches saved
    for match in SCHEME_URL.finditer(draft):
        hosts.add(_host_of(match.group(1)))
    for match in PROTOCOL_RELATIVE.finditer(draft):
        host = _host_of(match.group(1))
        if "." in host:
            hosts.add(host)
    for match in EMAIL.finditer(draft):
        if not _address_backed(match.group(1).lower(), ctx):
            hosts.add("@" + match.group(2).lower())
    for match in BARE_DOMAIN.finditer(draft):
        domain, tld = match.group(1), match.group(2)
        if _looks_like_domain(domain, tld):
            hosts.add(domain.lower())
    return hosts


def _host_of(authority: str) -> str:
    host = authority.rsplit("@", 1)[-1]
    host = host.split(":", 1)[0]
    # The sentence's own punctuation after a link ("… on https://www.shop.com, where …")
    # is no part of the host: no host name ends in a comma, semicolon or mark.
    return host.strip().lower().rstrip(".,;!?")


def _looks_like_domain(domain: str, tld: str) -> bool:
    """A bare ``word.tld`` is a domain when the TLD is written in lower case and is a
    known generic one, or a country code after a label of two letters or more
    (so "p.ej", "S.A." or "días.Si" are not domains)."""
    if domain.lower().startswith("www."):
        return True
    if tld != tld.lower() or not 2 <= len(tld) <= 24:
        return False
    if tld in GENERIC_TLDS:
        return True
    labels = domain.split(".")
    return len(tld) == 2 and len(labels[-2]) >= 2 and labels[-2].lower() == labels[-2]


def _address_backed(address: str, ctx: GuardContext) -> bool:
    """The customer wrote the address, or a chunk or tool output of this turn that
    carries no instructions to the assistant states it."""
    if address in "\n".join(ctx.customer_texts()).lower():
        return True
    return any(address in text.lower() for text in trusted_strings(ctx) if text)
