"""The words for the kinds of orders, builds, structures, edicts and treaties inside players'
texts (a ledger line's "refund: cancelled raise", a picture's legend): in English the kind's
value as the API writes it, in French a word (texts.po)."""

from app.rules.texts import Text, _

_KINDS: dict[str, Text] = {
    # orders (app/store/models/orders.OrderKind)
    "move": _("move"),
    "build": _("build"),
    "raise": _("raise"),
    "upgrade": _("upgrade"),
    "recruit": _("recruit"),
    "faction_action": _("faction_action"),
    "entrench": _("entrench"),
    # builds and structures (BuildKind, StructureKind)
    "city": _("city"),
    "found_city": _("found_city"),
    "port": _("port"),
    "outpost": _("outpost"),
    "upgrade_city": _("upgrade_city"),
    # edicts and treaties (EdictKind, TreatyKind)
    "embassy": _("embassy"),
    "pact": _("pact"),
    "alliance": _("alliance"),
    "exploration": _("exploration"),
    "trade": _("trade"),
    "vassalage": _("vassalage"),
    "release_prisoner": _("release_prisoner"),
    "gift": _("gift"),
}


def kind_text(kind: str) -> str:
    """The word for `kind`, said in the reader's language where it is said (the value itself
    for a kind this table does not know)."""
    return _KINDS.get(kind, kind)
